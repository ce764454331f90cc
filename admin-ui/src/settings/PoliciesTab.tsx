import { Stack, Typography } from '@mui/material';
import { LoadingScreen } from '@/common/LoadingScreen';
import { CancellationPolicySettings } from '@/settings/CancellationPolicySettings';
import { DiscountSettings } from '@/settings/DiscountSettings';
import { ReminderSettings } from '@/settings/ReminderSettings';
import { SelfServiceSettings } from '@/settings/SelfServiceSettings';
import { useSettings } from '@/settings/useSettings';

/** Settings › Policies: the cancellation policy with its preview, student self-service, discounts and class reminders. */
export function PoliciesTab() {
  const settings = useSettings();
  if (settings.isPending) return <LoadingScreen message="Loading settings..." />;
  if (!settings.data) return <Typography color="error">Failed to load settings</Typography>;
  return (
    <Stack spacing={3}>
      <CancellationPolicySettings settings={settings.data} />
      <SelfServiceSettings settings={settings.data} />
      <ReminderSettings settings={settings.data} />
      <DiscountSettings settings={settings.data} />
    </Stack>
  );
}
