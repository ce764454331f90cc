import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, AlertTitle, Box, Button, Chip, List, ListItem, ListItemText, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useAppDataProvider } from '@/providers/dataProvider';
import { usePaymentSetupStatus } from '@/providers/queries';
import type { SubscriptionValidation } from '@/providers/types';
import {
  dueRequirements,
  hasEventuallyDueOnly,
  LOAD_STATUS_ERROR,
  paymentModeLabel,
  paymentSetupState,
  REFRESH_MS,
  requirementLabel,
  requirementsPreview,
  SETUP_ERROR,
  SETUP_TITLES,
  shouldRefresh,
  VALIDATION_ERROR,
} from '@/settings/paymentSetup';
import { usePaymentSetupActions } from '@/settings/usePaymentSetupActions';

function Failure({ title, detail, onRetry }: { title: string; detail?: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      <AlertTitle sx={{ mb: detail ? 0.5 : 0 }}>{title}</AlertTitle>
      {detail}
    </Alert>
  );
}

/** The first 5 requirements, then 'and N more'. */
function Requirements({ items, label }: { items: string[]; label: string }) {
  if (!items.length) return null;
  const preview = requirementsPreview(items);
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {label}
      </Typography>
      <List dense disablePadding aria-label={label} sx={{ listStyle: 'disc', pl: 3 }}>
        {preview.items.map((r) => (
          <ListItem key={r} disableGutters sx={{ display: 'list-item', py: 0 }}>
            <ListItemText primary={requirementLabel(r)} />
          </ListItem>
        ))}
      </List>
      {preview.more && (
        <Typography variant="body2" color="text.secondary">
          {preview.more}
        </Typography>
      )}
    </Box>
  );
}

/**
 * Settings › Payment Setup (spec 3 §2.6, §4 "Payment account", §8 "Payments setup"): the organization's
 * Stripe Express account from "not set up" to active, its requirements, the Stripe dashboard, and the mode.
 */
