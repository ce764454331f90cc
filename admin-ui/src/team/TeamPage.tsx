import { useState } from 'react';
import { CreateBase, Form, ListBase, useListContext, useSaveContext } from 'react-admin';
import {
  Alert,
  Chip,
  Grid,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { PageHeader } from '@/common/PageHeader';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTimedMessage } from '@/common/useTimedMessage';
import { useDeleteFlow } from '@/common/useDeleteFlow';
import { ConfirmDialog } from '@/common/ConfirmDialog';
import { FormDialog } from '@/common/FormDialog';
import { FormTextField } from '@/common/formField';
import { fullName } from '@/common/format';
import { errorMessage } from '@/providers/httpClient';
import { useSession } from '@/session/SessionContext';
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

/**
 * Team (/admin/team): the organization's admins and teachers, react-admin's 'team' resource (the data provider
 * maps it to /api/auth/users); invite (CreateBase) and remove (useDelete) teachers.
 */
export default function TeamPage() {
  return (
    <ListBase<TeamUser> resource="team" perPage={1000} disableSyncWithLocation>
      <TeamView />
    </ListBase>
  );
}

function TeamView() {
  const { user } = useSession();
  const users = useListContext<TeamUser>();
  const [inviteOpen, setInviteOpen] = useState(false);
  const [success, setSuccess] = useTimedMessage(3000);
  const [error, setError] = useState<string | null>(null);
  const removal = useDeleteFlow<TeamUser>('team', {
    deleted: (removed) => {
      setSuccess(`${fullName(removed)} was removed from the team.`);
      setError(null);
    },
    failed: (e) => setError(errorMessage(e, 'Failed to remove team member')),
  });

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
                    <IconButton edge="end" aria-label={`Remove ${fullName(u)}`} onClick={() => removal.ask(u)}>
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
      <PageHeader title="Team" action="Invite Teacher" actionIcon={<PersonAddIcon />} onAction={() => setInviteOpen(true)} />
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
      {users.isPending ? (
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
      {/* Mounted only while open: each opening starts with an empty form. */}
      {inviteOpen && (
        <InviteDialog
          onClose={() => setInviteOpen(false)}
          onInvited={(created) => {
            setInviteOpen(false);
            setSuccess(`${fullName(created)} can now sign in as a ${created.role}. Share the temporary password with them.`);
          }}
        />
      )}
      <ConfirmDialog
        open={Boolean(removal.deleting)}
        title="Remove teacher"
        message={`Remove ${removal.deleting ? fullName(removal.deleting) : ''} from your team? They will no longer be able to sign in.`}
        confirmLabel="Remove"
        busy={removal.busy}
        onConfirm={removal.confirm}
        onClose={removal.cancel}
      />
    </Stack>
  );
}

const INVITE_FORM = 'invite-form';
const INVITE_FIELDS = [
  ['firstName', 'First name', 'text', 6],
  ['lastName', 'Last name', 'text', 6],
  ['email', 'Email', 'email', 12],
  ['password', 'Temporary password', 'text', 12],
] as const;

/** The invite form: react-admin's CreateBase on 'team'; the server's field errors show under their fields. */
function InviteDialog({ onClose, onInvited }: { onClose: () => void; onInvited: (created: TeamUser) => void }) {
  const [formError, setFormError] = useState<string | null>(null);
  return (
    <CreateBase<TeamUser>
      resource="team"
      redirect={false}
      transform={(v: InviteValues) => ({ ...v, email: v.email.trim(), firstName: v.firstName.trim(), lastName: v.lastName.trim() })}
      mutationOptions={{
        onMutate: () => setFormError(null),
        onSuccess: (created: TeamUser) => onInvited(created),
        onError: (e: unknown) => setFormError(errorMessage(e, 'Failed to add team member')),
      }}
    >
      <InviteForm formError={formError} onClose={onClose} />
    </CreateBase>
  );
}

function InviteForm({ formError, onClose }: { formError: string | null; onClose: () => void }) {
  const { saving } = useSaveContext();
  return (
    <FormDialog
      open
      title="Invite Teacher"
      onClose={onClose}
      busy={saving}
      error={formError}
      formId={INVITE_FORM}
      submitLabel="Add to Team"
    >
      <Typography variant="body2" color="text.secondary">
        Type a temporary password and share it with them; they sign in with their email and this password.
      </Typography>
      <Form
        id={INVITE_FORM}
        noValidate
        record={EMPTY}
        validate={(v) => validateInvite(v as InviteValues)}
        disableInvalidFormNotification
        reValidateMode="onSubmit"
      >
        <Grid container spacing={2}>
          {INVITE_FIELDS.map(([key, label, type, size]) => (
            <Grid key={key} size={{ xs: 12, sm: size }}>
              <FormTextField source={key} label={label} type={type} autoComplete="off" required />
            </Grid>
          ))}
          <Grid size={12}>
            <FormTextField source="role" label="Role" select>
              <MenuItem value="teacher">Teacher</MenuItem>
              <MenuItem value="admin">Admin</MenuItem>
            </FormTextField>
          </Grid>
        </Grid>
      </Form>
    </FormDialog>
  );
}
