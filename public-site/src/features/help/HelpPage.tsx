import { Rich } from '@/lib/i18n/Rich';
import { useT } from '@/lib/i18n/useT';
import { Link } from 'wouter';
import { useSeo } from '@/lib/seo';

/**
 * /help: short answers for organization admins about plans and billing (linked from the admin Billing tab's Need
 * Help block). The limits named here are the seeded plans' (spec README decisions 2 and 3); the pricing page has
 * the full comparison.
 */
export function HelpPage() {
  useSeo('help');
  const t = useT();
  const link = (href: string) => ({ 0: <Link href={href} /> });
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>{t('site.help.title')}</h1>
          <p>{t('site.help.intro')}</p>
        </div>
      </section>
      <div className="container section stack">
        <section className="card" aria-labelledby="help-plans">
          <h2 id="help-plans">{t('site.help.plansTitle')}</h2>
          <p>
            <Rich id="site.help.plans" components={link('/pricing')} />
          </p>
        </section>
        <section className="card" aria-labelledby="help-change">
          <h2 id="help-change">{t('site.help.changeTitle')}</h2>
          <p>{t('site.help.change')}</p>
        </section>
        <section className="card" aria-labelledby="help-data">
          <h2 id="help-data">{t('site.help.dataTitle')}</h2>
          <p>{t('site.help.data')}</p>
        </section>
        <section className="card" aria-labelledby="help-billing">
          <h2 id="help-billing">{t('site.help.billingTitle')}</h2>
          <p>{t('site.help.billing')}</p>
        </section>
        <section className="card" aria-labelledby="help-contact">
          <h2 id="help-contact">{t('site.help.contactTitle')}</h2>
          <p>
            <Rich id="site.help.contact" components={link('/contact-us')} />
          </p>
        </section>
      </div>
    </>
  );
}
