import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Avatar, Box, Button, CircularProgress, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { signIn } from '@/providers/authProvider';
import { isTimeoutError, TIMEOUT_MESSAGE } from '@/providers/httpClient';
import { canAccessArea } from '@/providers/canAccess';
import { homeFor, type User } from '@/providers/session';
import { useSession } from '@/session/SessionContext';
import { LoadingScreen } from '@/common/LoadingScreen';

/** Where to go after sign-in: the page the user asked for when allowed, else the role's home. */
function afterLoginPath(user: User, from: string | undefined): string {
  if (from) {
    if (from.startsWith('/admin') && canAccessArea(user.role, 'admin')) return from;
    if (from.startsWith('/teacher') && canAccessArea(user.role, 'teacher')) return from;
  }
  return homeFor(user);
}

/**
 * The public site's reset flow (decision 14): /forgot-password asks for the email and sends the link,
 * which opens /reset-password?token=… there.
 */
const PASSWORD_RESET_PATH = '/forgot-password';

/** The text of a failed sign-in. */
export function signInErrorText(err: unknown): string {
  if (isTimeoutError(err)) return TIMEOUT_MESSAGE;
  const status = (err as { status?: number }).status;
  return status === 0
    ? 'Unable to reach the server. Please check your connection and try again.'
    : status === 429
      ? 'Too many sign-in attempts. Please wait a moment and try again.'
      : 'Invalid credentials. Please try again.';
}

export function LoginPage() {
  const { status, user, setUser, branding } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (status === 'loading') return <LoadingScreen message="Initializing application..." fullPage />;
  if (user && !busy) return <Navigate to={afterLoginPath(user, from)} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) {
      setError('Please enter both email and password');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const signedIn = await signIn(email.trim(), password);
      setUser(signedIn);
      navigate(afterLoginPath(signedIn, from), { replace: true });
    } catch (err) {
      setError(signInErrorText(err));
      setBusy(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 420 }}>
        <Stack alignItems="center" spacing={1} mb={3}>
          <Avatar sx={{ bgcolor: 'primary.main' }}>
            <LockOutlinedIcon />
          </Avatar>
          <Typography variant="h5" component="h1">
            Sign in
          </Typography>
          <Typography variant="body2" color="text.secondary" textAlign="center">
            {branding.businessName} · admin and teacher access
          </Typography>
        </Stack>
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2}>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoFocus
              size="medium"
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              size="medium"
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
            <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap" gap={1}>
              <Link href={PASSWORD_RESET_PATH} variant="body2" underline="hover">
                Forgot your password?
              </Link>
              <Link href="/" variant="body2" underline="hover">
                Back to home
              </Link>
            </Stack>
          </Stack>
        </Box>
      </Paper>
    </Box>
  );
}
