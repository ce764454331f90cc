import { OrgContactList } from '@/components/org/OrgContactList';
import { PageLoading } from '@/components/ui/PageLoading';
import { env } from '@/config/env';
import { usePlatformConfig } from '@/lib/platformConfig';
import { useSeo } from '@/lib/seo';
import { useOrganizationFromQuery } from '@/lib/useOrganizationFromQuery';
import { ContactForm } from './ContactForm';
import { Fact } from '@/components/ui/Fact';
import './ContactPage.css';

/** /contact-us and /contact (spec 2 §2): organization-branded or platform-wide. */
export function ContactPage() {
  const { organizationId, organization, loading, errorText } = useOrganizationFromQuery();
  const config = usePlatformConfig();
  const name = organization?.branding?.businessName || organization?.name;
  useSeo('contact', { title: name ? `Contact ${name}` : undefined, siteName: name });

  if (organizationId && loading) return <PageLoading message="Loading..." />;

  if (organization) {
    const logo = organization.branding?.logoUrl;
    return (
      <>
        <section className="page-hero">
          <div className="container contact-hero">
            {logo ? <img src={logo} alt={`${name} logo`} width="72" height="72" className="contact-hero__logo" /> : null}
            <div>
              <h1>Contact {name}</h1>
              <p>Questions about a class or your registration? Send us a message.</p>
            </div>
          </div>
        </section>
        <div className="container section contact-grid">
          <section className="card" aria-labelledby="contact-details-title">
            <h2 id="contact-details-title">Get in touch</h2>
            <OrgContactList contactInfo={organization.contactInfo} branding={organization.branding} />
          </section>
          <section className="card" aria-labelledby="contact-form-title">
            <h2 id="contact-form-title">Send a message</h2>
            <ContactForm organizationId={organization.id} />
          </section>
        </div>
      </>
    );
  }

  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>Contact Us</h1>
          {errorText ? (
            <p className="contact-hero__error" role="alert">
              {errorText}
            </p>
          ) : null}
          <p>Whether you run classes or take them, we are happy to help.</p>
        </div>
      </section>
      <div className="container section contact-grid">
        <div className="stack">
          {/* Only configured addresses: with none, the form below is the way to reach us. */}
          {config.supportEmail || env.partnershipsEmail ? (
            <section className="card" aria-labelledby="contact-emails-title">
              <h2 id="contact-emails-title">Email us</h2>
              <dl className="contact-list">
                {config.supportEmail ? (
                  <Fact term="General and support">
                    <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
                  </Fact>
                ) : null}
                {env.partnershipsEmail ? (
                  <Fact term="Business partnerships">
                    <a href={`mailto:${env.partnershipsEmail}`}>{env.partnershipsEmail}</a>
                  </Fact>
                ) : null}
              </dl>
            </section>
          ) : null}
          <section className="card" aria-labelledby="contact-hours-title">
            <h2 id="contact-hours-title">Support hours</h2>
            <ul className="hours">
              <li>
                <span>Monday - Friday</span> <span>9:00 AM - 6:00 PM PST</span>
              </li>
              <li>
                <span>Saturday</span> <span>10:00 AM - 4:00 PM PST</span>
              </li>
              <li>
                <span>Sunday</span> <span>Closed</span>
              </li>
            </ul>
          </section>
          <section className="card" aria-labelledby="contact-faq-title">
            <h2 id="contact-faq-title">Before you write</h2>
            <p>
              Students: questions about a specific class are answered fastest by the organization running it; use the Contact link on its
              class page. Organizations: most setup questions are covered in the admin area’s help texts.
            </p>
            <p className="muted">
              Our mission is to give every educator simple, affordable tools to fill their classes and get paid, so they can focus on
              teaching.
            </p>
          </section>
        </div>
        <section className="card" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Send us a message</h2>
          <ContactForm organizationId={null} />
        </section>
      </div>
    </>
  );
}
