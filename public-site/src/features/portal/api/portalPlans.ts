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
  instalments: { seq: number; dueAt: string; amount: number; status: 'scheduled' | 'paid' | 'processing' | 'failed' | 'waived' | 'cancelled' }[];
}

export const getPaymentPlans = (s: PortalSession) => api.get<PortalPlan[]>('/api/portal/payment-plans', { bearer: s.token });
