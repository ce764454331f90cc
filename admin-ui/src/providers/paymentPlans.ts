import { API_URL, httpClient } from '@/providers/httpClient';

/** Issue 40: the plans an organization offers and its plan settings (amounts in dollars, dates YYYY-MM-DD). */
export type PlanInterval = 'weekly' | 'biweekly' | 'monthly';

export interface PlanDefinitionInput {
  name: string;
  classId: string | null;
  termId: string | null;
  depositKind: 'amount' | 'percent';
  depositValue: number;
  interval: PlanInterval | null;
  instalmentCount: number | null;
  firstDueDate: string | null;
  paidInFullBy: string | null;
  dueDates: { date: string; percent: number | null }[] | null;
  minPrice: number;
  surcharge: number;
  chooseBy: string | null;
}

export interface PlanDefinition extends PlanDefinitionInput {
  id: string;
  createdAt: string;
  updatedAt: string;
}

export interface PlanSettings {
  chargeHour: number;
  retryDays: number[];
  graceDays: number;
  pastDueAction: 'flag' | 'release';
  releaseAfterDays: number | null;
  bankDebit: boolean;
  consentText: string | null;
  consentVersion: number;
}
export type PlanSettingsInput = Omit<PlanSettings, 'consentVersion'>;

const call = async <T>(path: string, method = 'GET', body?: unknown): Promise<T> =>
  (await httpClient<T>(`${API_URL}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })).json;

export const plansApi = {
  definitions: () => call<PlanDefinition[]>('/payment-plan-definitions'),
  createDefinition: (input: PlanDefinitionInput) => call<PlanDefinition>('/payment-plan-definitions', 'POST', input),
  updateDefinition: (id: string, input: PlanDefinitionInput) =>
    call<PlanDefinition>(`/payment-plan-definitions/${encodeURIComponent(id)}`, 'PUT', input),
  removeDefinition: (id: string) => call<{ id: string }>(`/payment-plan-definitions/${encodeURIComponent(id)}`, 'DELETE'),
  settings: () => call<PlanSettings>('/payment-plan-settings'),
  saveSettings: (input: PlanSettingsInput) => call<PlanSettings>('/payment-plan-settings', 'PUT', input),
};

/** A payer's plan as the admin's list shows it (dollars; `pastDue`: an active plan with a failed instalment). */
export type PayerPlanStatus = 'pending' | 'active' | 'pastDue' | 'completed' | 'cancelled';
export interface PayerPlanListItem {
  id: string;
  enrollmentId: string;
  planName: string;
  status: PayerPlanStatus;
  studentId: string;
  studentName: string;
  studentEmail: string;
  classId: string;
  classTitle: string;
  termId: string | null;
  termName: string | null;
  total: number;
  paid: number;
  balance: number;
  nextDueAt: string | null;
  nextAmount: number | null;
  createdAt: string;
}
export interface InstalmentDetail {
  seq: number;
  dueAt: string;
  amount: number;
  status: 'scheduled' | 'paid' | 'processing' | 'failed' | 'waived' | 'cancelled';
  attempts: number;
  stripePaymentIntentId: string | null;
  lastOutcome: string | null;
  lastDeclineCode: string | null;
  nextAttemptAt: string | null;
  paidAt: string | null;
  /** A dispute of the charge that paid it: open, won, or lost (then unpaid again). */
  disputeStatus: 'open' | 'won' | 'lost' | null;
  /** Every try to pay it, oldest first. */
  attemptHistory: InstalmentAttempt[];
}
/** One try to pay an instalment: when, what it came to, the bank's decline code, Stripe's ids. */
export interface InstalmentAttempt {
  at: string;
  outcome: string;
  declineCode: string | null;
  stripePaymentIntentId: string | null;
  attemptKey: string | null;
}
export interface PayerPlanDetail extends PayerPlanListItem {
  deposit: number;
  surcharge: number;
  stripeCustomerId: string;
  stripePaymentMethodId: string | null;
  stripeIntentId: string | null;
  consent: { text: string; version: number; acceptedAt: string; ip: string | null; userAgent: string | null };
  instalments: InstalmentDetail[];
}
export interface PayerPlanFilter {
  status?: PayerPlanStatus;
  classId?: string;
  termId?: string;
}

export const payerPlansApi = {
  list: (f: PayerPlanFilter) => {
    const q = new URLSearchParams(Object.entries(f).filter(([, v]) => v) as [string, string][]).toString();
    return call<PayerPlanListItem[]>(`/payment-plans${q ? `?${q}` : ''}`);
  },
  one: (id: string) => call<PayerPlanDetail>(`/payment-plans/${encodeURIComponent(id)}`),
};
