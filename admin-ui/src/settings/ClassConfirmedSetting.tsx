import { useState } from 'react';
import { Alert, FormControlLabel, Paper, Stack, Switch, Typography } from '@mui/material';
import { useSaveAction } from '@/common/useSaveAction';
import { useOwnOrganization } from '@/providers/queries';
import { useAppDataProvider } from '@/providers/dataProvider';

/**
 * The organization's switch for 'Your class is on': when a class reaches its minimum at its go/no-go
 * time, its students are emailed that it will run. Off by default. Saved as soon as it is flipped.
 */
export function ClassConfirmedSetting() {
  const dp = useAppDataProvider();
  const org = useOwnOrganization();
  const { busy, success, error, run } = useSaveAction('Failed to save the setting. Please try again');
  // Shown at once while it saves; the saved value takes over after the reload.
  const [saving, setSaving] = useState<boolean | null>(null);
  if (!org.data) return null;
  const on = saving ?? (org.data.settings as { classConfirmedMessages?: boolean } | undefined)?.classConfirmedMessages === true;

  const toggle = async (next: boolean) => {
    if (!org.data) return;
    const { id, name } = org.data;
    setSaving(next);
    await run(async (saved) => {
      await dp.saveClassConfirmedMessages(id, name, next);
      saved(next ? "'Your class is on' messages are on." : "'Your class is on' messages are off.");
      await org.refetch();
    });
    setSaving(null);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 640, mt: 3 }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          Minimum enrolment
        </Typography>
        <Typography color="text.secondary">
          A class with a minimum is decided at its go/no-go time. When it has enough students, its students can be told that the class will
          run.
        </Typography>
        <FormControlLabel
          control={<Switch checked={on} disabled={busy} onChange={(e) => void toggle(e.target.checked)} />}
          label="Email students 'Your class is on' when their class is confirmed"
        />
        {success && <Alert severity="success">{success}</Alert>}
        {error && <Alert severity="error">{error}</Alert>}
      </Stack>
    </Paper>
  );
}
