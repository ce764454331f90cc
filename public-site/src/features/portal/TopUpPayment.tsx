import { useMemo } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Rich } from '@/lib/i18n/Rich';
import { useT } from '@/lib/i18n/useT';
import type { CardFlow, CardPaid } from '@/features/registration/CardPaymentForm';
import {
  abandonTransferPayment,
  confirmTransferPayment,
  money,
  transferPaymentIntent,
  type PortalRegistrations,
  type PortalSession,
  type PortalTransferOption,
} from './api/portal';
import { usePortalCard } from './usePortalCard';
// The card step's own look (field frame, hold timer, actions), as the waitlist offer page takes it.
import '@/features/registration/RegisterPage.css';

/**
 * Paying the difference of a switch to a dearer class, with the registration's own card step (Stripe's Payment Element,
 * loaded only here): Pay holds a seat in the new class and opens the payment for exactly the difference; the switch
 * happens when the server has checked the payment with Stripe. Back gives the held seat back.
 */
export function TopUpPayment({
  session,
  data,
  enrollmentId,
  option,
  onPaid,
  onBack,
}: {
  session: PortalSession;
  data: PortalRegistrations;
  enrollmentId: string;
  option: PortalTransferOption;
  onPaid: (message: string) => void;
  onBack: () => void;
}) {
  const t = useT();
  const card = usePortalCard(session.organizationId);

  const flow = useMemo<CardFlow>(
    () => ({
      open: (amount) => transferPaymentIntent(session, enrollmentId, option.id, amount),
      verify: async (paymentIntentId) => {
        const r = await confirmTransferPayment(session, enrollmentId, paymentIntentId);
        return { enrollmentId: r.id, transactionId: paymentIntentId };
      },
    }),
    [session, enrollmentId, option.id],
  );
  const back = () => {
    // Best effort: a seat held for this switch is freed now rather than when its hold lapses.
    void abandonTransferPayment(session, enrollmentId).catch(() => undefined);
    onBack();
  };

  return (
    <div className="stack portal-top-up">
      <p>
        <Rich
          id="portal.topUp.intro"
          values={{ title: option.title, amount: money(option.priceDifference) }}
          components={{ 0: <strong /> }}
        />
      </p>
      {card.status === 'unavailable' ? (
        <Alert tone="warning">{t('portal.topUp.unavailable', { organization: data.organization.name })}</Alert>
      ) : null}
      {card.status === 'loading' ? (
        <p className="payment-loading" role="status">
          <span className="spinner" aria-hidden="true" /> {t('portal.topUp.loading')}
        </p>
      ) : null}
      {card.status === 'ready' ? (
        <card.Form
          stripe={card.stripe}
          registration={{
            classId: option.id,
            organizationId: session.organizationId,
            student: {
              firstName: data.student.firstName,
              lastName: data.student.lastName,
              email: data.student.email,
              phone: data.student.phone,
              communicationOptIn: data.student.communicationOptIn,
            },
          }}
          flow={flow}
          amount={option.priceDifference}
          onPaid={(paid: CardPaid) => onPaid(t('portal.topUp.paid', { title: option.title, amount: money(paid.amount) }))}
          onBack={back}
        />
      ) : (
        <div className="portal-actions">
          <button type="button" className="btn btn--ghost" onClick={back}>
            {t('portal.topUp.back')}
          </button>
        </div>
      )}
    </div>
  );
}
