import { Link } from 'wouter';
import { useOrganization } from '@/lib/OrganizationContext';
import { withOrgQuery } from '@/lib/routing';

export function SiteFooter() {
  const { organizationId: scopeId, branding, organizationMissing } = useOrganization();
  // An unknown organization id: the product's footer (no "Powered by" under the product's own name).
  const organizationId = organizationMissing ? null : scopeId;
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div>
          <p className="site-footer__name">{branding.businessName}</p>
          <p className="site-footer__slogan">{branding.slogan}</p>
        </div>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <Link href={withOrgQuery('/about-us', organizationId)}>About</Link>
            </li>
            <li>
              <Link href={withOrgQuery('/contact-us', organizationId)}>Contact</Link>
            </li>
            <li>
              <Link href="/terms">Student Terms</Link>
            </li>
            <li>
              <Link href="/privacy">Student Privacy</Link>
            </li>
            <li>
              <Link href="/teacher-terms">Organization Terms</Link>
            </li>
            <li>
              <Link href="/teacher-privacy">Organization Privacy</Link>
            </li>
            <li>
              <Link href="/accessibility">Accessibility</Link>
            </li>
          </ul>
        </nav>
        <p className="site-footer__legal">
          © {year} {branding.businessName}
          {organizationId ? (
            <>
              {' · '}Powered by <Link href="/">Classlane</Link>
            </>
          ) : null}
        </p>
      </div>
    </footer>
  );
}
