import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { Alert, Button, CircularProgress, Grid, Paper, Stack, TextField, Typography } from '@mui/material';
import { useSaveAction } from '@/common/useSaveAction';
import type { AppDataProvider } from '@/providers/dataProvider';
import type { AdminProfile, ContactInfo, Settings } from '@/providers/types';

/** Admin Profile with the organization's contact details (PUT /api/settings/profile and /contact). */
export function ProfileTab({ settings, onSaved }: { settings: Settings; onSaved: () => Promise<void> }) {
  const dp = useDataProvider<AppDataProvider>();
  const [profile, setProfile] = useState<AdminProfile>({
    firstName: settings.adminProfile?.firstName ?? '',
    lastName: settings.adminProfile?.lastName ?? '',
    email: settings.adminProfile?.email ?? '',
    phone: settings.adminProfile?.phone ?? '',
    profilePicture: settings.adminProfile?.profilePicture ?? '',
  });
  const [contact, setContact] = useState<ContactInfo>({
    email: settings.contactInfo?.email ?? '',
    phone: settings.contactInfo?.phone ?? '',
    address: settings.contactInfo?.address ?? '',
  });
  const { busy, success, error, run } = useSaveAction('Failed to save profile settings. Please try again', { ownWords: true });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const save = () =>
    run(async (saved) => {
      setFieldErrors({});
      try {
        await dp.saveProfile({ ...profile, profilePicture: profile.profilePicture || undefined });
        await dp.saveContact(contact);
        saved('Profile and contact settings saved successfully!');
        await onSaved();
      } catch (e) {
        // The fields the server refused are marked; the notice above the form stays the one sentence.
        setFieldErrors((e as { body?: { errors?: Record<string, string> } }).body?.errors ?? {});
        throw e;
      }
    });

  const err = (key: string) => fieldErrors[key] ?? fieldErrors[`adminProfile.${key}`] ?? fieldErrors[`contactInfo.${key}`];
  const p = (key: keyof AdminProfile, label: string, type = 'text') => (
    <TextField
      label={label}
      type={type}
      value={profile[key] ?? ''}
      onChange={(e) => setProfile((v) => ({ ...v, [key]: e.target.value }))}
      error={Boolean(err(key))}
      helperText={err(key)}
    />
  );
  const c = (key: keyof ContactInfo, label: string, type = 'text') => (
    <TextField
      label={label}
      type={type}
      value={contact[key] ?? ''}
      onChange={(e) => setContact((v) => ({ ...v, [key]: e.target.value }))}
    />
  );

  return (
    <Stack spacing={2.5}>
      {success && (
        <Alert severity="success" role="status">
          {success}
        </Alert>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Admin Profile
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>{p('firstName', 'First name')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{p('lastName', 'Last name')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{p('email', 'Email', 'email')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{p('phone', 'Phone', 'tel')}</Grid>
          <Grid size={12}>{p('profilePicture', 'Profile picture address (optional)', 'url')}</Grid>
        </Grid>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Organization contact
        </Typography>
        <Typography variant="body2" color="text.secondary" mb={2}>
          Shown to students in the site footer and on the contact page.
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>{c('email', 'Contact email', 'email')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{c('phone', 'Contact phone', 'tel')}</Grid>
          <Grid size={12}>{c('address', 'Address')}</Grid>
        </Grid>
      </Paper>
      <Stack direction="row" justifyContent="flex-end">
        <Button
          variant="contained"
          size="large"
          onClick={save}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Save Profile Settings
        </Button>
      </Stack>
    </Stack>
  );
}
