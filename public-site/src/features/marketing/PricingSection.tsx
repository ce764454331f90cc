import { Alert } from '@/components/ui/Alert';
import { useAsync } from '@/lib/useAsync';
import { FALLBACK_PLANS, getPlans, isPopular, NO_ONLINE_PAYMENTS, planButtonText, planFeatures, planPrice } from './api/getPlans';

/** Plans from GET /api/subscription-plans; built-in plans when that fails (spec 1 §2, §8). */
export function PricingSection({ onStart, headingLevel = 2 }: { onStart: (source: string) => void; headingLevel?: 1 | 2 }) {
  const state = useAsync(getPlans, []);
  const plans = state.error ? FALLBACK_PLANS : (state.data ?? []);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  return (
    <section id="pricing" className="section section--white pricing" aria-labelledby="pricing-title">
      <div className="container">
        <div className="section__intro">
          <span className="eyebrow">Pricing</span>
          <Heading id="pricing-title">Simple pricing that grows with you</Heading>
          <p>Free to start. No setup fees, no credit card required. Paid plans process cards at 2.9% + 30¢ per transaction.</p>
        </div>
        {state.error ? <Alert tone="warning">Failed to load pricing information</Alert> : null}
        {state.loading ? (
          <div className="pricing__grid" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <div key={i} className="plan-card plan-card--skeleton" aria-hidden="true" />
            ))}
          </div>
        ) : (
          <ul className="pricing__grid" aria-label="Plans">
            {plans.map((plan) => {
              const popular = isPopular(plan);
              return (
                <li key={plan.id} className={`plan-card${popular ? ' plan-card--popular' : ''}`}>
                  {popular ? <span className="plan-card__badge">Popular</span> : null}
                  <h3 className="plan-card__name">{plan.name}</h3>
                  <p className="plan-card__price">
                    <span className="plan-card__amount">{planPrice(plan)}</span>
                    <span className="plan-card__period">/month</span>
                  </p>
                  {plan.description ? <p className="plan-card__desc">{plan.description}</p> : null}
                  <ul className="plan-card__features">
                    {planFeatures(plan).map((feature) => (
                      <li key={feature} className={feature === NO_ONLINE_PAYMENTS ? 'is-missing' : undefined}>
                        {feature}
                      </li>
                    ))}
                  </ul>
                  {plan.monthlyPrice > 0 ? <p className="plan-card__fine">+2.9% + 30¢ per card transaction</p> : null}
                  <button
                    type="button"
                    className={`btn btn--block${popular ? '' : ' btn--secondary'}`}
                    onClick={() => onStart(`pricing_${plan.id}`)}
                  >
                    {planButtonText(plan)}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
