import { useId, type ReactNode } from 'react';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { errorMessage } from '@/providers/httpClient';

/**
 * One section of a settings tab: an outlined panel whose heading names it for screen readers, an optional button
 * beside the heading (e.g. 'New API key'), then the section's own content.
 */
export function SettingsSection({
  title,
  action,
  maxWidth,
  children,
}: {
  title: ReactNode;
  action?: ReactNode;
  maxWidth?: number;
  children: ReactNode;
}) {
  const headingId = useId();
  const heading = (
    <Typography variant="h6" component="h2" id={headingId}>
      {title}
    </Typography>
  );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth }} component="section" aria-labelledby={headingId}>
      <Stack spacing={2}>
        {action ? (
          <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap" gap={1}>
            {heading}
            {action}
          </Stack>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The foot of a settings form: the saved notice, the server's refusal in words (`failure` when it gave none), then the
 * save button, which reads 'Saving...' and cannot be pressed again while the call runs.
 */
export function SaveRow({
  label,
  onSave,
  saving,
  disabled = false,
  success,
  error,
  failure,
}: {
  label: string;
  onSave: () => void;
  saving: boolean;
  disabled?: boolean;
  success?: string | null;
  error?: unknown;
  failure: string;
}) {
  return (
    <>
      {success && <Alert severity="success">{success}</Alert>}
      {error ? <Alert severity="error">{errorMessage(error, failure)}</Alert> : null}
      <Stack direction="row">
        <Button variant="contained" onClick={onSave} disabled={saving || disabled}>
          {saving ? 'Saving...' : label}
        </Button>
      </Stack>
    </>
  );
}
