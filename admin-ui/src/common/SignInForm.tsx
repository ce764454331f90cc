import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Avatar, Box, Button, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';

export interface SignInFormProps {
  icon: ReactNode;
  iconColor: string;
  title: string;
  subtitle: string;
  /** The page behind the card. */
  background: string;
  maxWidth: number;
  /** The first field: the organization's users sign in with an email, platform staff with a username. */
  identifier: { label: string; type?: string; autoComplete: string };
  /** Shown when a field is left empty (no call is made). */
  missingMessage: string;
  /** Above the form (the IT portal's 'Restricted Access' notice). */
  notice?: ReactNode;
  /** Below the button (links). */
  footer?: ReactNode;
  /** Signs in and moves on; throws on refusal. */
  signIn: (identifier: string, password: string) => Promise<void>;
  /** The text of a refusal. */
  errorText: (error: unknown) => string;
}

/** The one sign-in card of the app: the organization's sign-in (/login) and the IT-admin portal's. */
export function SignInForm({
  icon,
  iconColor,
  title,
  subtitle,
  background,
  maxWidth,
  identifier,
  missingMessage,
  notice,
  footer,
  signIn,
  errorText,
}: SignInFormProps) {
  const [id, setId] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!id.trim() || !password) {
      setError(missingMessage);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signIn(id.trim(), password);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: background, p: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth }}>
        <Stack alignItems="center" spacing={1} mb={3}>
          <Avatar sx={{ bgcolor: iconColor }}>{icon}</Avatar>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary" textAlign="center">
            {subtitle}
          </Typography>
        </Stack>
        {notice}
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2}>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              label={identifier.label}
              type={identifier.type}
              autoComplete={identifier.autoComplete}
              value={id}
              onChange={(e) => setId(e.target.value)}
              autoFocus
            />
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
            {footer}
          </Stack>
        </Box>
      </Paper>
    </Box>
  );
}
