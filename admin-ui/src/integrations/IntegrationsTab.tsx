import { Stack } from '@mui/material';
import { hasFeature } from '@/common/plans';
import { useSubscriptionValidation } from '@/providers/queries';
import { ApiKeysSection } from './ApiKeysSection';
import { WebhooksSection } from './WebhooksSection';
import { CalendarFeedsSection } from './CalendarFeedsSection';
import { EmbedSection } from './EmbedSection';
import { useSettings } from '@/settings/useSettings';

/** Settings → Integrations: API keys, outbound webhooks, calendar feeds and the website widget. */
export function IntegrationsTab() {
  const validation = useSubscriptionValidation();
  const settings = useSettings();
  return (
    <Stack spacing={3}>
      <ApiKeysSection apiAccess={validation.data ? hasFeature(validation.data, 'apiAccess') : undefined} />
      <WebhooksSection />
      <CalendarFeedsSection />
      {settings.data && <EmbedSection settings={settings.data} />}
    </Stack>
  );
}
