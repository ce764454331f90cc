import type { AttemptRow, InstalmentDetailRow, PlanDetailRow, PlanListRow, PlanListStatus } from './plan-reads.repository';

export type { PlanListStatus };
export const PLAN_LIST_STATUSES: readonly PlanListStatus[] = ['pending', 'active', 'pastDue', 'completed', 'cancelled'];

const dollars = (cents: number) => cents / 100;
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** A list row as the API answers it: dollars, ISO times, the balance left. */
export function planListItem(r: PlanListRow) {
  return {
    id: r.id,
    enrollmentId: r.enrollmentId,
    planName: r.planName,
    status: r.status,
    studentId: r.studentId,
    studentName: r.studentName,
    studentEmail: r.studentEmail,
    classId: r.classId,
    classTitle: r.classTitle,
    termId: r.termId,
    termName: r.termName,
    total: dollars(r.totalCents),
    paid: dollars(r.paidCents),
    balance: dollars(r.totalCents - r.paidCents),
    nextDueAt: iso(r.nextDueAt),
    nextAmount: r.nextAmountCents === null ? null : dollars(r.nextAmountCents),
    createdAt: iso(r.createdAt)!,
  };
}

export function instalmentDetail(i: InstalmentDetailRow) {
  return {
    seq: i.seq,
    dueAt: iso(i.dueAt)!,
    amount: dollars(i.amountCents),
    status: i.status,
    attempts: i.attempts,
    stripePaymentIntentId: i.stripePaymentIntentId,
    lastOutcome: i.lastOutcome,
    lastDeclineCode: i.lastDeclineCode,
    nextAttemptAt: iso(i.nextAttemptAt),
    paidAt: iso(i.paidAt),
    disputeStatus: i.disputeStatus,
  };
}

/** One try to pay an instalment as the admin's plan page shows it. */
export function attemptView(a: AttemptRow) {
  return {
    at: iso(a.attemptedAt)!,
    outcome: a.outcome,
    declineCode: a.declineCode,
    stripePaymentIntentId: a.stripePaymentIntentId,
    attemptKey: a.attemptKey,
  };
}

/**
 * The admin's plan page: the list row, the Stripe ids, the consent, and each instalment with its last attempt and its
 * whole history of tries (`attemptHistory`, oldest first).
 */
export function planDetail(p: PlanDetailRow, instalments: InstalmentDetailRow[], attempts: AttemptRow[] = []) {
  return {
    ...planListItem(p),
    deposit: dollars(p.depositCents),
    surcharge: dollars(p.surchargeCents),
    stripeCustomerId: p.stripeCustomerId,
    stripePaymentMethodId: p.stripePaymentMethodId,
    stripeIntentId: p.stripeIntentId,
    consent: {
      text: p.consentText,
      version: p.consentVersion,
      acceptedAt: iso(p.consentedAt)!,
      ip: p.consentIp,
      userAgent: p.consentUserAgent,
    },
    instalments: instalments.map((i) => ({
      ...instalmentDetail(i),
      attemptHistory: attempts.filter((a) => a.instalmentId === i.id).map(attemptView),
    })),
  };
}
