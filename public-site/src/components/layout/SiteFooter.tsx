import { Link } from 'wouter';
import { useOrganization } from '@/lib/OrganizationContext';
import { withOrgQuery } from '@/lib/routing';
import { Rich } from '@/lib/i18n/Rich';
import { useT } from '@/lib/i18n/useT';

export function SiteFooter() {
  const { organizationId: scopeId, branding, organizationMissing } = useOrganization();
  // An unknown organization id: the product's footer (no "Powered by" under the product's own name).
  const organizationId = organizationMissing ? null : scopeId;
  const year = new Date().getFullYear();
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div>
          <p className="site-footer__name">{branding.businessName}</p>
          <p className="site-footer__slogan">{branding.slogan}</p>
        </div>
        <nav aria-label={t('footer.label')}>
          <ul className="site-footer__links">
            <li>
              <Link href={withOrgQuery('/about-us', organizationId)}>{t('footer.about')}</Link>
            </li>
            <li>
              <Link href={withOrgQuery('/contact-us', organizationId)}>{t('footer.contact')}</Link>
            </li>
            <li>
              <Link href="/terms">{t('footer.studentTerms')}</Link>
            </li>
            <li>
              <Link href="/privacy">{t('footer.studentPrivacy')}</Link>
            </li>
            <li>
              <Link href="/teacher-terms">{t('footer.orgTerms')}</Link>
            </li>
            <li>
              <Link href="/teacher-privacy">{t('footer.orgPrivacy')}</Link>
            </li>
            <li>
              <Link href="/accessibility">{t('footer.accessibility')}</Link>
            </li>
          </ul>
        </nav>
        <p className="site-footer__legal">
          © {year} {branding.businessName}
          {organizationId ? (
            <>
              {' · '}
              <Rich id="footer.poweredBy" components={{ 0: <Link href="/" /> }} />
            </>
          ) : null}
        </p>
      </div>
    </footer>
  );
}
