import { useSearchParams } from 'react-router-dom';
import { Box, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useSession } from '@/session/SessionContext';
import { useQuery } from '@tanstack/react-query';
import { useAppDataProvider } from '@/providers/dataProvider';
import { usePlans, useSubscriptionValidation } from '@/providers/queries';
import { hasFeature } from '@/common/plans';
import { LoadingScreen } from '@/common/LoadingScreen';
import { ProfileTab } from '@/settings/ProfileTab';
import { BrandingTab, BrandingUpsell } from '@/settings/BrandingTab';
import { SystemStatusTab } from '@/settings/SystemStatusTab';
import { PaymentSetupTab } from '@/settings/PaymentSetupTab';
import { GeneralTab } from '@/settings/GeneralTab';
import { PoliciesTab } from '@/settings/PoliciesTab';
import { RegistrationFormTab } from '@/settings/RegistrationFormTab';
import { WaiversTab } from '@/settings/WaiversTab';
import { DiscountsTab } from '@/settings/DiscountsTab';
import { TaxesTab } from '@/settings/TaxesTab';
import { TermsTab } from '@/terms/TermsTab';
import { PlacesTab } from '@/places/PlacesTab';
import { IntegrationsTab } from '@/integrations/IntegrationsTab';
import { PaymentPlansTab } from '@/payment-plans/PaymentPlansTab';
import { ProductsTab } from '@/credit-products/ProductsTab';
import { MakeupsTab } from '@/makeups/MakeupsTab';

/** The tabs, in their order; branding is shown only when the plan allows it. */
const TAB_KEYS = [
  'profile',
  'general',
  'policies',
  'discounts',
  'taxes',
  'terms',
  'places',
  'form',
  'waivers',
  'branding',
  'payments',
  'plans',
  'products',
  'makeups',
  'integrations',
  'system',
] as const;
type TabKey = (typeof TAB_KEYS)[number];

/** Resolve ?tab= (spec 3 §2.6): any tab by its key (branding only if allowed), else the profile. */
function resolveTab(raw: string | null, brandingAllowed: boolean): TabKey {
  if (raw === 'branding') return brandingAllowed ? 'branding' : 'profile';
  return (TAB_KEYS as readonly string[]).includes(raw ?? '') ? (raw as TabKey) : 'profile';
}

export default function SettingsPage() {
  const { user } = useSession();
  const orgId = user?.organizationId ?? null;
  const [params, setParams] = useSearchParams();
  const dp = useAppDataProvider();
  const validation = useSubscriptionValidation();
  const settings = useQuery({ queryKey: ['settings'], queryFn: () => dp.getSettings() });
  const plans = usePlans();
  const brandingAllowed = hasFeature(validation.data, 'customBranding');
  const tab = resolveTab(params.get('tab'), brandingAllowed);

  return (
    <Stack spacing={2.5} pb={2}>
      <Typography variant="h4" component="h1">
        Settings
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_, v: TabKey) => setParams({ tab: v }, { replace: true })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Settings sections"
        >
          <Tab value="profile" label="Admin Profile" />
          <Tab value="general" label="General" />
          <Tab value="policies" label="Policies" />
          <Tab value="discounts" label="Discounts" />
          <Tab value="taxes" label="Taxes and fees" />
          <Tab value="terms" label="Terms" />
          <Tab value="places" label="Places and instructors" />
          <Tab value="form" label="Registration form" />
          <Tab value="waivers" label="Waivers" />
          {brandingAllowed && <Tab value="branding" label="Site Branding" />}
          <Tab value="payments" label="Payment Setup" />
          <Tab value="plans" label="Payment plans" />
          <Tab value="products" label="Products" />
          <Tab value="makeups" label="Make-ups" />
          <Tab value="integrations" label="Integrations" />
          <Tab value="system" label="System Status" />
        </Tabs>
      </Box>
      {tab === 'system' ? (
        <SystemStatusTab />
      ) : tab === 'general' ? (
        <GeneralTab />
      ) : tab === 'policies' ? (
        <PoliciesTab />
      ) : tab === 'discounts' ? (
        <DiscountsTab />
      ) : tab === 'taxes' ? (
        <TaxesTab />
      ) : tab === 'form' ? (
        <RegistrationFormTab />
      ) : tab === 'waivers' ? (
        <WaiversTab />
      ) : tab === 'places' ? (
        <PlacesTab />
      ) : tab === 'plans' ? (
        <PaymentPlansTab />
      ) : tab === 'products' ? (
        <ProductsTab />
      ) : tab === 'makeups' ? (
        <MakeupsTab />
      ) : tab === 'integrations' ? (
        <IntegrationsTab />
      ) : tab === 'payments' ? (
        <PaymentSetupTab organizationId={orgId} validation={validation} />
      ) : settings.isPending ? (
        <LoadingScreen message="Loading settings..." />
      ) : settings.error || !settings.data ? (
        <Typography color="error">Failed to load settings</Typography>
      ) : params.get('tab') === 'branding' && validation.isLoading ? (
        <LoadingScreen message="Loading settings..." />
      ) : tab === 'terms' ? (
        <TermsTab settings={settings.data} />
      ) : tab === 'branding' ? (
        <BrandingTab settings={settings.data} />
      ) : (
        <>
          {validation.data && !brandingAllowed && <BrandingUpsell plans={plans.data} />}
          <ProfileTab settings={settings.data} onSaved={async () => void (await settings.refetch())} />
        </>
      )}
    </Stack>
  );
}
