import { useT } from '@/lib/i18n/useT';
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
  const t = useT();
  useSeo('contact', { title: name ? t('site.contact.orgTitle', { name }) : undefined, siteName: name });

  if (organizationId && loading) return <PageLoading message={t('site.contact.loading')} />;

  if (organization) {
    const logo = organization.branding?.logoUrl;
    return (
      <>
        <section className="page-hero">
          <div className="container contact-hero">
            {logo ? (
              <img src={logo} alt={t('site.contact.logoAlt', { name })} width="72" height="72" className="contact-hero__logo" />
            ) : null}
            <div>
              <h1>{t('site.contact.orgTitle', { name })}</h1>
              <p>{t('site.contact.orgIntro')}</p>
            </div>
          </div>
        </section>
        <div className="container section contact-grid">
          <section className="card" aria-labelledby="contact-details-title">
            <h2 id="contact-details-title">{t('site.contact.getInTouch')}</h2>
            <OrgContactList contactInfo={organization.contactInfo} branding={organization.branding} />
          </section>
          <section className="card" aria-labelledby="contact-form-title">
            <h2 id="contact-form-title">{t('site.contact.sendMessage')}</h2>
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
          <h1>{t('site.contact.title')}</h1>
          {errorText ? (
            <p className="contact-hero__error" role="alert">
              {errorText}
            </p>
          ) : null}
          <p>{t('site.contact.intro')}</p>
        </div>
      </section>
      <div className="container section contact-grid">
        <div className="stack">
          {/* Only configured addresses: with none, the form below is the way to reach us. */}
          {config.supportEmail || env.partnershipsEmail ? (
            <section className="card" aria-labelledby="contact-emails-title">
              <h2 id="contact-emails-title">{t('site.contact.emailUs')}</h2>
              <dl className="contact-list">
                {config.supportEmail ? (
                  <Fact term={t('site.contact.general')}>
                    <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
                  </Fact>
                ) : null}
                {env.partnershipsEmail ? (
                  <Fact term={t('site.contact.partnerships')}>
                    <a href={`mailto:${env.partnershipsEmail}`}>{env.partnershipsEmail}</a>
                  </Fact>
                ) : null}
              </dl>
            </section>
          ) : null}
          <section className="card" aria-labelledby="contact-hours-title">
            <h2 id="contact-hours-title">{t('site.contact.hours')}</h2>
            <ul className="hours">
              <li>
                <span>{t('site.contact.weekdays')}</span> <span>{t('site.contact.weekdayHours')}</span>
              </li>
              <li>
                <span>{t('site.contact.saturday')}</span> <span>{t('site.contact.saturdayHours')}</span>
              </li>
              <li>
                <span>{t('site.contact.sunday')}</span> <span>{t('site.contact.closed')}</span>
              </li>
            </ul>
          </section>
          <section className="card" aria-labelledby="contact-faq-title">
            <h2 id="contact-faq-title">{t('site.contact.before')}</h2>
            <p>{t('site.contact.beforeText')}</p>
            <p className="muted">{t('site.contact.mission')}</p>
          </section>
        </div>
        <section className="card" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">{t('site.contact.sendUs')}</h2>
          <ContactForm organizationId={null} />
        </section>
      </div>
    </>
  );
}
