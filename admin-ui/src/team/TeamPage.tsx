import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import {
  Alert,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import DeleteIcon from '@mui/icons-material/Delete';
import { useFetch, useTimedMessage } from '@/common/useFetch';
import { ConfirmDialog } from '@/common/ConfirmDialog';
import { fullName } from '@/common/format';
import { errorMessage } from '@/providers/httpClient';
import { useSession } from '@/session/SessionContext';
import type { AppDataProvider } from '@/providers/dataProvider';
import type { TeamUser } from '@/providers/types';

interface InviteValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: 'teacher' | 'admin';
}
const EMPTY: InviteValues = { firstName: '', lastName: '', email: '', password: '', role: 'teacher' };

function validateInvite(v: InviteValues): Partial<Record<keyof InviteValues, string>> {
  const e: Partial<Record<keyof InviteValues, string>> = {};
  if (!v.firstName.trim()) e.firstName = 'First name is required';
  if (!v.lastName.trim()) e.lastName = 'Last name is required';
  if (!v.email.trim()) e.email = 'Email is required';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())) e.email = 'Please enter a valid email address';
  if (!v.password) e.password = 'Password is required';
  else if (v.password.length < 6) e.password = 'Password must be at least 6 characters long';
  return e;
}

/** Team (/admin/team): the organization's admins and teachers; invite and remove teachers. */
export default function TeamPage() {
  const dp = useDataProvider<AppDataProvider>();
  const { user } = useSession();
  const users = useFetch('team', (d) => d.getUsers());
  const [inviteOpen, setInviteOpen] = useState(false);
  const [values, setValues] = useState<InviteValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof InviteValues, string>>>({});
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TeamUser | null>(null);
  const [success, setSuccess] = useTimedMessage(3000);
  const [error, setError] = useState<string | null>(null);

  const invite = async () => {
    const found = validateInvite(values);
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      const created = await dp.inviteUser({
        ...values,
        email: values.email.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
      });
      setInviteOpen(false);
      setSuccess(`${fullName(created)} can now sign in as a ${created.role}. Share the temporary password with them.`);
      await users.reload();
    } catch (e) {
      const errs = (e as { body?: { errors?: Record<string, string> } }).body?.errors;
      if (errs) setErrors(errs as typeof errors);
      setFormError(errorMessage(e, 'Failed to add team member'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await dp.removeUser(removing.id);
      setSuccess(`${fullName(removing)} was removed from the team.`);
      setError(null);
      await users.reload();
    } catch (e) {
      setError(errorMessage(e, 'Failed to remove team member'));
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  const section = (title: string, list: TeamUser[]) => (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2">
        {title} ({list.length})
      </Typography>
      {list.length === 0 ? (
        <Typography color="text.secondary" mt={1}>
          Nobody yet.
        </Typography>
      ) : (
        <List>
          {list.map((u) => (
            <ListItem
              key={u.id}
              divider
              secondaryAction={
                u.role === 'teacher' && u.id !== user?.id ? (
                  <Tooltip title="Remove teacher">
                    <IconButton edge="end" aria-label={`Remove ${fullName(u)}`} onClick={() => setRemoving(u)}>
                      <DeleteIcon />
                    </IconButton>
                  </Tooltip>
                ) : u.id === user?.id ? (
                  <Chip size="small" label="You" />
                ) : undefined
              }
            >
              <ListItemText primary={fullName(u) || u.email} secondary={u.email} />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );

  const all = users.data ?? [];
  return (
    <Stack spacing={2.5} pb={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        justifyContent="space-between"
        alignItems={{ xs: 'stretch', sm: 'center' }}
        spacing={1}
      >
        <Typography variant="h4" component="h1">
          Team
        </Typography>
        <Button
          variant="contained"
          size="large"
          startIcon={<PersonAddIcon />}
          onClick={() => {
            setValues(EMPTY);
            setErrors({});
            setFormError(null);
            setInviteOpen(true);
          }}
        >
          Invite Teacher
        </Button>
      </Stack>
      {success && (
        <Alert severity="success" role="status">
          {success}
        </Alert>
      )}
      {error && (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {users.loading && !users.data ? (
        <Skeleton variant="rounded" height={200} />
      ) : users.error ? (
        <Alert severity="error">Failed to load data. Please try again.</Alert>
      ) : (
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, md: 6 }}>
            {section(
              'Administrators',
              all.filter((u) => u.role === 'admin'),
            )}
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            {section(
              'Teachers',
              all.filter((u) => u.role === 'teacher'),
            )}
          </Grid>
        </Grid>
      )}
      <Dialog
        open={inviteOpen}
        onClose={busy ? undefined : () => setInviteOpen(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="invite-title"
      >
        <DialogTitle id="invite-title">Invite Teacher</DialogTitle>
        <DialogContent>
          <Stack spacing={2} pt={1}>
            {formError && <Alert severity="error">{formError}</Alert>}
            <Typography variant="body2" color="text.secondary">
              Type a temporary password and share it with them; they sign in with their email and this password.
            </Typography>
            <Grid container spacing={2}>
              {(
                [
                  ['firstName', 'First name', 'text', 6],
                  ['lastName', 'Last name', 'text', 6],
                  ['email', 'Email', 'email', 12],
                  ['password', 'Temporary password', 'text', 12],
                ] as const
              ).map(([key, label, type, size]) => (
                <Grid key={key} size={{ xs: 12, sm: size }}>
                  <TextField
                    label={label}
                    type={type}
                    value={values[key]}
                    autoComplete="off"
                    onChange={(e) => {
                      setValues((v) => ({ ...v, [key]: e.target.value }));
                      setErrors((er) => ({ ...er, [key]: undefined }));
                    }}
                    error={Boolean(errors[key])}
                    helperText={errors[key]}
                    required
                  />
                </Grid>
              ))}
              <Grid size={12}>
                <TextField
                  select
                  label="Role"
                  value={values.role}
                  onChange={(e) => setValues((v) => ({ ...v, role: e.target.value as InviteValues['role'] }))}
                >
                  <MenuItem value="teacher">Teacher</MenuItem>
                  <MenuItem value="admin">Admin</MenuItem>
                </TextField>
              </Grid>
            </Grid>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setInviteOpen(false)} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant="contained"
            onClick={invite}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Add to Team
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={Boolean(removing)}
        title="Remove teacher"
        message={`Remove ${removing ? fullName(removing) : ''} from your team? They will no longer be able to sign in.`}
        confirmLabel="Remove"
        busy={busy}
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
