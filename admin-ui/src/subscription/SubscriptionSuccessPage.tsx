/**
 * /subscription-success (spec 3 §2.10): where Checkout sends the admin back. Signed-out visitors go to /signin;
 * without a session_id the page goes to /admin/subscription-test. It polls the subscription until Stripe's
 * webhook has made it active (or trialing) instead of trusting a fixed wait, then says 'Subscription Activated!'.
 */
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { LoadingScreen } from '@/common/LoadingScreen';
import { RedirectHome } from '@/common/redirectHome';
import { canAccessArea } from '@/providers/canAccess';
import { useSession } from '@/session/SessionContext';
import { subscriptionApi, type Subscription } from '@/providers/subscription';
import { isActivated } from '@/subscription/logic';

export const POLL_MS = 1000;
/** After this long the page stops waiting and says the activation is still on its way. */
export const POLL_LIMIT_MS = 60_000;

export default function SubscriptionSuccessPage() {
  const { status, user } = useSession();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const orgId = user?.organizationId ?? null;
  const [subscription, setSubscription] = useState<Subscription | undefined>();
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (!orgId || !sessionId) return;
    let alive = true;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const s = await subscriptionApi.get(orgId).catch(() => undefined);
      if (!alive) return;
      if (s) setSubscription(s);
      if (isActivated(s)) return;
      if (Date.now() - started > POLL_LIMIT_MS) return setTimedOut(true);
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      alive = false;
      if (timer) clearTimeout(timer);
    };
  }, [orgId, sessionId]);

  const signedOut = status === 'ready' && !user;
  useEffect(() => {
    // /signin is the public site's sign-in page (a full page load, not this app's router).
    if (signedOut) window.location.replace('/signin');
  }, [signedOut]);

  if (status === 'loading' || !user) return <LoadingScreen message="Initializing application..." fullPage />;
  if (!canAccessArea(user.role, 'admin')) return <RedirectHome />;
  if (!sessionId) return <Navigate to="/admin/subscription-test" replace />;
  const done = isActivated(subscription);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, maxWidth: 560, width: '100%', textAlign: 'center' }}>
        {done ? (
          <Stack spacing={2} alignItems="center">
            <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
            <Typography variant="h4" component="h1">
              Subscription Activated!
            </Typography>
            <Typography color="text.secondary">
              Your organization is now on the {subscription!.effectivePlan.name} plan
              {subscription!.status === 'trialing' ? ' (free trial)' : ''}. Its features are unlocked.
            </Typography>
            <List dense sx={{ textAlign: 'left' }} aria-label="Next steps">
              <ListItem>
                <ListItemText primary="Set up payment processing to take card payments" />
              </ListItem>
              <ListItem>
                <ListItemText primary="Add your branding in Settings" />
              </ListItem>
              <ListItem>
                <ListItemText primary="Open Reports to follow enrollments and revenue" />
              </ListItem>
            </List>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button variant="contained" href="/admin">
                Go to Dashboard
              </Button>
              <Button variant="outlined" href="/admin/subscription-test">
                Subscription test page
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Stack spacing={2} alignItems="center">
            <CircularProgress />
            <Typography variant="h5" component="h1">
              Processing your subscription...
            </Typography>
            {timedOut && (
              <Alert severity="info">
                Stripe has not confirmed the subscription yet. It will show on your subscription page as soon as it does.
              </Alert>
            )}
            {timedOut && (
              <Button variant="outlined" href="/admin/subscription">
                Go to Subscription
              </Button>
            )}
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
