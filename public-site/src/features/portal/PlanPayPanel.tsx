import { useMemo } from 'react';
import { Alert } from '@/components/ui/Alert';
import { useT } from '@/lib/i18n/useT';
import type { CardFlow } from '@/features/registration/CardPaymentForm';
import type { PortalRegistrations, PortalSession } from './api/portal';
import { confirmPlanMethod, confirmPlanPayment, newPlanMethod, payPlan, type PortalPlan } from './api/portalPlans';
import { usePortalCard } from './usePortalCard';
// The card step's own look (field frame, hold timer, actions).
import '@/features/registration/RegisterPage.css';

/** What the payer is doing: paying one instalment (`seq`) or the balance (null) now, or saving another card. */
export type PlanAction = { kind: 'pay'; seq: number | null; amount: number } | { kind: 'method' };

/**
 * The registration's card step for a plan (issue 40 §3), Stripe's Payment Element loaded only here: Pay opens a
 * PaymentIntent for exactly what is chosen (the schedule leaves those instalments alone meanwhile) and the server
 * records it once it reads the payment from Stripe; a new card is saved by a SetupIntent, and then the failed and due
 * instalments are charged with it at once.
 */
export function PlanPayPanel({
  session,
  data,
  plan,
  action,
  onDone,
  onBack,
}: {
  session: PortalSession;
  data: PortalRegistrations;
  plan: PortalPlan;
  action: PlanAction;
  onDone: (message: string) => void;
  onBack: () => void;
}) {
  const t = useT();
  const card = usePortalCard(session.organizationId);

  const flow = useMemo<CardFlow>(
    () =>
      action.kind === 'pay'
        ? {
            open: async () => ({ ...(await payPlan(session, plan.id, action.seq)), enrollmentId: plan.enrollmentId }),
            verify: async (id) => {
              await confirmPlanPayment(session, plan.id, id);
              return { enrollmentId: plan.enrollmentId, transactionId: id };
            },
          }
        : {
            open: async () => {
              const si = await newPlanMethod(session, plan.id);
              return {
                clientSecret: si.clientSecret,
                // A SetupIntent: no PaymentIntent (the card step then saves the card instead of paying).
                paymentIntentId: null as unknown as string,
                setupIntentId: si.setupIntentId,
                amount: 0,
                holdExpiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
                enrollmentId: plan.enrollmentId,
              };
            },
            verify: async (id) => {
              await confirmPlanMethod(session, plan.id, id);
              return { enrollmentId: plan.enrollmentId, transactionId: id };
            },
          },
    [session, plan.id, plan.enrollmentId, action],
  );

  return (
    <div className="stack portal-plan-pay">
      {card.status === 'unavailable' ? <Alert tone="warning">{t('portal.plans.unavailable')}</Alert> : null}
      {card.status === 'loading' ? (
        <p className="payment-loading" role="status">
          <span className="spinner" aria-hidden="true" /> {t('portal.plans.cardLoading')}
        </p>
      ) : null}
      {card.status === 'ready' ? (
        <card.Form
          stripe={card.stripe}
          registration={{
            classId: plan.enrollmentId,
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
          amount={action.kind === 'pay' ? action.amount : 0}
          plan={action.kind === 'method' ? { id: plan.id, consentVersion: 0, deposit: 0, total: 0 } : null}
          onPaid={(paid) =>
            onDone(
              action.kind === 'pay'
                ? t('portal.plans.paidNotice', { amount: `$${paid.amount.toFixed(2)}` })
                : t('portal.plans.methodSaved'),
            )
          }
          onBack={onBack}
        />
      ) : (
        <div className="portal-actions">
          <button type="button" className="btn btn--ghost" onClick={onBack}>
            {t('portal.plans.cancel')}
          </button>
        </div>
      )}
    </div>
  );
}
