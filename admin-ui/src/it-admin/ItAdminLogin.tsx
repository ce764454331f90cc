import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Alert, AlertTitle, Avatar, Box, Button, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import { staffApi } from '@/it-admin/staffApi';
import { getStaffToken, storeStaffSession } from '@/it-admin/staffSession';
import { loginErrorText, TEXT } from '@/it-admin/itAdminUtils';

/** /it-admin/login: platform staff only (spec 3 §2.12), with the 'Restricted Access' notice. */
export function ItAdminLogin() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (getStaffToken() && !busy) return <Navigate to="/it-admin/dashboard" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) {
      setError('Please enter both username and password');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const session = await staffApi.signIn(username.trim(), password);
      storeStaffSession(session.token, session.username);
      navigate('/it-admin/dashboard', { replace: true });
    } catch (err) {
      setError(loginErrorText(err));
      setBusy(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 440 }}>
        <Stack alignItems="center" spacing={1} mb={3}>
          <Avatar sx={{ bgcolor: 'grey.900' }}>
            <AdminPanelSettingsOutlinedIcon />
          </Avatar>
          <Typography variant="h5" component="h1">
            IT Admin Portal
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Platform staff sign-in
          </Typography>
        </Stack>
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>{TEXT.restricted}</AlertTitle>
          This portal is for Classlane platform staff only. Every action is recorded in the audit log.
        </Alert>
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2}>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField label="Username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} autoFocus />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={busy}
              startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              {busy ? 'Signing in...' : 'Sign in'}
            </Button>
          </Stack>
        </Box>
      </Paper>
    </Box>
  );
}
