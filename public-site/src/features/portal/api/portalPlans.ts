import { api } from '@/lib/apiClient';
import type { PortalSession } from './portal';

/** GET /api/portal/payment-plans: the payer's plans (issue 40 §3), dollars. */
export interface PortalPlan {
  id: string;
  enrollmentId: string;
  planName: string;
  status: 'active' | 'pastDue' | 'completed' | 'cancelled';
  studentName: string;
  classTitle: string;
  total: number;
  paid: number;
  balance: number;
  method: { kind: 'card' | 'bank'; brand: string | null; last4: string | null } | null;
  instalments: {
    seq: number;
    dueAt: string;
    amount: number;
    status: 'scheduled' | 'paid' | 'processing' | 'failed' | 'waived' | 'cancelled';
  }[];
}

export const getPaymentPlans = (s: PortalSession) => api.get<PortalPlan[]>('/api/portal/payment-plans', { bearer: s.token });

const base = (planId: string) => `/api/portal/payment-plans/${encodeURIComponent(planId)}`;

/** A PaymentIntent for instalment `seq` (or the whole balance), confirmed on the page with the Payment Element. */
export const payPlan = (s: PortalSession, planId: string, seq: number | null) =>
  api.post<{ clientSecret: string; paymentIntentId: string; amount: number; holdExpiresAt: string; instalments: number[] }>(
    `${base(planId)}/pay`,
    seq === null ? {} : { seq },
    { bearer: s.token },
  );
export const confirmPlanPayment = (s: PortalSession, planId: string, paymentIntentId: string) =>
  api.post<{ paymentIntentId: string; instalments: number[]; amount: number }>(
    `${base(planId)}/pay/confirm`,
    { paymentIntentId },
    { bearer: s.token },
  );
/** A SetupIntent for a new method on the plan; confirmed by the server once Stripe saved it. */
export const newPlanMethod = (s: PortalSession, planId: string) =>
  api.post<{ clientSecret: string; setupIntentId: string }>(`${base(planId)}/method`, {}, { bearer: s.token });
export const confirmPlanMethod = (s: PortalSession, planId: string, setupIntentId: string) =>
  api.post<{ paymentMethodId: string; retried: number[] }>(`${base(planId)}/method/confirm`, { setupIntentId }, { bearer: s.token });
