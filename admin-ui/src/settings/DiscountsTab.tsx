import { Stack, Typography } from '@mui/material';
import { LoadingScreen } from '@/common/LoadingScreen';
import { DiscountRulesSettings } from '@/settings/DiscountRulesSettings';
import { PromoCodesSettings } from '@/pricing/PromoCodesSettings';
import { useSettings } from '@/settings/useSettings';

/** Settings › Discounts: the automatic discounts and the promo codes every price quote applies. */
export function DiscountsTab() {
  const settings = useSettings();
  if (settings.isPending) return <LoadingScreen message="Loading settings..." />;
  if (!settings.data) return <Typography color="error">Failed to load settings</Typography>;
  return (
    <Stack spacing={3}>
      <DiscountRulesSettings settings={settings.data} />
      <PromoCodesSettings />
    </Stack>
  );
}
