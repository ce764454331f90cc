import { useCallback, useEffect, useRef, useState } from 'react';
import { windowRefusal, type WindowRefusal } from './registrationWindow';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripePaymentElementChangeEvent } from '@stripe/stripe-js';
import { Alert } from '@/components/ui/Alert';
import { formatPrice } from '@/lib/classFormat';
import { currentLocale } from '@/lib/i18n/i18n';
import { localizeMessage } from '@/lib/i18n/localizeMessage';
import { useT, type Translate } from '@/lib/i18n/useT';
import {
  CARD_MESSAGES,
  cardConfirmErrorMessage,
  cardIntentErrorMessage,
  confirmCardEnrollment,
  createCardIntent,
  type CardEnrollment,
  type CardIntent,
  type CardRegistration,
} from './api/cardPayment';
import { HoldCountdown } from './HoldCountdown';
import { holdEndsAt } from './holdTimer';

/** A payment plan chosen at this step (issue 40): the deposit is charged now, or with none the card is only saved. */
export interface CardPlan {
  id: string;
  consentVersion: number;
  deposit: number;
  total: number;
}

export interface CardPaid extends CardEnrollment {
  /** What the server charged, in dollars (it computes the price itself). */
  amount: number;
}

/**
 * Where the card step takes its seat hold and PaymentIntent, and how the server verifies the payment: a registration's
 * by default; the portal passes its own (paying the difference of a switch to a dearer class).
 */
export interface CardFlow {
  open: (amount: number) => Promise<CardIntent>;
  verify: (paymentIntentId: string) => Promise<CardEnrollment>;
}

interface Props {
  stripe: Stripe;
  /** The payer's details (sent with the payment) and, without `flow`, the registration the seat is held for. */
  registration: CardRegistration;
  flow?: CardFlow;
  amount: number;
  /** A chosen payment plan: the Element and the intent are the deposit's, or a SetupIntent's with no deposit. */
  plan?: CardPlan | null;
  /** Paying is not allowed yet (a plan's consent not accepted). */
  blocked?: boolean;
  onPaid: (paid: CardPaid) => void;
  onBack: () => void;
  /** Told while a hold, a payment or its verification is in flight, or a payment awaits verification (the step locks the method choice). */
  onBusyChange?: (busy: boolean) => void;
  /** The server refused the hold outside the class's registration window: the page shows its own notice. */
  onWindowRefused?: (refusal: WindowRefusal) => void;
  /** The server asked for a place in the opening's line (or said it is not one's turn yet): true when the page took it over. */
  onWaitingRoomRefused?: (error: unknown) => boolean;
}

/** The payment went through but the server could not be reached to verify it; the webhook will finish the job. */
export const PAID_UNCONFIRMED =
  'Your payment was received, but we could not confirm your registration yet. Please do not pay again: it will be confirmed automatically. Check again in a moment, or contact the organization.';

export type CardPhase = 'idle' | 'holding' | 'paying' | 'confirming' | 'unconfirmed';

/** The pay button's text for each phase of the card step. */
export function payButtonText(t: Translate, phase: CardPhase, amount: number): string {
  switch (phase) {
    case 'holding':
      return t('pay.holding');
    case 'paying':
      return t('pay.paying');
    case 'confirming':
      return t('pay.confirming');
    default:
      return t('pay.pay', { amount: formatPrice(amount) });
  }
}

/** Stripe's own texts (the card fields, their errors) in the page's language: Canadian French, as the site's Intl. */
const STRIPE_LOCALES = { en: 'en', es: 'es', fr: 'fr-CA' } as const;

/** Stripe's Payment Element in the site's look (the field text size keeps phones from zooming in). */
const APPEARANCE = {
  theme: 'stripe' as const,
  variables: { fontSizeBase: '16px', colorText: '#1f2937', colorDanger: '#b42318' },
};

