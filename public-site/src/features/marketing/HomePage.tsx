import { useState } from 'react';
import { Link } from 'wouter';
import { getVariant } from './abTest';
import { useOrganizationScope } from '@/lib/OrganizationContext';
import { useSeo } from '@/lib/seo';
import { TestimonialList } from './TestimonialList';
import { Icon, type IconName } from './Icon';
import { OrgRegistrationDialog } from './OrgRegistrationDialog';
import { PricingSection } from './PricingSection';
import { USE_CASES } from './useCases';
import { useRegistrationDialog } from './useRegistrationDialog';
import './marketing.css';

const HEADLINES = {
  features_focused: {
    title: 'Class scheduling, registration and payments in one place',
    text: 'Publish classes in minutes, let students register and pay online or in person, and keep every roster, payment and reminder together.',
  },
  use_cases_focused: {
    title: 'Built for studios, community centers, colleges and training programs',
    text: 'Whatever you teach, give students a beautiful class page, a two-minute registration and reminders that bring them back.',
  },
} as const;

const CTAS = { start_free: 'Start Free', try_demo: 'Try It Free' } as const;

const FEATURES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'calendar',
    title: 'Scheduling & calendar',
    text: 'Single sessions, consecutive days or weekly series, shown in a grid or a month calendar.',
  },
  {
    icon: 'users',
    title: 'Easy registration',
    text: 'Two short steps with clear validation, duplicate-enrollment checks and capacity limits.',
  },
  {
    icon: 'card',
    title: 'Online & in-person payments',
    text: 'Card payments through connected accounts, or reserve now and pay at class.',
  },
  { icon: 'bell', title: 'Email & SMS reminders', text: 'Confirmations, schedule changes and reminders sent automatically.' },
  { icon: 'chart', title: 'Reports & attendance', text: 'Enrollment, revenue and attendance per session, ready to export.' },
  { icon: 'palette', title: 'Your brand', text: 'Your logo, colours and name on every page, plus a shareable link and QR code.' },
];

const TESTIMONIALS = [
  {
    quote: 'We went from paper sign-up sheets to online registration in one afternoon. Our front desk finally has time for members again.',
    name: 'Linda Morales',
    role: 'Coordinator, Riverside Senior Center',
  },
  {
    quote: 'Students register from their phones and our instructors see who has paid before class starts. No more clipboard chaos.',
    name: 'Priya Raman',
    role: 'Owner, Lotus Flow Yoga',
  },
  {
    quote: 'We replaced an expensive legacy system and cut our costs by more than half, without losing a single feature we used.',
    name: 'Dr. Alan Foster',
    role: 'Dean of Continuing Education, Valley Community College',
  },
];

/** Marketing home page (spec 1 §2). */
export function HomePage() {
  useOrganizationScope(null);
  useSeo('home');
  const [headline] = useState(() => getVariant('headline'));
  const [cta] = useState(() => getVariant('cta'));
  const dialog = useRegistrationDialog();
  const copy = HEADLINES[headline];

  return (
    <>
      <section className="hero" data-variant={headline}>
        <div className="container hero__inner">
          <div className="hero__copy">
            <span className="hero__eyebrow">Free to start · No setup fees · No credit card required</span>
            <h1 className="hero__title">{copy.title}</h1>
            <p className="hero__text">{copy.text}</p>
            <div className="hero__actions">
              <button type="button" className="btn btn--light btn--lg" data-cta-variant={cta} onClick={() => dialog.start(`hero_${cta}`)}>
                {CTAS[cta]}
              </button>
              <a href="#pricing" className="btn btn--outline-light btn--lg">
                See Pricing
              </a>
            </div>
          </div>
          <div className="hero__visual" aria-hidden="true">
            <div className="mock">
              <div className="mock__bar" />
              <div className="mock__row">
                <span className="mock__badge">Open</span>
                <span className="mock__price">$45</span>
              </div>
              <div className="mock__title" />
              <div className="mock__line" />
              <div className="mock__line mock__line--short" />
              <div className="mock__progress">
                <span />
              </div>
              <div className="mock__button">Register Now</div>
            </div>
          </div>
        </div>
      </section>

      <section id="use-cases" className="section" aria-labelledby="use-cases-title">
        <div className="container">
          <div className="section__intro">
            <span className="eyebrow">Use cases</span>
            <h2 id="use-cases-title">Made for the way you teach</h2>
            <p>Organizations of every kind run their classes on Classlane.</p>
          </div>
          <ul className="usecase-grid">
            {Object.values(USE_CASES).map((useCase) => (
              <li key={useCase.slug} className="usecase-card">
                <span className="icon-tile">
                  <Icon name={useCase.icon} />
                </span>
                <h3>
                  <Link href={`/use-cases/${useCase.slug}`} className="usecase-card__link">
                    {useCase.cardTitle}
                  </Link>
                </h3>
                <p>{useCase.cardText}</p>
                <span className="usecase-card__more" aria-hidden="true">
                  Learn more →
                </span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="features" className="section section--white" aria-labelledby="features-title">
        <div className="container">
          <div className="section__intro">
            <span className="eyebrow">Features</span>
            <h2 id="features-title">Everything from the first sign-up to the last session</h2>
          </div>
          <ul className="feature-grid">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="feature">
                <span className="icon-tile">
                  <Icon name={feature.icon} />
                </span>
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="testimonials-title">
        <div className="container">
          <div className="section__intro">
            <span className="eyebrow">Testimonials</span>
            <h2 id="testimonials-title">Loved by organizers and students</h2>
          </div>
          <TestimonialList items={TESTIMONIALS} />
        </div>
      </section>

      <PricingSection onStart={dialog.start} />

      <section className="cta-band" aria-labelledby="cta-title">
        <div className="container cta-band__inner">
          <h2 id="cta-title">Ready to fill your classes?</h2>
          <p>Set up your organization in two minutes. Free to start, no credit card required.</p>
          <button type="button" className="btn btn--light btn--lg" onClick={() => dialog.start(`bottom_${cta}`)}>
            {CTAS[cta]}
          </button>
        </div>
      </section>

      <OrgRegistrationDialog open={dialog.open} onClose={dialog.close} />
    </>
  );
}
