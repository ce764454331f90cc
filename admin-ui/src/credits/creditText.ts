/**
 * The words of the admin's credit screens (issue 41 §4): what a credit is, what it buys, how much is left and what
 * each movement of its ledger did. Pure, so the wording is tested without a browser.
 */
import type { Credit, CreditMovement } from '@/credits/creditsApi';

export const KIND_LABELS: Record<string, string> = {
  pack: 'Class pack',
  membership_allowance: 'Membership allowance',
  makeup_token: 'Make-up token',
  account_credit: 'Account credit',
};

export const SCOPE_LABELS: Record<string, string> = {
  all: 'All classes',
  classes: 'Some classes',
  term: 'One term',
  drop_ins: 'Drop-ins only',
};

export const SOURCE_LABELS: Record<string, string> = {
  sale: 'Sale',
  membership_period: 'Membership period',
  absence: 'Absence',
  cancelled_session: 'Cancelled session',
  refund_credit: 'Refund as credit',
  admin_grant: 'Granted by an admin',
  transfer: 'Moved from a household member',
};

export const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  not_yet_valid: 'Not yet valid',
  expired: 'Expired',
  revoked: 'Revoked',
  used: 'Used up',
};

export const MOVEMENT_LABELS: Record<string, string> = {
  grant: 'Granted',
  use: 'Used',
  release: 'Given back',
  expire: 'Expired',
  revoke: 'Revoked',
  transfer_out: 'Moved out',
  transfer_in: 'Moved in',
  validity: 'Validity changed',
};

/** "3 uses", "1 use", "$25.00". */
export function amountText(unit: string, n: number): string {
  if (unit === 'dollars') return `$${n.toFixed(2)}`;
  return `${n} use${Math.abs(n) === 1 ? '' : 's'}`;
}

/** A movement's signed amount: "+10 uses", "−1 use", "−$5.00"; nothing for a validity change that moved nothing. */
export function signedAmount(unit: string, n: number): string {
  if (n === 0) return '';
  return `${n > 0 ? '+' : '−'}${amountText(unit, Math.abs(n))}`;
}

/** "3 of 10 uses left", "$20.00 of $25.00 left". */
export function leftText(c: Pick<Credit, 'unit' | 'remaining' | 'granted'>): string {
  if (c.unit === 'dollars') return `${amountText('dollars', c.remaining)} of ${amountText('dollars', c.granted)} left`;
  return `${c.remaining} of ${amountText('uses', c.granted)} left`;
}

/** "Valid 2026-12-07 to 2027-03-07", "Valid from 2026-12-07, no expiry". */
export function validityText(c: Pick<Credit, 'validFrom' | 'validUntil'>): string {
  return c.validUntil ? `Valid ${c.validFrom} to ${c.validUntil}` : `Valid from ${c.validFrom}, no expiry`;
}

/** What it buys, naming the classes or the term when the caller knows them. */
export function buysText(
  c: Pick<Credit, 'scope' | 'classIds' | 'termId'>,
  names: { classes?: Map<string, string>; terms?: Map<string, string> } = {},
): string {
  const classes = c.classIds.map((id) => names.classes?.get(id) ?? 'a class').join(', ');
  if (c.scope === 'classes') return `Classes: ${classes || 'none'}`;
  if (c.scope === 'term') return `Term: ${(c.termId && names.terms?.get(c.termId)) || 'a term'}`;
  if (c.scope === 'drop_ins') return c.classIds.length ? `Drop-ins of ${classes}` : 'Drop-ins only';
  return 'All classes';
}

/** Who made a movement: the named admin, or the system / the student when no admin did. */
export function actorText(m: Pick<CreditMovement, 'actorUserId' | 'kind'>, admins: Map<string, string>): string {
  if (!m.actorUserId) return m.kind === 'use' || m.kind === 'release' ? 'Booking' : 'System';
  return admins.get(m.actorUserId) ?? 'An admin';
}

/** A credit can be changed by the admin while it is not revoked; a used-up or expired one can still get a later validity. */
export const canChange = (c: Pick<Credit, 'status'>) => c.status !== 'revoked';
/** Only what is left can be revoked or moved. */
export const hasLeft = (c: Pick<Credit, 'status' | 'remaining'>) => c.status !== 'revoked' && c.remaining > 0;
