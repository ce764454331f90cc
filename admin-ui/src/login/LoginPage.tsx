import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Link, Stack } from '@mui/material';
import { SignInForm } from '@/common/SignInForm';
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
  // While a sign-in is moving on, the session already has the user: do not redirect from under it.
  const [signingIn, setSigningIn] = useState(false);

  if (status === 'loading') return <LoadingScreen message="Initializing application..." fullPage />;
  if (user && !signingIn) return <Navigate to={afterLoginPath(user, from)} replace />;

  return (
    <SignInForm
      icon={<LockOutlinedIcon />}
      iconColor="primary.main"
      title="Sign in"
      subtitle={`${branding.businessName} · admin and teacher access`}
      background="background.default"
      maxWidth={420}
      identifier={{ label: 'Email', type: 'email', autoComplete: 'email' }}
      missingMessage="Please enter both email and password"
      errorText={signInErrorText}
      signIn={async (email, password) => {
        setSigningIn(true);
        try {
          const signedIn = await signIn(email, password);
          setUser(signedIn);
          navigate(afterLoginPath(signedIn, from), { replace: true });
        } catch (e) {
          setSigningIn(false);
          throw e;
        }
      }}
      footer={
        <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap" gap={1}>
          <Link href={PASSWORD_RESET_PATH} variant="body2" underline="hover">
            Forgot your password?
          </Link>
          <Link href="/" variant="body2" underline="hover">
            Back to home
          </Link>
        </Stack>
      }
    />
  );
}
