/**
 * What the students of a cancelled session get for it (issue 39 §1): the admin's choice when cancelling, else the
 * organization's setting. One remedy per cancel, applied once to each student holding a seat in the session.
 */
export const SESSION_REMEDIES = ['nothing', 'makeup_token', 'credit', 'refund'] as const;
export type SessionRemedy = (typeof SESSION_REMEDIES)[number];

/**
 * The remedy a cancel applies. Without the admin's choice the setting `sessionCancelRemedy` decides; its `nothing`
 * leaves the make-up policy to decide (a token when the policy gives one for a cancelled session), as before.
 */
export type AppliedRemedy = SessionRemedy | 'makeup_policy';

export function remedyOf(chosen: SessionRemedy | undefined, setting: 'nothing' | 'credit' | 'refund' | undefined): AppliedRemedy {
  if (chosen) return chosen;
  return setting === 'credit' || setting === 'refund' ? setting : 'makeup_policy';
}

/** How the make-up hook grants tokens under a remedy: by the policy, to everyone, or not at all. */
export function makeupTokenMode(remedy: AppliedRemedy): 'policy' | 'always' | 'never' {
  if (remedy === 'makeup_policy') return 'policy';
  return remedy === 'makeup_token' ? 'always' : 'never';
}

/** A seat in the session as the remedy reads it. */
export interface SeatPaid {
  amountPaidCents: number;
  refundedCents: number;
  /** A drop-in for this very session (its whole payment is the session's). */
  dropIn: boolean;
}

/**
 * The session's share of what the student paid: the payment divided by the class's sessions (rounded down to the
 * cent, so the shares never add up to more than was paid), a drop-in's whole payment, never more than is still
 * unrefunded.
 */
export function sessionShareCents(seat: SeatPaid, sessionCount: number): number {
  const left = Math.max(0, seat.amountPaidCents - seat.refundedCents);
  const share = seat.dropIn ? seat.amountPaidCents : Math.floor(seat.amountPaidCents / Math.max(1, sessionCount));
  return Math.max(0, Math.min(share, left));
}

/** What one student got: a token, credit or a refund of `cents`, a refund left to the organization (paid in person), or nothing. */
export type GivenKind = 'makeup_token' | 'credit' | 'refund' | 'refund_in_person' | 'nothing';
export interface Given {
  kind: GivenKind;
  cents: number;
}
