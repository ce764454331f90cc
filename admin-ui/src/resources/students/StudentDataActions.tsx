import { useState } from 'react';
import { Alert, Button, CircularProgress, DialogContentText, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useRefresh } from 'react-admin';
import { fullName } from '@/common/format';
import { FormDialog } from '@/common/FormDialog';
import { saveFile } from '@/common/saveFile';
import { useTimedMessage } from '@/common/useTimedMessage';
import { errorMessage } from '@/providers/httpClient';
import type { AppDataProvider } from '@/providers/dataProvider';
import type { Student } from '@/providers/types';

/** The word typed to confirm an erasure. */
export const ERASE_WORD = 'ERASE';

/** A file name for a student's export: their name (letters and digits only) and the day. */
export function studentExportName(s: Pick<Student, 'firstName' | 'lastName'>, day = new Date()): string {
  const slug = `${s.firstName}-${s.lastName}`
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9-]+/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return `student-export_${slug || 'student'}_${day.toISOString().slice(0, 10)}.json`;
}

/**
 * A student's personal data: download everything the organization holds about them as
 * JSON, or erase it. Erasure anonymises the person and keeps the money and attendance records; it asks for the
 * word ERASE typed first, as it cannot be undone.
 */
export function StudentDataActions({ record }: { record: Student }) {
  const dp = useDataProvider<AppDataProvider>();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const [done, setDone] = useTimedMessage(3000);
  const erased = record.status === 'erased';

  const exportData = useMutation({
    mutationFn: () => dp.exportStudent(record.id),
    onSuccess: (data) => saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), studentExportName(record)),
  });
  const erase = useMutation({
    mutationFn: () => dp.eraseStudent(record.id),
    onSuccess: () => {
      setConfirming(false);
      setTyped('');
      setDone("Personal data erased. The enrollments, payments, refunds and attendance are kept under 'Erased Student'.");
      refresh();
    },
  });
  const close = () => {
    if (erase.isPending) return;
    setConfirming(false);
    setTyped('');
    erase.reset();
  };

  return (
    <>
      <Typography variant="subtitle2">Personal data</Typography>
      <Typography variant="body2" color="text.secondary" mt={0.5}>
        {erased
          ? "This student's personal data was erased. Their enrollments, payments and attendance are kept."
          : 'Download everything your organization holds about this student, or erase their personal data on request.'}
      </Typography>
      <Stack direction="row" spacing={1} mt={1} flexWrap="wrap" useFlexGap>
        <Button
          variant="outlined"
          size="small"
          startIcon={exportData.isPending ? <CircularProgress size={16} /> : <DownloadIcon />}
          onClick={() => exportData.mutate()}
          disabled={exportData.isPending}
        >
          Export data
        </Button>
        {!erased && (
          <Button variant="outlined" size="small" color="error" startIcon={<PersonOffIcon />} onClick={() => setConfirming(true)}>
            Erase personal data
          </Button>
        )}
      </Stack>
      {exportData.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(exportData.error, 'Failed to export the student’s data. Please try again')}
        </Alert>
      )}
      {done && (
        <Alert severity="success" role="status" sx={{ mt: 1 }}>
          {done}
        </Alert>
      )}
      <FormDialog
        open={confirming}
        title="Erase personal data"
        onClose={close}
        busy={erase.isPending}
        error={erase.error ? errorMessage(erase.error, 'Failed to erase the student’s data. Please try again') : null}
        maxWidth="xs"
        submitColor="error"
        submitLabel="Erase"
        submitDisabled={typed.trim() !== ERASE_WORD}
        onSubmit={() => erase.mutate()}
      >
        <DialogContentText>
          {fullName(record)}&apos;s name, email and phone are replaced with &apos;Erased Student&apos;, the details typed at their
          registrations are cleared and the messages sent to them are deleted. Their enrollments, payments, refunds, attendance and ratings
          stay, without their name. This cannot be undone.
        </DialogContentText>
        <TextField
          autoFocus
          label={`Type ${ERASE_WORD} to confirm`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          disabled={erase.isPending}
        />
      </FormDialog>
    </>
  );
}
