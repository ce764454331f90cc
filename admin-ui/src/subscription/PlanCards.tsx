import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Divider,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import type { Subscription, SubscriptionPlan } from '@/providers/subscription';
import {
  FEATURE_TEXT,
  monthlyPriceText,
  planButton,
  planGridColumns,
  planLimitLines,
  trialOffer,
  type PlanButton,
} from '@/subscription/logic';

type FeatureKey = keyof SubscriptionPlan['features'];

/** The cheapest plan that has a feature: the upgrade tag on a card that lacks it names that plan. */
function cheapestWith(plans: SubscriptionPlan[], feature: FeatureKey) {
  return [...plans].sort((a, b) => a.monthlyPrice - b.monthlyPrice).find((p) => p.features[feature]) ?? null;
}

/**
 * A card per plan (spec 3 §2.9): price per month in whole dollars, the free trial a new subscription starts with,
 * description, features with upgrade tags, and the limits of the features the plan has.
 */
export function PlanCards({
  plans,
  subscription,
  billingAvailable,
  busyPlan,
  onChoose,
  buttonFor = planButton,
  showTrial = true,
}: {
  plans: SubscriptionPlan[];
  subscription: Subscription | undefined;
  billingAvailable: boolean;
  busyPlan: string | null;
  onChoose: (plan: SubscriptionPlan, button: PlanButton) => void;
  buttonFor?: (plan: SubscriptionPlan, s: Subscription | undefined, billingAvailable: boolean) => PlanButton;
  /** The test page says its own (shorter) trial on its buttons. */
  showTrial?: boolean;
}) {
  const columns = planGridColumns(plans.length);
  return (
    <Box
      data-testid="plan-grid"
      data-columns={columns}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: `repeat(${columns}, minmax(0, 1fr))` } }}
    >
      {plans.map((plan) => {
        const button = buttonFor(plan, subscription, billingAvailable);
        const current = button.label === 'Current Plan';
        const trial = showTrial ? trialOffer(plan, subscription, button) : null;
        return (
          <Card
            key={plan.id}
            variant="outlined"
            aria-label={`${plan.name} plan`}
            sx={{
              display: 'flex',
              flexDirection: 'column',
              borderColor: current ? 'primary.main' : undefined,
              borderWidth: current ? 2 : 1,
            }}
          >
            <CardContent sx={{ flexGrow: 1 }}>
              <Box display="flex" justifyContent="space-between" alignItems="center" gap={1}>
                <Typography variant="h6" component="h3">
                  {plan.name}
                </Typography>
                {current && <Chip label="Current" color="primary" size="small" />}
              </Box>
              <Typography variant="h5" component="p" mt={1}>
                {monthlyPriceText(plan.monthlyPrice)}
              </Typography>
              {trial && (
                <Typography variant="body2" color="success.dark" fontWeight={600}>
                  {trial}
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary" mt={1}>
                {plan.description}
              </Typography>
              <Divider sx={{ my: 1.5 }} />
              <List dense disablePadding>
                {(Object.keys(FEATURE_TEXT) as FeatureKey[]).map((feature) => {
                  const has = plan.features[feature];
                  const upgrade = has ? null : cheapestWith(plans, feature);
                  return (
                    <ListItem key={feature} disableGutters sx={{ py: 0 }}>
                      <ListItemIcon sx={{ minWidth: 28 }}>
                        {has ? <CheckIcon color="success" fontSize="small" /> : <CloseIcon color="disabled" fontSize="small" />}
                      </ListItemIcon>
                      <ListItemText
                        primary={FEATURE_TEXT[feature]}
                        slotProps={{ primary: { color: has ? 'text.primary' : 'text.secondary', variant: 'body2' } }}
                      />
                      {upgrade && <Chip label={upgrade.name} size="small" variant="outlined" sx={{ ml: 1 }} />}
                    </ListItem>
                  );
                })}
              </List>
              <Divider sx={{ my: 1.5 }} />
              {planLimitLines(plan).map((line) => (
                <Typography key={line} variant="body2">
                  {line}
                </Typography>
              ))}
            </CardContent>
            <CardActions sx={{ p: 2, pt: 0 }}>
              <Button
                fullWidth
                variant={button.action === 'checkout' || button.action === 'upgrade' ? 'contained' : 'outlined'}
                disabled={button.disabled || busyPlan !== null}
                onClick={() => onChoose(plan, button)}
              >
                {busyPlan === plan.id ? 'Please wait...' : button.label}
              </Button>
            </CardActions>
          </Card>
        );
      })}
    </Box>
  );
}
