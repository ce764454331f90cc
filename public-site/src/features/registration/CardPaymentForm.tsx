import { useCallback, useEffect, useRef, useState } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { Alert } from '@/components/ui/Alert';
import { formatPrice } from '@/lib/classFormat';
import {
  CARD_MESSAGES,
  cardConfirmErrorMessage,
  cardIntentErrorMessage,
  confirmCardEnrollment,
  createCardIntent,
  type CardEnrollment,
  type CardRegistration,
} from './api/cardPayment';
import { HoldCountdown } from './HoldCountdown';
import { holdEndsAt } from './holdTimer';

export interface CardPaid extends CardEnrollment {
  /** What the server charged, in dollars (it computes the price itself). */
  amount: number;
}

interface Props {
  stripe: Stripe;
  registration: CardRegistration;
  amount: number;
  onPaid: (paid: CardPaid) => void;
  onBack: () => void;
  /** Told while a hold, a payment or its verification is in flight, or a payment awaits verification (the step locks the method choice). */
  onBusyChange?: (busy: boolean) => void;
}

/** The payment went through but the server could not be reached to verify it; the webhook will finish the job. */
export const PAID_UNCONFIRMED =
  'Your payment was received, but we could not confirm your registration yet. Please do not pay again: it will be confirmed automatically. Check again in a moment, or contact the organization.';

export type CardPhase = 'idle' | 'holding' | 'paying' | 'confirming' | 'unconfirmed';

/** The pay button's text for each phase of the card step. */
export function payButtonText(phase: CardPhase, amount: number): string {
  switch (phase) {
    case 'holding':
      return 'Reserving your spot...';
    case 'paying':
      return 'Processing payment...';
    case 'confirming':
      return 'Confirming registration...';
    default:
      return `Pay ${formatPrice(amount)}`;
  }
}

const CARD_STYLE = {
  style: {
    base: { fontSize: '16px', color: '#1f2937', '::placeholder': { color: '#6b7280' } },
    invalid: { color: '#b42318' },
  },
};

/**
 * The card step (spec 2 §4), a lazily loaded chunk with Stripe's React bindings. On Pay: the server
 * takes a seat hold and opens the PaymentIntent (asking again while the hold is open returns the same one), the
 * card is confirmed with Stripe directly, then the server verifies the payment with Stripe and completes the
 * enrollment (decision 10: the browser never reports a payment as completed; if it never gets back, Stripe's
 * webhook completes the enrollment).
 */
export default function CardPaymentForm({ stripe, ...props }: Props) {
  return (
    <Elements stripe={stripe}>
      <CardCheckout {...props} />
    </Elements>
  );
}

function CardCheckout({ registration, amount, onPaid, onBack, onBusyChange }: Omit<Props, 'stripe'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [card, setCard] = useState<{ complete: boolean; error: string | null }>({ complete: false, error: null });
  const [phase, setPhase] = useState<CardPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [holdEnd, setHoldEnd] = useState<number | null>(null);
  const pending = useRef<{ paymentIntentId: string; amount: number } | null>(null);
  const busy = phase === 'holding' || phase === 'paying' || phase === 'confirming';
  // Paid but not yet verified counts too: switching to in person (or back) then could mean paying twice.
  const locked = busy || phase === 'unconfirmed';
  useEffect(() => onBusyChange?.(locked), [locked, onBusyChange]);

  const onCardChange = useCallback((event: StripeCardElementChangeEvent) => {
    setCard({ complete: event.complete, error: event.error?.message ?? null });
  }, []);

  async function verify(paymentIntentId: string, paidAmount: number) {
    setPhase('confirming');
    for (let attempt = 0; ; attempt++) {
      try {
        const enrollment = await confirmCardEnrollment({ ...registration, paymentIntentId });
        onPaid({ ...enrollment, amount: paidAmount });
        return;
      } catch {
        // A lost reply or a busy server: ask twice more before telling the student (who has paid) to wait.
        if (attempt >= 2) break;
        await new Promise((resolve) => setTimeout(resolve, 1000 * (attempt + 1)));
      }
    }
    setError(PAID_UNCONFIRMED);
    setPhase('unconfirmed');
  }

  async function pay() {
    if (busy) return;
    if (phase === 'unconfirmed' && pending.current) {
      setError(null);
      await verify(pending.current.paymentIntentId, pending.current.amount);
      return;
    }
    setError(null);
    const { classId, organizationId, student } = registration;
    if (!classId || !organizationId || !student.email || !student.firstName || !student.lastName) {
      setError(CARD_MESSAGES.missingInformation);
      return;
    }
    if (!stripe || !elements) {
      setError(CARD_MESSAGES.notReady);
      return;
    }
    const cardElement = elements.getElement(CardElement);
    if (!cardElement) {
      setError(CARD_MESSAGES.cardNotFound);
      return;
    }

    setPhase('holding');
    let intent;
    try {
      intent = await createCardIntent({ ...registration, amount });
    } catch (err) {
      setError(cardIntentErrorMessage(err));
      setPhase('idle');
      return;
    }
    setHoldEnd(holdEndsAt(intent.holdExpiresAt));

    setPhase('paying');
    let result;
    try {
      result = await stripe.confirmCardPayment(intent.clientSecret, {
        payment_method: {
          card: cardElement,
          billing_details: { name: `${student.firstName} ${student.lastName}`, email: student.email, phone: student.phone },
        },
      });
    } catch {
      result = { error: { message: CARD_MESSAGES.paymentFailed } };
    }
    const failure = cardConfirmErrorMessage(result);
    if (failure) {
      setError(failure);
      setPhase('idle');
      return;
    }
    pending.current = { paymentIntentId: intent.paymentIntentId, amount: intent.amount };
    await verify(intent.paymentIntentId, intent.amount);
  }

  const describedBy = card.error ? 'card-field-error' : undefined;
  return (
    <form
      className="stack card-payment"
      aria-label="Card payment"
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
    >
      {holdEnd !== null && phase !== 'unconfirmed' ? <HoldCountdown endsAt={holdEnd} /> : null}
      <div className="field">
        <span className="field__label" id="card-field-label">
          Card details
        </span>
        <div
          className={`card-field${card.error ? ' card-field--invalid' : ''}`}
          aria-labelledby="card-field-label"
          aria-describedby={describedBy}
          role="group"
        >
          <CardElement options={{ ...CARD_STYLE, disabled: busy || phase === 'unconfirmed' }} onChange={onCardChange} />
        </div>
        {card.error ? (
          <p className="field__error" id="card-field-error" role="alert">
            {card.error}
          </p>
        ) : null}
      </div>

      {error ? (
        <Alert
          tone={phase === 'unconfirmed' ? 'warning' : 'error'}
          title={phase === 'unconfirmed' ? 'Payment received' : 'Payment not completed'}
        >
          {error}
        </Alert>
      ) : null}

      <div className="payment-actions">
        <button type="button" className="btn btn--secondary" onClick={onBack} disabled={locked}>
          Back
        </button>
        {phase === 'unconfirmed' ? (
          <button type="submit" className="btn btn--lg">
            Check again
          </button>
        ) : (
          <button type="submit" className="btn btn--lg" disabled={busy || !card.complete || !stripe}>
            {busy ? <span className="spinner spinner--light" aria-hidden="true" /> : null}
            {payButtonText(phase, amount)}
          </button>
        )}
      </div>
      <p className="payment-secure-note">
        Card details go straight to Stripe, our payment processor; Classlane never sees your card number.
      </p>
    </form>
  );
}
