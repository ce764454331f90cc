import { useOrganizationScope } from '@/lib/OrganizationContext';
import { useSeo } from '@/lib/seo';
import { OrgRegistrationDialog } from './OrgRegistrationDialog';
import { PricingSection } from './PricingSection';
import { useRegistrationDialog } from './useRegistrationDialog';
import './marketing.css';

/** /pricing SEO page: the home page's pricing section on its own. */
export function PricingPage() {
  useOrganizationScope(null);
  useSeo('pricing');
  const dialog = useRegistrationDialog();
  return (
    <>
      <PricingSection onStart={dialog.start} headingLevel={1} />
      <OrgRegistrationDialog open={dialog.open} onClose={dialog.close} />
    </>
  );
}
