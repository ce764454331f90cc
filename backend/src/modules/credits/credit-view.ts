import type { Entitlement, EntitlementMovement } from './credit.types';
import { unitOf } from './credit.types';
import type { CreditMovementResponseDto, CreditResponseDto } from './dto/credit.response';

/** A credit's status on `today` (YYYY-MM-DD in the organization's zone), as the admin's panel shows it. */
export function statusOf(e: Entitlement, today: string): CreditResponseDto['status'] {
  if (e.revokedAt) return 'revoked';
  if (e.validUntil !== null && e.validUntil < today) return 'expired';
  if (e.remaining === 0) return 'used';
  if (e.validFrom > today) return 'not_yet_valid';
  return 'active';
}

/** An amount of the credit's unit as the API says it: uses as they are, cents in dollars. */
export const shown = (e: Pick<Entitlement, 'kind'>, n: number) => (unitOf(e.kind) === 'cents' ? n / 100 : n);

/** A credit with its ledger, in the API's words. */
export function creditReply(e: Entitlement, movements: EntitlementMovement[], today: string): CreditResponseDto {
  return {
    id: e.id,
    holderStudentId: e.holderStudentId,
    household: e.household,
    kind: e.kind,
    unit: unitOf(e.kind) === 'cents' ? 'dollars' : 'uses',
    scope: e.scope,
    classIds: e.scopeClassIds,
    termId: e.scopeTermId,
    granted: shown(e, e.grantedAmount),
    remaining: shown(e, e.remaining),
    validFrom: e.validFrom,
    validUntil: e.validUntil,
    status: statusOf(e, today),
    source: e.source,
    sourceRef: e.sourceRef,
    label: e.label,
    createdAt: new Date(e.createdAt).toISOString(),
    movements: movements.filter((m) => m.entitlementId === e.id).map((m) => movementReply(e, m)),
  };
}

function movementReply(e: Entitlement, m: EntitlementMovement): CreditMovementResponseDto {
  return {
    id: m.id,
    kind: m.kind,
    amount: shown(e, m.amount),
    enrollmentId: m.enrollmentId,
    counterpartId: m.counterpartEntitlementId,
    actorUserId: m.actorUserId,
    reason: m.reason,
    createdAt: new Date(m.createdAt).toISOString(),
  };
}
