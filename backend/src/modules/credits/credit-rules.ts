import type { CreditTarget, Entitlement } from './credit.types';
import { unitOf } from './credit.types';
import { CreditError, CreditException } from './credits.exception';

/** The most an entitlement may hold: 100,000,000 (a million dollars in cents, far more uses than anyone sells). */
export const MAX_CREDIT_AMOUNT = 100_000_000;

/** An amount a grant, use or transfer may move: a whole number from 1 to MAX_CREDIT_AMOUNT. */
export function checkAmount(amount: number, what = 'The amount'): void {
  if (!Number.isInteger(amount) || amount < 1 || amount > MAX_CREDIT_AMOUNT) {
    throw new CreditException(CreditError.AmountInvalid, `${what} must be a whole number from 1 to ${MAX_CREDIT_AMOUNT}.`);
  }
}

/** A calendar date YYYY-MM-DD that exists (2027-02-30 does not). */
export function isLocalDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Valid from / until as the ledger stores them: real dates, the until (if any) not before the from. */
export function checkValidity(validFrom: string, validUntil: string | null): void {
  if (!isLocalDate(validFrom) || (validUntil !== null && !isLocalDate(validUntil))) {
    throw new CreditException(CreditError.ValidityInvalid, 'Validity dates must be real dates written YYYY-MM-DD.');
  }
  if (validUntil !== null && validUntil < validFrom) {
    throw new CreditException(CreditError.ValidityInvalid, 'The last valid day cannot be before the first.');
  }
}

/** Whether the entitlement can pay for the target: its scope, never its balance or dates. */
export function covers(e: Pick<Entitlement, 'scope' | 'scopeClassIds' | 'scopeTermId'>, target: CreditTarget): boolean {
  switch (e.scope) {
    case 'all':
      return true;
    case 'classes':
      return e.scopeClassIds.includes(target.classId);
    case 'term':
      return target.termId !== null && e.scopeTermId === target.termId;
    case 'drop_ins':
      return target.dropIn && (e.scopeClassIds.length === 0 || e.scopeClassIds.includes(target.classId));
  }
}

/**
 * Why a use was refused, in the order a person can act on: whether they may use it at all (404, so another household's
 * entitlement is not even confirmed to exist), revoked, the dates, what it covers, then what is left. The ledger's use is
 * one conditional update; this names the first failed condition when it changed nothing.
 */
export function useRefusal(
  e: Entitlement | null,
  ctx: { mayUse: boolean; today: string; target: CreditTarget; amount: number },
): CreditException {
  if (!e || !ctx.mayUse) return new CreditException(CreditError.NotFound, 'Credit not found.');
  if (e.revokedAt) return new CreditException(CreditError.Revoked, 'This credit was revoked.');
  if (e.validFrom > ctx.today) {
    return new CreditException(CreditError.NotYetValid, `This credit can be used from ${e.validFrom}.`, { validFrom: e.validFrom });
  }
  if (e.validUntil !== null && e.validUntil < ctx.today) {
    return new CreditException(CreditError.Expired, `This credit expired after ${e.validUntil}.`, { validUntil: e.validUntil });
  }
  if (!covers(e, ctx.target)) {
    return new CreditException(CreditError.NotEligible, 'This credit cannot be used for this class.');
  }
  const unit = unitOf(e.kind);
  return new CreditException(
    CreditError.Exhausted,
    unit === 'cents' ? 'Not enough credit left for this registration.' : 'No uses left on this credit.',
    { remaining: e.remaining, needed: ctx.amount, unit },
  );
}