export function PaymentSetupTab({
  organizationId,
  validation,
}: {
  organizationId: string | null;
  validation: UseQueryResult<SubscriptionValidation>;
}) {
  const dp = useAppDataProvider();
  const status = usePaymentSetupStatus(organizationId);
  const stripeConfig = useQuery({ queryKey: ['stripe-config'], queryFn: () => dp.getStripeConfig() });
  const publicConfig = useQuery({ queryKey: ['public-config'], queryFn: () => dp.getPublicConfig() });
  const actions = usePaymentSetupActions(organizationId);
  const refreshing = shouldRefresh(status.data);
  const reloadStatus = status.refetch;

  useEffect(() => {
    if (!refreshing) return;
    const timer = setInterval(() => void reloadStatus(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [refreshing, reloadStatus]);

  // A failed configuration read falls back to test mode (spec 2 §6: the client's fallback is a test configuration).
  const mode = paymentModeLabel(stripeConfig.data?.environment);
  const fee = publicConfig.data?.platformFeePercent;

  let body: ReactNode;
  if (validation.error && !validation.data) {
    body = <Failure title={VALIDATION_ERROR} onRetry={() => void validation.refetch()} />;
  } else if (status.error && !status.data) {
    body = <Failure title={LOAD_STATUS_ERROR} onRetry={() => void status.refetch()} />;
  } else if (!validation.data || !status.data) {
    body = (
      <Stack spacing={1} aria-label="Loading payment setup status">
        <Skeleton width="40%" height={32} />
        <Skeleton width="80%" />
        <Skeleton width="60%" />
      </Stack>
    );
  } else {
    const s = status.data;
    const state = paymentSetupState(validation.data, s);
    const due = dueRequirements(s);
    const setupButton = (label: string) => (
      <Button variant="contained" onClick={() => void actions.startSetup()} disabled={actions.busy !== null}>
        {actions.busy === 'setup' ? 'Opening Stripe…' : label}
      </Button>
    );
    const dashboardButton = (
      <Button variant="outlined" onClick={() => void actions.openDashboard()} disabled={actions.busy !== null}>
        {actions.busy === 'dashboard' ? 'Opening…' : 'Open Stripe Dashboard'}
      </Button>
    );
    const title = state === 'upsell' || state === 'unavailable' ? null : SETUP_TITLES[state];
    body = (
      <Stack spacing={2}>
        {title && (
          <Typography variant="h6" component="h3">
            {title}
          </Typography>
        )}
        {state === 'upsell' && (
          <Alert
            severity="info"
            action={
              <Button component={RouterLink} to="/admin/subscription?tab=plans" color="inherit" size="small">
                View Plans
              </Button>
            }
          >
            <AlertTitle>Online payments are not included in your plan</AlertTitle>
            {validation.data.hasActiveSubscription
              ? `Your ${s.planName ?? validation.data.planName} plan does not include online payment collection. Upgrade to take card payments when students register.`
              : 'Your subscription is not active. Renew it to take card payments when students register.'}
          </Alert>
        )}
        {state === 'unavailable' && (
          <Alert severity="warning">
            <AlertTitle>Card payments are unavailable on this server</AlertTitle>
            Stripe is not configured here, so payment processing cannot be set up. Students can still register and pay in person.
          </Alert>
        )}
        {state === 'not_started' && (
          <>
            <Typography>
              Accept card payments when students register. Stripe handles card details and pays out to your bank account
              {fee !== undefined ? `; Classlane's platform fee is ${fee}% of each card payment` : ''}.
            </Typography>
            <Typography color="text.secondary">Setup takes 5-10 minutes.</Typography>
            <Box>{setupButton('Set Up Payment Processing')}</Box>
          </>
        )}
        {state === 'in_progress' && (
          <>
            <Typography>
              You started setting up payment processing. Stripe still needs some details before you can accept card payments.
            </Typography>
            <Requirements items={due} label="Still needed" />
            <Box>{setupButton('Continue Setup')}</Box>
          </>
        )}
        {state === 'verification' && (
          <>
            <Typography>
              Your details are submitted. Stripe is verifying your account: card payments are enabled as soon as verification is complete.
            </Typography>
            <Requirements items={due} label="Information Stripe asks for" />
            <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
              {setupButton('Update Information')}
            </Stack>
          </>
        )}
        {state === 'action_required' && (
          <>
            <Alert severity="warning">
              Stripe needs more information to keep card payments and payouts running
              {s.requirements?.disabled_reason ? ` (${s.requirements.disabled_reason})` : ''}.
            </Alert>
            <Requirements items={due} label="Information Stripe asks for" />
            <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
              {setupButton('Update Information')}
              {dashboardButton}
            </Stack>
          </>
        )}
        {state === 'active' && (
          <>
            <Typography>
              Your account accepts card payments. {s.payouts_enabled ? 'Payouts are enabled.' : 'Payouts are not enabled yet.'}
            </Typography>
            {hasEventuallyDueOnly(s) && (
              <Alert severity="info">
                <AlertTitle>Stripe will need more information later</AlertTitle>
                Nothing is needed now; card payments keep working.
                <Requirements items={s.requirements?.eventually_due ?? []} label="Needed later" />
              </Alert>
            )}
            <Box>{dashboardButton}</Box>
          </>
        )}
        {actions.error && (
          <Failure
            title={actions.error.action === 'setup' ? SETUP_ERROR : 'Failed to open the Stripe dashboard'}
            detail={actions.error.message}
            onRetry={() => void (actions.error?.action === 'setup' ? actions.startSetup() : actions.openDashboard())}
          />
        )}
        {refreshing && (
          <Typography variant="caption" color="text.secondary">
            This status refreshes every 30 seconds.
          </Typography>
        )}
      </Stack>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" mb={2} spacing={1}>
        <Typography variant="h6" component="h2">
          Payment Setup
        </Typography>
        <Chip
          label={`${mode} mode`}
          size="small"
          color={mode === 'LIVE' ? 'success' : 'warning'}
          variant="outlined"
          aria-label={`Payment mode: ${mode}`}
        />
      </Stack>
      {body}
    </Paper>
  );
}
