import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, type SxProps, type Theme } from '@mui/material';
import { cheapestPlanWith } from '@/common/plans';
import type { FeatureFlag, Plan } from '@/providers/types';

/**
 * The notice of a feature the organization's plan lacks: it names the cheapest plan that has it (the texts come from
 * the plans table) with an Upgrade button, or says the plan does not include it when no plan does.
 */
export function PlanUpsell({
  plans,
  feature,
  offered,
  missing,
  sx,
}: {
  plans?: Plan[];
  feature: FeatureFlag;
  /** The sentence naming the plan that has the feature. */
  offered: (planName: string) => string;
  missing: string;
  sx?: SxProps<Theme>;
}) {
  const plan = cheapestPlanWith(plans, feature);
  return (
    <Alert
      severity="info"
      sx={sx}
      action={
        plan ? (
          <Button component={RouterLink} to="/admin/subscription?tab=plans" color="inherit" size="small">
            Upgrade to {plan.name}
          </Button>
        ) : undefined
      }
    >
      {plan ? offered(plan.name) : missing}
    </Alert>
  );
}
