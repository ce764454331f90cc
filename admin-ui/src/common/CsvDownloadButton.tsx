import { Alert, Button, Stack } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation } from '@tanstack/react-query';
import { saveFile } from '@/common/saveFile';
import { errorMessage } from '@/providers/httpClient';

/** A spreadsheet download (students, a class roster): the file is saved under the name the server gave it. */
export function CsvDownloadButton({
  label,
  accessibleLabel,
  fetchFile,
}: {
  label: string;
  accessibleLabel?: string;
  fetchFile: () => Promise<{ blob: Blob; name: string }>;
}) {
  const download = useMutation({ mutationFn: fetchFile, onSuccess: (file) => saveFile(file.blob, file.name) });
  return (
    <Stack spacing={1} alignItems="flex-start">
      <Button
        variant="outlined"
        size="small"
        startIcon={<DownloadIcon />}
        onClick={() => download.mutate()}
        disabled={download.isPending}
        aria-label={accessibleLabel}
      >
        {download.isPending ? 'Preparing...' : label}
      </Button>
      {download.error && <Alert severity="error">{errorMessage(download.error, 'Failed to download the file. Please try again')}</Alert>}
    </Stack>
  );
}
