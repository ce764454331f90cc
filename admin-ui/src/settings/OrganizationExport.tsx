import { Alert, Button, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { saveFile } from '@/common/saveFile';
import { errorMessage } from '@/providers/httpClient';
import type { AppDataProvider } from '@/providers/dataProvider';
import { SettingsSection } from '@/settings/SettingsSection';

/** The organization's whole export (GET /api/export): one ZIP of CSV files and organization.json. */
export function OrganizationExport() {
  const dp = useDataProvider<AppDataProvider>();
  const download = useMutation({
    mutationFn: () => dp.downloadOrganizationExport(),
    onSuccess: (file) => saveFile(file.blob, file.name),
  });
  return (
    <SettingsSection title={<>Your organization&apos;s data</>} maxWidth={640}>
      <Typography color="text.secondary">
        Download everything Classlane holds for your organization: classes, sessions, students, enrollments, payments, refunds, attendance,
        session notes, waitlists, messages, ratings and activity, as CSV files and one JSON file in a ZIP. The download is recorded in the
        activity log.
      </Typography>
      {download.error && <Alert severity="error">{errorMessage(download.error, 'Failed to download the export. Please try again')}</Alert>}
      <Stack direction="row">
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => download.mutate()} disabled={download.isPending}>
          {download.isPending ? 'Preparing download...' : 'Download export (ZIP)'}
        </Button>
      </Stack>
    </SettingsSection>
  );
}
