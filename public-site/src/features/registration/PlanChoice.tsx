import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { formatLongDate, formatPrice } from '@/lib/classFormat';
import { useT } from '@/lib/i18n/useT';
import { getPriceQuote, type OfferedPlan, type QuotedPlan } from './api/priceQuote';
import type { CardRegistration } from './api/cardPayment';

/** What the card step pays with: in full, or a plan whose schedule was quoted and whose consent the payer accepted. */
export interface PlanSelection {
  plan: QuotedPlan | null;
  consentAccepted: boolean;
}

/** A local due date (YYYY-MM-DD, the organization's day) shown as that day, whatever the browser's zone. */
const dueDay = (day: string) => formatLongDate(`${day}T12:00:00`);

/**
 * Issue 40 §2: "Pay in full" or one of the plans the quote offers. Choosing a plan asks the server for its schedule
 * for this registration (after every discount and promo code): the deposit today (or nothing, the card only saved)
 * and each instalment's date and amount, then the organization's consent text, which the payer must accept before
 * paying. The server charges exactly the schedule it quoted.
 */
export function PlanChoice({
  plans,
  registration,
  amount,
  disabled,
  onChange,
}: {
  plans: OfferedPlan[];
  registration: CardRegistration;
  amount: number;
  disabled: boolean;
  onChange: (selection: PlanSelection) => void;
}) {
  const t = useT();
  const [chosen, setChosen] = useState<string>('full');
  const [quoted, setQuoted] = useState<QuotedPlan | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'error'>('idle');
  const [accepted, setAccepted] = useState(false);
  const { organizationId, classId, student, promoCode, dateOfBirth } = registration;

  useEffect(() => {
    setQuoted(null);
    setAccepted(false);
    if (chosen === 'full') {
      setState('idle');
      return;
    }
    let live = true;
    setState('loading');
    getPriceQuote({
      organizationId,
      classId,
      email: student.email,
      promoCode,
      attendees: dateOfBirth ? [{ firstName: '', lastName: '', dateOfBirth }] : undefined,
      paymentPlanId: chosen,
    })
      .then((q) => {
        if (!live) return;
        setQuoted(q.paymentPlan ?? null);
        setState(q.paymentPlan ? 'idle' : 'error');
      })
      .catch(() => live && setState('error'));
    return () => {
      live = false;
    };
  }, [chosen, organizationId, classId, student.email, promoCode, dateOfBirth]);

  useEffect(() => onChange({ plan: quoted, consentAccepted: accepted }), [quoted, accepted, onChange]);

  return (
    <div className="stack plan-choice">
      <fieldset className="payment-methods">
        <legend>{t('plan.choose')}</legend>
        {[{ id: 'full', name: t('plan.full') }, ...plans].map((p) => (
          <label key={p.id} className={`payment-option${chosen === p.id ? ' is-selected' : ''}`}>
            <input
              type="radio"
              name="paymentPlan"
              value={p.id}
              checked={chosen === p.id}
              onChange={() => setChosen(p.id)}
              disabled={disabled}
            />
            <span>
              <strong>{p.name}</strong>
              {p.id === 'full' ? <span className="payment-option__note">{t('plan.fullNote', { amount: formatPrice(amount) })}</span> : null}
            </span>
          </label>
        ))}
      </fieldset>
      {state === 'loading' ? (
        <p className="payment-loading" role="status">
          <span className="spinner" aria-hidden="true" /> {t('plan.loading')}
        </p>
      ) : state === 'error' ? (
        <Alert tone="error">{t('plan.loadError')}</Alert>
      ) : null}
      {quoted ? (
        <section className="plan-schedule" aria-labelledby="plan-schedule-title">
          <h3 id="plan-schedule-title">{t('plan.schedule')}</h3>
          <table className="plan-schedule__table">
            <tbody>
              <tr>
                <th scope="row">{t('plan.today')}</th>
                <td>{quoted.deposit > 0 ? formatPrice(quoted.deposit) : t('plan.todayNothing')}</td>
              </tr>
              {quoted.instalments.map((i) => (
                <tr key={i.dueAt}>
                  <th scope="row">{dueDay(i.dueDate)}</th>
                  <td>{formatPrice(i.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="plan-schedule__total">
            <strong>{t('plan.total', { amount: formatPrice(quoted.total) })}</strong>
            {quoted.surcharge > 0 ? ` ${t('plan.surcharge', { amount: formatPrice(quoted.surcharge) })}` : null}
          </p>
          <div className="plan-consent">
            <h4>{t('plan.consentTitle')}</h4>
            <p className="plan-consent__text">{quoted.consent.text}</p>
            <label className="plan-consent__accept">
              <input type="checkbox" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} disabled={disabled} />
              <span>{t('plan.consentAccept')}</span>
            </label>
          </div>
        </section>
      ) : null}
    </div>
  );
}
