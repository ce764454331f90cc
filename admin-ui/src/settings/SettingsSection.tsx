import { useId, type ReactNode } from 'react';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';

/**
 * One section of a settings tab: an outlined panel whose heading names it for screen readers, an optional button
 * beside the heading (e.g. 'New API key'), then the section's own content. `id`: the section's anchor, for links
 * from other screens.
 */
export function SettingsSection({
  title,
  action,
  maxWidth,
  id,
  children,
}: {
  title: ReactNode;
  action?: ReactNode;
  maxWidth?: number;
  id?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  const heading = (
    <Typography variant="h6" component="h2" id={headingId}>
      {title}
    </Typography>
  );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth }} component="section" aria-labelledby={headingId} id={id}>
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

/** Where a settings form's save stands: running, just saved (the notice), or refused (the reason in words). */
export interface SaveStatus {
  saving: boolean;
  success?: string | null;
  error?: string | null;
}

/** The foot of a settings form: the saved notice, the refusal, then the save button ('Saving...' while the call runs). */
export function SaveRow({
  label,
  onSave,
  disabled = false,
  status,
}: {
  label: string;
  onSave: () => void;
  disabled?: boolean;
  status: SaveStatus;
}) {
  return (
    <>
      {status.success && <Alert severity="success">{status.success}</Alert>}
      {status.error && <Alert severity="error">{status.error}</Alert>}
      <Stack direction="row">
        <Button variant="contained" onClick={onSave} disabled={status.saving || disabled}>
          {status.saving ? 'Saving...' : label}
        </Button>
      </Stack>
    </>
  );
}
