import { Redirect, useLocation } from 'wouter';
import { useOrganizationScope } from '@/lib/OrganizationContext';
import { useSeo } from '@/lib/seo';
import { TestimonialList } from './TestimonialList';
import { Icon } from './Icon';
import { OrgRegistrationDialog } from './OrgRegistrationDialog';
import { SEO_LANDINGS, USE_CASES } from './useCases';
import { useRegistrationDialog } from './useRegistrationDialog';
import './marketing.css';

/** Industry landing pages: /use-cases/{slug}, plus the /senior-centers and /community-colleges SEO pages. */
export function UseCasePage() {
  const [location] = useLocation();
  const slug = location
    .replace(/^\/use-cases\//, '')
    .replace(/^\//, '')
    .replace(/\/$/, '');
  const useCase = USE_CASES[slug] ?? SEO_LANDINGS[slug];
  useOrganizationScope(null);
  useSeo(useCase?.seoKey ?? 'home');
  const dialog = useRegistrationDialog();
  if (!useCase) return <Redirect to="/" replace />;

  return (
    <>
      <section className="hero hero--compact">
        <div className="container hero__inner hero__inner--single">
          <div className="hero__copy">
            <span className="hero__eyebrow">{useCase.eyebrow}</span>
            <h1 className="hero__title">{useCase.title}</h1>
            <p className="hero__text">{useCase.intro}</p>
            <div className="hero__actions">
              <button type="button" className="btn btn--light btn--lg" onClick={() => dialog.start(`usecase_${useCase.slug}_hero`)}>
                Start Free
              </button>
            </div>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="pain-title">
        <div className="container">
          <div className="section__intro">
            <span className="eyebrow">The problem</span>
            <h2 id="pain-title">Sound familiar?</h2>
          </div>
          <ul className="pain-grid">
            {useCase.painPoints.map((p) => (
              <li key={p.title} className="pain">
                <h3>{p.title}</h3>
                <p>{p.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--white" aria-labelledby="benefits-title">
        <div className="container">
          <div className="section__intro">
            <span className="eyebrow">The solution</span>
            <h2 id="benefits-title">How Classlane helps</h2>
          </div>
          <ul className="feature-grid feature-grid--2">
            {useCase.benefits.map((b) => (
              <li key={b.title} className="feature">
                <span className="icon-tile">
                  <Icon name="check" />
                </span>
                <h3>{b.title}</h3>
                <p>{b.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="uc-testimonials-title">
        <div className="container">
          <div className="section__intro">
            <h2 id="uc-testimonials-title">What organizers say</h2>
          </div>
          <TestimonialList items={useCase.testimonials} className="testimonial-grid testimonial-grid--2" />
        </div>
      </section>

      <section className="section section--white" aria-labelledby="uc-pricing-title">
        <div className="container">
          <div className="pricing-block">
            <div>
              <span className="eyebrow">Pricing</span>
              <h2 id="uc-pricing-title">{useCase.pricing.title}</h2>
              <p className="pricing-block__text">{useCase.pricing.text}</p>
              <ul className="check-list">
                {useCase.pricing.points.map((point) => (
                  <li key={point}>
                    <Icon name="check" size={18} /> {point}
                  </li>
                ))}
              </ul>
            </div>
            <button type="button" className="btn btn--lg" onClick={() => dialog.start(`usecase_${useCase.slug}_pricing`)}>
              Start Free
            </button>
          </div>
        </div>
      </section>

      <OrgRegistrationDialog open={dialog.open} onClose={dialog.close} />
    </>
  );
}
