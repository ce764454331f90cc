import { Link } from 'wouter';
import { useSeo } from '@/lib/seo';

/**
 * /help: short answers for organization admins about plans and billing (linked from the admin Billing tab's Need
 * Help block). The limits named here are the seeded plans' (spec README decisions 2 and 3); the pricing page has
 * the full comparison.
 */
export function HelpPage() {
  useSeo('help');
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>Help</h1>
          <p>Answers about plans, billing and your subscription.</p>
        </div>
      </section>
      <div className="container section stack">
        <section className="card" aria-labelledby="help-plans">
          <h2 id="help-plans">Which plan do I need?</h2>
          <p>
            Free covers 2 active classes, 10 students and 20 online payments a month. Essential ($49 a month) adds online payment
            collection, advanced reporting and your own branding, with up to 25 classes and 500 students. Professional ($99 a month) removes
            the class and student limits and adds API access and priority support. <Link href="/pricing">Compare the plans</Link>.
          </p>
        </section>
        <section className="card" aria-labelledby="help-change">
          <h2 id="help-change">How do I upgrade, downgrade or cancel?</h2>
          <p>
            In the admin app, open Subscription, then Plans &amp; Pricing. An upgrade applies at once and you pay the difference for the
            rest of the month. A downgrade, or a cancellation, takes effect at the end of the period you have paid for: you keep every
            feature until then, and you can resume a cancellation before that date.
          </p>
        </section>
        <section className="card" aria-labelledby="help-data">
          <h2 id="help-data">What happens to my data if my plan ends?</h2>
          <p>
            Nothing is deleted. Your organization moves to the Free plan: classes and students over its limits stay as they are, and only
            new ones past the limits are refused until you subscribe again.
          </p>
        </section>
        <section className="card" aria-labelledby="help-billing">
          <h2 id="help-billing">Invoices and payment methods</h2>
          <p>
            Billing runs on Stripe. In Subscription, Billing &amp; Usage, open the billing portal to download invoices and change your card.
            If a payment fails, your plan stays active while Stripe retries; update your card to keep it.
          </p>
        </section>
        <section className="card" aria-labelledby="help-contact">
          <h2 id="help-contact">Still need help?</h2>
          <p>
            <Link href="/contact-us">Contact us</Link> and we will get back to you.
          </p>
        </section>
      </div>
    </>
  );
}
