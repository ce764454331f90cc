import { useT } from '@/lib/i18n/useT';
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import type { WindowRefusal } from './registrationWindow';
import type { Stripe } from '@stripe/stripe-js';
import { Alert } from '@/components/ui/Alert';
import { formatPrice } from '@/lib/classFormat';
import type { CardRegistration } from './api/cardPayment';
import { getCardAvailability } from './api/getPaymentAvailability';
import type { OfferedPlan } from './api/priceQuote';
import type { CardPaid, CardPlan } from './CardPaymentForm';
import { PlanChoice, type PlanSelection } from './PlanChoice';
import { loadStripeJs } from './stripeLoader';

export type PaymentMethod = 'in-person' | 'card';

export const PAYMENT_UNAVAILABLE_TEXT =
  "Credit card payments are temporarily unavailable. Please select 'Pay in Person at Class' to reserve your spot.";

/** Stripe's smallest charge in US dollars. */
const MIN_CARD_AMOUNT = 0.5;

type CardForm = ComponentType<{
  stripe: Stripe;
  registration: CardRegistration;
  amount: number;
  plan?: CardPlan | null;
  blocked?: boolean;
  onPaid: (paid: CardPaid) => void;
  onBack: () => void;
  onBusyChange?: (busy: boolean) => void;
  onWindowRefused?: (refusal: WindowRefusal) => void;
  onWaitingRoomRefused?: (error: unknown) => boolean;
}>;

/**
 * What the step knows about card payment: still asking (`checking`), nothing to pay by card (`not-needed`: under
 * Stripe's $0.50 minimum), not offered (`unavailable`: the organization cannot take cards, or Stripe.js / the card
 * form could not load), or ready with Stripe.js and the card form's chunk loaded.
 */
export type CardState =
  | { status: 'checking' }
  | { status: 'not-needed' }
  | { status: 'unavailable' }
  | { status: 'loading' }
  | { status: 'ready'; stripe: Stripe; Form: CardForm };

/**
 * Step 2: payment method (spec 2 §2, §4). In person is the default; when the organization's connected account
 * can take charges the step switches to card by itself and loads Stripe.js and the card form (only here: the
 * rest of the site never downloads Stripe code). If they cannot load, the spec's unavailable panel shows and
 * in person stays selected. In person: no server call here; the page posts the registration.
 */
