import { Link, useLocation } from 'wouter';
import { useOrganization } from '@/lib/OrganizationContext';
import { usePlatformConfig } from '@/lib/platformConfig';
import { useSeo } from '@/lib/seo';
import { StudentPrivacy } from './StudentPrivacy';
import { StudentTerms } from './StudentTerms';
import { TeacherPrivacy } from './TeacherPrivacy';
import { TeacherTerms } from './TeacherTerms';
import './LegalPage.css';

export const LEGAL_UPDATED = 'November 1, 2026';

const DOCS = {
  '/terms': { seo: 'terms-of-service', title: 'Student Terms of Service', Body: StudentTerms },
  '/privacy': { seo: 'privacy-policy', title: 'Student Privacy Policy', Body: StudentPrivacy },
  '/teacher-terms': { seo: 'teacher-terms', title: 'Terms of Service for Organizations and Teachers', Body: TeacherTerms },
  '/teacher-privacy': { seo: 'teacher-privacy', title: 'Privacy Policy for Organizations and Teachers', Body: TeacherPrivacy },
} as const;

/** /terms, /privacy, /teacher-terms, /teacher-privacy (spec 2 §2). The fee comes from the platform config. */
export function LegalPage() {
  const [location] = useLocation();
  const doc = DOCS[location.replace(/\/$/, '') as keyof typeof DOCS] ?? DOCS['/terms'];
  const { organizationId, branding } = useOrganization();
  const config = usePlatformConfig();
  useSeo(doc.seo);
  const { Body } = doc;
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>{doc.title}</h1>
          <p>Last updated {LEGAL_UPDATED}</p>
        </div>
      </section>
      <div className="container section legal">
        <nav className="legal__nav" aria-label="Legal documents">
          <ul>
            {Object.entries(DOCS).map(([path, d]) => (
              <li key={path}>
                <Link href={path} aria-current={d === doc ? 'page' : undefined}>
                  {d.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <article className="prose card legal__body">
          <Body
            feePercent={config.platformFeePercent}
            supportEmail={config.supportEmail}
            organizationName={organizationId ? branding.businessName : null}
          />
        </article>
      </div>
    </>
  );
}
