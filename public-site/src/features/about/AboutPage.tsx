import { Link, useParams } from 'wouter';
import { OrgContactList } from '@/components/org/OrgContactList';
import { Alert } from '@/components/ui/Alert';
import { PageLoading } from '@/components/ui/PageLoading';
import { ORG_DEFAULT_SLOGAN } from '@/lib/branding';
import { orgPath, withOrgQuery } from '@/lib/routing';
import { useSeo } from '@/lib/seo';
import { useOrganizationFromQuery } from '@/lib/useOrganizationFromQuery';
import './AboutPage.css';

/** /about-us and /about-us/{organizationId} (spec 2 §2): the organization's About when one is known, otherwise the product's. */
export function AboutPage() {
  const params = useParams<{ organizationId?: string }>();
  const { organizationId, organization, loading, errorText } = useOrganizationFromQuery(params.organizationId);
  const name = organization?.branding?.businessName || organization?.name;
  useSeo('about-us', { title: name ? `About ${name}` : undefined, siteName: name });

  if (organizationId && loading) return <PageLoading message="Loading..." />;
  if (organizationId && (errorText || !organization)) {
    return (
      <div className="container section">
        <Alert tone="error" title="About Us">
          {errorText ?? 'Organization not found'}
        </Alert>
      </div>
    );
  }

  if (organization) {
    const b = organization.branding ?? {};
    return (
      <>
        <section className="page-hero">
          <div className="container about-org__hero">
            {b.logoUrl ? <img src={b.logoUrl} alt={`${name} logo`} width="88" height="88" className="about-org__logo" /> : null}
            <div>
              <h1>About {name}</h1>
              <p>{b.slogan || ORG_DEFAULT_SLOGAN}</p>
            </div>
          </div>
        </section>
        <div className="container section about-grid">
          <div className="stack">
            <section className="card">
              <h2>Our mission</h2>
              <p>
                {name} brings people together to learn, create and grow. We offer welcoming classes led by experienced instructors, with
                schedules and prices that make it easy to take part.
              </p>
            </section>
            <section className="card">
              <h2>What we offer</h2>
              <ul>
                <li>Classes and workshops for different levels, listed with dates, times and prices</li>
                <li>Simple online registration with the option to pay in person</li>
                <li>Reminders and updates so you never miss a session</li>
              </ul>
              <Link href={orgPath(organization.id)} className="btn">
                View Our Classes
              </Link>
            </section>
          </div>
          <section className="card" aria-labelledby="about-contact-title">
            <h2 id="about-contact-title">Contact</h2>
            <OrgContactList contactInfo={organization.contactInfo} branding={organization.branding} />
            <Link href={withOrgQuery('/contact-us', organization.id)}>Send us a message</Link>
          </section>
        </div>
      </>
    );
  }

  return (
    <>
      <section className="page-hero page-hero--center">
        <div className="container">
          <h1>About Classlane</h1>
          <p>We help educators and organizations spend less time on paperwork and more time teaching.</p>
        </div>
      </section>
      <div className="container section about-grid">
        <section className="card">
          <h2>Our mission</h2>
          <p>
            Classlane started with a simple observation: the people who run classes (studio owners, community center staff, college
            coordinators, independent teachers) were losing hours every week to spreadsheets, phone registrations and chasing payments. We
            build one calm, reliable place to publish classes, register students and get paid.
          </p>
          <p>We care about accessibility, privacy and fair pricing: free to start, no setup fees and no credit card required.</p>
        </section>
        <section className="card">
          <h2>What we believe</h2>
          <ul>
            <li>
              <strong>Students first:</strong> registration should take a minute on any phone.
            </li>
            <li>
              <strong>Your brand:</strong> your classes appear under your name, colours and logo.
            </li>
            <li>
              <strong>Your data:</strong> never sold, always exportable, and separated from every other organization.
            </li>
          </ul>
          <Link href="/contact" className="btn">
            Contact Us
          </Link>
        </section>
      </div>
    </>
  );
}
