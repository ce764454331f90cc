import { api } from '@/lib/apiClient';
import type { Attendee } from './registerStudent';

/** One line of the price (dollars; discounts are negative). */
export interface QuoteLine {
  label: string;
  amount: number;
  /** A tax line: its rate, and whether the prices already include it (then it is not added to the total). */
  tax?: { label: string; rate: number; included: boolean };
  /** A registration fee line. */
  fee?: boolean;
}

/** POST /api/public/price-quote: the price the registration will be charged, line by line. */
export interface PriceQuote {
  currency: string;
  lines: QuoteLine[];
  total: number;
  /** The tax in the total (dollars), included or added. */
  tax?: number;
  promo: { code: string; applied: boolean; message: string } | null;
  /** The organization has a senior discount: one person may give a date of birth to have it quoted. */
  asksDateOfBirth?: boolean;
  /** The payment plans this registration may choose (issue 40); absent: pay in full only. */
  paymentPlans?: OfferedPlan[];
  /** The schedule of the plan asked for (`paymentPlanId`). */
  paymentPlan?: QuotedPlan;
}

export interface OfferedPlan {
  id: string;
  name: string;
}

/** A plan's schedule for this registration: the deposit today, then each instalment (dollars; cents add up to the total). */
export interface QuotedPlan {
  id: string;
  name: string;
  total: number;
  surcharge: number;
  deposit: number;
  instalments: { dueDate: string; dueAt: string; amount: number }[];
  consent: { text: string; version: number };
}

export function getPriceQuote(input: {
  organizationId: string;
  classId: string;
  classSessionId?: string;
  attendees?: Attendee[];
  email?: string;
  promoCode?: string;
  paymentPlanId?: string;
}): Promise<PriceQuote> {
  return api.post<PriceQuote>(
    '/api/public/price-quote',
    {
      organizationId: input.organizationId,
      classId: input.classId,
      ...(input.classSessionId ? { classSessionId: input.classSessionId } : {}),
      // Only what a price depends on: each person's date of birth (seniors), how many people (siblings), and their names
      // (a per-student registration fee is due once per child of the household).
      ...(input.attendees ? { attendees: input.attendees.map(quoteAttendee) } : {}),
      ...(input.email ? { email: input.email } : {}),
      ...(input.promoCode ? { promoCode: input.promoCode } : {}),
      ...(input.paymentPlanId ? { paymentPlanId: input.paymentPlanId } : {}),
    },
    { public: true },
  );
}

/** What the quote reads of one attendee: the date of birth and the name, each when given. */
function quoteAttendee(a: Attendee) {
  const first = a.firstName?.trim();
  const last = a.lastName?.trim();
  return {
    ...(a.dateOfBirth ? { dateOfBirth: a.dateOfBirth } : {}),
    ...(first ? { firstName: first } : {}),
    ...(last ? { lastName: last } : {}),
  };
}