/**
 * The card step (spec 2 §4), a lazily loaded chunk with Stripe's React bindings. Stripe's Payment Element collects the
 * card, or Apple Pay, Google Pay or Link where the device and the organization's Stripe account offer them. The
 * Element is shown before any PaymentIntent exists (Stripe's "deferred intent" mode, with the quote's amount), so the
 * seat is still held only on Pay: the server takes a seat hold and opens the PaymentIntent (asking again while the
 * hold is open returns the same one), the payment is confirmed with Stripe directly without leaving the page
 * (`redirect: 'if_required'`: only methods that succeed or fail now are offered), then the server verifies the
 * payment with Stripe and completes the enrollment (decision 10: the browser never reports a payment as completed;
 * if it never gets back, Stripe's webhook completes the enrollment).
 */
export default function CardPaymentForm({ stripe, ...props }: Props) {
  const cents = Math.round((props.plan ? props.plan.deposit : props.amount) * 100);
  const common = { currency: 'usd', appearance: APPEARANCE, locale: STRIPE_LOCALES[currentLocale()] } as const;
  // A plan saves the method for the instalments: the Element must say so as the intent does (setup_future_usage), and
  // with no deposit it collects the method for a SetupIntent.
  const options = !props.plan
    ? { ...common, mode: 'payment' as const, amount: cents }
    : cents > 0
      ? { ...common, mode: 'payment' as const, amount: cents, setupFutureUsage: 'off_session' as const }
      : { ...common, mode: 'setup' as const, setupFutureUsage: 'off_session' as const };
  return (
    <Elements stripe={stripe} options={options}>
      <CardCheckout {...props} />
    </Elements>
  );
}

