import { Stack } from '@mui/material';
import { hasFeature } from '@/common/plans';
import { useSubscriptionValidation } from '@/providers/queries';
import { ApiKeysSection } from './ApiKeysSection';
import { WebhooksSection } from './WebhooksSection';
import { CalendarFeedsSection } from './CalendarFeedsSection';

/** Settings → Integrations: API keys, outbound webhooks and calendar feeds. */
export function IntegrationsTab() {
  const validation = useSubscriptionValidation();
  return (
    <Stack spacing={3}>
      <ApiKeysSection apiAccess={validation.data ? hasFeature(validation.data, 'apiAccess') : undefined} />
      <WebhooksSection />
      <CalendarFeedsSection />
    </Stack>
  );
}