export function PaymentStep({
  registration,
  amount,
  busy,
  error,
  refusal = null,
  onReserve,
  onCardPaid,
  onBack,
  cardAllowed = true,
  onWindowRefused,
  onWaitingRoomRefused,
  plans = [],
}: {
  registration: CardRegistration;
  amount: number;
  /** The payment plans the quote offers (issue 40): chosen with the card; one person only (a household pays at once). */
  plans?: OfferedPlan[];
  busy: boolean;
  error: string | null;
  /** What the error refused, from its code: a full class or too few seats (the heading says which). */
  refusal?: 'full' | 'seats' | null;
  onReserve: () => void;
  onCardPaid: (paid: CardPaid) => void;
  onBack: () => void;
  /** False when the server already said this registration takes no card (a waitlist offer's `acceptsCard`). */
  cardAllowed?: boolean;
  /** The server refused a card hold outside the class's registration window (the page shows when it opens or closed). */
  onWindowRefused?: (refusal: WindowRefusal) => void;
  /** The server asked for a place in the opening's line for a card hold: true when the page took it over. */
  onWaitingRoomRefused?: (error: unknown) => boolean;
}) {
  const t = useT();
  const { organizationId } = registration;
  const [card, setCard] = useState<CardState>({ status: 'checking' });
  const [method, setMethod] = useState<PaymentMethod>('in-person');
  // A card payment in flight: switching method now would unmount the form mid-payment.
  const [cardBusy, setCardBusy] = useState(false);
  const locked = busy || cardBusy;
  const [selection, setSelection] = useState<PlanSelection>({ plan: null, consentAccepted: false });
  const onPlanChange = useCallback((next: PlanSelection) => setSelection(next), []);
  const offersPlans = plans.length > 0 && !registration.attendees;
  const chosen = selection.plan;
  const cardPlan: CardPlan | null = chosen
    ? { id: chosen.id, consentVersion: chosen.consent.version, deposit: chosen.deposit, total: chosen.total }
    : null;

  useEffect(() => {
    let active = true;
    void (async () => {
      // Stripe takes no card payment under $0.50 (a free class has nothing to pay), and a waitlist offer may take no card:
      // in person only, no panel.
      if (amount < MIN_CARD_AMOUNT || !cardAllowed) {
        setCard({ status: 'not-needed' });
        return;
      }
      const availability = await getCardAvailability(organizationId);
      if (!active) return;
      if (!availability.available || !availability.publicKey) {
        setCard({ status: 'unavailable' });
        return;
      }
      setCard({ status: 'loading' });
      setMethod('card');
      try {
        const [stripe, module] = await Promise.all([loadStripeJs(availability.publicKey), import('./CardPaymentForm')]);
        if (active) setCard({ status: 'ready', stripe, Form: module.default });
      } catch {
        if (!active) return;
        setCard({ status: 'unavailable' });
        setMethod('in-person');
      }
    })();
    return () => {
      active = false;
    };
  }, [organizationId, amount, cardAllowed]);

  const cardOffered = card.status === 'loading' || card.status === 'ready';
  return (
    <div className="stack payment-step">
      <fieldset className="payment-methods">
        <legend>{t('payment.choose')}</legend>
        {cardOffered ? (
          <label className={`payment-option${method === 'card' ? ' is-selected' : ''}`}>
            <input
              type="radio"
              name="paymentMethod"
              value="card"
              checked={method === 'card'}
              onChange={() => setMethod('card')}
              disabled={locked}
            />
            <span>
              <strong>{t('payment.card')}</strong>
              <span className="payment-option__note">{t('payment.cardNote', { amount: formatPrice(amount) })}</span>
            </span>
          </label>
        ) : null}
        <label className={`payment-option${method === 'in-person' ? ' is-selected' : ''}`}>
          <input
            type="radio"
            name="paymentMethod"
            value="in-person"
            checked={method === 'in-person'}
            onChange={() => setMethod('in-person')}
            disabled={locked}
          />
          <span>
            <strong>{t('payment.inPerson')}</strong>
            <span className="payment-option__note">{t('payment.inPersonNote', { amount: formatPrice(amount) })}</span>
          </span>
        </label>
      </fieldset>

      {card.status === 'unavailable' ? (
        <div className="alert alert--warning" role="status">
          <strong>{t('payment.unavailableTitle')}</strong> {t('payment.unavailable')}
        </div>
      ) : null}

      {method === 'card' && offersPlans ? (
        <PlanChoice plans={plans} registration={registration} amount={amount} disabled={locked} onChange={onPlanChange} />
      ) : null}

      {method === 'card' && card.status === 'ready' ? (
        <card.Form
          // A plan's Element is another Stripe mode (saving the card, or no charge today): a new form for each choice.
          key={cardPlan ? `${cardPlan.id}-${cardPlan.deposit}` : 'full'}
          stripe={card.stripe}
          registration={registration}
          amount={amount}
          plan={offersPlans ? cardPlan : null}
          blocked={offersPlans && !!chosen && !selection.consentAccepted}
          onPaid={onCardPaid}
          onBack={onBack}
          onBusyChange={setCardBusy}
          onWindowRefused={onWindowRefused}
          onWaitingRoomRefused={onWaitingRoomRefused}
        />
      ) : method === 'card' ? (
        <p className="payment-loading" role="status">
          <span className="spinner" aria-hidden="true" /> {t('payment.loadingCard')}
        </p>
      ) : (
        <>
          {error ? (
            <Alert
              tone="error"
              title={refusal === 'full' ? t('payment.refusedFull') : refusal === 'seats' ? t('payment.refusedSeats') : t('payment.refused')}
            >
              {error}
            </Alert>
          ) : null}
          <div className="payment-actions">
            <button type="button" className="btn btn--secondary" onClick={onBack} disabled={busy}>
              {t('payment.back')}
            </button>
            <button type="button" className="btn btn--lg" onClick={onReserve} disabled={busy}>
              {busy ? <span className="spinner spinner--light" aria-hidden="true" /> : null}
              {busy ? t('payment.reserving') : t('payment.reserve')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
