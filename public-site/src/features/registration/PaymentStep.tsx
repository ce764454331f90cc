import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { formatPrice } from '@/lib/classFormat';
import { getCardAvailability } from './api/getPaymentAvailability';

export type PaymentMethod = 'in-person' | 'card';

const PAYMENT_UNAVAILABLE_TEXT =
  "Credit card payments are temporarily unavailable. Please select 'Pay in Person at Class' to reserve your spot.";

/**
 * Step 2: payment method. The card form itself arrives with the card-payment issue; until then the card
 * option is offered only when the organization can take cards, and otherwise the spec's unavailable
 * panel is shown. In person: no server call here; the page posts the registration.
 */
export function PaymentStep({
  organizationId,
  amount,
  busy,
  error,
  onReserve,
  onBack,
}: {
  organizationId: string;
  amount: number;
  busy: boolean;
  error: string | null;
  onReserve: () => void;
  onBack: () => void;
}) {
  const [availability, setAvailability] = useState<{ checked: boolean; available: boolean }>({ checked: false, available: false });
  const [method, setMethod] = useState<PaymentMethod>('in-person');

  useEffect(() => {
    let active = true;
    getCardAvailability(organizationId).then((result) => active && setAvailability({ checked: true, available: result.available }));
    return () => {
      active = false;
    };
  }, [organizationId]);

  return (
    <div className="stack payment-step">
      <fieldset className="payment-methods">
        <legend>Choose how to pay</legend>
        {availability.available ? (
          <label className={`payment-option${method === 'card' ? ' is-selected' : ''}`}>
            <input type="radio" name="paymentMethod" value="card" checked={method === 'card'} onChange={() => setMethod('card')} />
            <span>
              <strong>Pay by Card</strong>
              <span className="payment-option__note">Secure online payment of {formatPrice(amount)}.</span>
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
          />
          <span>
            <strong>Pay in Person at Class</strong>
            <span className="payment-option__note">
              Reserve your spot now and pay {formatPrice(amount)} before class starts. Cash, credit and debit accepted.
            </span>
          </span>
        </label>
      </fieldset>

      {availability.checked && !availability.available ? (
        <div className="alert alert--warning" role="status">
          <strong>Payment System Unavailable:</strong> {PAYMENT_UNAVAILABLE_TEXT}
        </div>
      ) : null}

      {method === 'card' ? (
        <Alert tone="info" title="Card payment">
          <p>
            Online card payment is being set up for this organization. Please select &apos;Pay in Person at Class&apos; to reserve your spot
            today.
          </p>
        </Alert>
      ) : null}

      {error ? (
        <Alert tone="error" title={/full/i.test(error) ? 'This class is full' : 'We could not complete your registration'}>
          {error}
        </Alert>
      ) : null}

      <div className="payment-actions">
        <button type="button" className="btn btn--secondary" onClick={onBack} disabled={busy}>
          Back
        </button>
        <button type="button" className="btn btn--lg" onClick={onReserve} disabled={busy || method !== 'in-person'}>
          {busy ? <span className="spinner spinner--light" aria-hidden="true" /> : null}
          {busy ? 'Reserving your spot...' : 'Reserve My Spot'}
        </button>
      </div>
    </div>
  );
}