function CardCheckout({
  registration,
  flow,
  amount,
  plan,
  blocked = false,
  onPaid,
  onBack,
  onBusyChange,
  onWindowRefused,
  onWaitingRoomRefused,
}: Omit<Props, 'stripe'>) {
  const stripe = useStripe();
  const elements = useElements();
  const t = useT();
  const [card, setCard] = useState<{ complete: boolean }>({ complete: false });
  const [phase, setPhase] = useState<CardPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [holdEnd, setHoldEnd] = useState<number | null>(null);
  const pending = useRef<{ paymentIntentId: string; amount: number } | null>(null);
  const busy = phase === 'holding' || phase === 'paying' || phase === 'confirming';
  // Paid but not yet verified counts too: switching to in person (or back) then could mean paying twice.
  const locked = busy || phase === 'unconfirmed';
  useEffect(() => onBusyChange?.(locked), [locked, onBusyChange]);

  // The Payment Element shows its own field errors; the page only needs to know when the details are complete.
  const onCardChange = useCallback((event: StripePaymentElementChangeEvent) => {
    setCard({ complete: event.complete });
  }, []);

  async function verify(paymentIntentId: string, paidAmount: number) {
    setPhase('confirming');
    for (let attempt = 0; ; attempt++) {
      try {
        const enrollment = flow ? await flow.verify(paymentIntentId) : await confirmCardEnrollment({ ...registration, paymentIntentId });
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
    if (!elements.getElement(PaymentElement)) {
      setError(CARD_MESSAGES.cardNotFound);
      return;
    }
    // Stripe checks the details (and opens a wallet's sheet) before anything is held or charged.
    const submitted = await elements.submit();
    if (submitted.error) {
      setError(submitted.error.message || CARD_MESSAGES.paymentFailed);
      return;
    }

    setPhase('holding');
    let intent;
    try {
      intent = flow
        ? await flow.open(amount)
        : await createCardIntent({
            ...registration,
            amount: plan ? plan.total : amount,
            ...(plan ? { paymentPlan: { id: plan.id, consentAccepted: true, consentVersion: plan.consentVersion } } : {}),
          });
    } catch (err) {
      if (onWaitingRoomRefused?.(err)) {
        setPhase('idle');
        return;
      }
      const refusal = onWindowRefused ? windowRefusal(err) : null;
      if (refusal) onWindowRefused?.(refusal);
      else setError(cardIntentErrorMessage(err));
      setPhase('idle');
      return;
    }
    setHoldEnd(holdEndsAt(intent.holdExpiresAt));

    setPhase('paying');
    if (intent.setupIntentId && !intent.paymentIntentId) {
      await saveCard(intent.clientSecret, intent.setupIntentId, intent.enrollmentId ?? '');
      return;
    }
    let result;
    try {
      result = await stripe.confirmPayment({
        elements,
        clientSecret: intent.clientSecret,
        confirmParams: {
          // Never used for the methods offered here (they complete on the page); Stripe requires one for a redirect.
          return_url: window.location.href,
          payment_method_data: {
            billing_details: { name: `${student.firstName} ${student.lastName}`, email: student.email, phone: student.phone },
          },
        },
        redirect: 'if_required',
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

  /**
   * A plan with no deposit: Stripe saves the card (SetupIntent). The registration is completed by Stripe's event on the
   * server, never by this page; the confirmation shows once Stripe answered the card is saved.
   */
  async function saveCard(clientSecret: string, setupIntentId: string, enrollmentId: string) {
    if (!stripe || !elements) return;
    let result;
    try {
      result = await stripe.confirmSetup({
        elements,
        clientSecret,
        confirmParams: { return_url: window.location.href },
        redirect: 'if_required',
      });
    } catch {
      result = { error: { message: CARD_MESSAGES.paymentFailed } };
    }
    if (result.error || result.setupIntent?.status !== 'succeeded') {
      setError(result.error?.message || CARD_MESSAGES.notCompleted);
      setPhase('idle');
      return;
    }
    // The portal's new card: the server reads the SetupIntent from Stripe before the plan uses the card.
    if (flow) {
      setPhase('confirming');
      try {
        await flow.verify(setupIntentId);
      } catch {
        setError(CARD_MESSAGES.notCompleted);
        setPhase('idle');
        return;
      }
    }
    onPaid({ enrollmentId, transactionId: setupIntentId, amount: 0 });
  }

  const saving = !!plan && plan.deposit === 0;
  return (
    <form
      className="stack card-payment"
      aria-label={t('pay.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
    >
      {holdEnd !== null && phase !== 'unconfirmed' ? <HoldCountdown endsAt={holdEnd} /> : null}
      <div className="field">
        <span className="field__label" id="card-field-label">
          {t('pay.details')}
        </span>
        <div className="card-field" aria-labelledby="card-field-label" role="group">
          <PaymentElement
            options={{
              readOnly: busy || phase === 'unconfirmed',
              // The name, email and phone come from the registration form (sent with the payment below).
              fields: { billingDetails: { name: 'never', email: 'never', phone: 'never' } },
            }}
            onChange={onCardChange}
          />
        </div>
      </div>

      {error ? (
        <Alert
          tone={phase === 'unconfirmed' ? 'warning' : 'error'}
          title={phase === 'unconfirmed' ? t('pay.received') : t('pay.notCompleted')}
        >
          {localizeMessage(t, error)}
        </Alert>
      ) : null}

      <div className="payment-actions">
        <button type="button" className="btn btn--secondary" onClick={onBack} disabled={locked}>
          {t('pay.back')}
        </button>
        {phase === 'unconfirmed' ? (
          <button type="submit" className="btn btn--lg">
            {t('pay.checkAgain')}
          </button>
        ) : (
          <button type="submit" className="btn btn--lg" disabled={busy || blocked || !card.complete || !stripe}>
            {busy ? <span className="spinner spinner--light" aria-hidden="true" /> : null}
            {saving
              ? t(
                  phase === 'paying'
                    ? 'plan.saving'
                    : phase === 'idle'
                      ? 'plan.saveCard'
                      : phase === 'holding'
                        ? 'pay.holding'
                        : 'pay.confirming',
                )
              : payButtonText(t, phase, plan ? plan.deposit : amount)}
          </button>
        )}
      </div>
      <p className="payment-secure-note">{t('pay.secureNote')}</p>
    </form>
  );
}
