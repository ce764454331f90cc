/** The rows of the credits ledger (issue 41 §1) as the module's callers see them. */

/** What an entitlement is: a pack's uses, a membership period's allowance, a make-up token, account credit in cents. */
export const ENTITLEMENT_KINDS = ['pack', 'membership_allowance', 'makeup_token', 'account_credit'] as const;
export type EntitlementKind = (typeof ENTITLEMENT_KINDS)[number];

/** What it can buy: every class, the listed classes, one term's classes, drop-in sessions only (of the listed classes, if any). */
export const ENTITLEMENT_SCOPES = ['all', 'classes', 'term', 'drop_ins'] as const;
export type EntitlementScope = (typeof ENTITLEMENT_SCOPES)[number];

/** Where it came from; `transfer` is an entitlement made by moving part of another to a household member. */
export const ENTITLEMENT_SOURCES = [
  'sale',
  'membership_period',
  'absence',
  'cancelled_session',
  'refund_credit',
  'admin_grant',
  'transfer',
] as const;
export type EntitlementSource = (typeof ENTITLEMENT_SOURCES)[number];

/** A movement's kind. Signs: grant, release, transfer_in > 0; use, expire, transfer_out < 0; revoke <= 0; validity any (restores what an expiry took when the validity is moved later). */
export const MOVEMENT_KINDS = ['grant', 'use', 'release', 'expire', 'revoke', 'transfer_out', 'transfer_in', 'validity'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** Account credit counts cents; every other kind counts uses. */
export function unitOf(kind: EntitlementKind): 'uses' | 'cents' {
  return kind === 'account_credit' ? 'cents' : 'uses';
}

export interface Entitlement {
  id: string;
  organizationId: string;
  holderStudentId: string;
  /** Held by a household contact for every member of the household. */
  household: boolean;
  kind: EntitlementKind;
  scope: EntitlementScope;
  scopeClassIds: string[];
  scopeTermId: string | null;
  /** Uses, or cents for account credit. */
  grantedAmount: number;
  /** The sum of its movements (uses or cents). */
  remaining: number;
  /** YYYY-MM-DD in the organization's zone. */
  validFrom: string;
  /** YYYY-MM-DD in the organization's zone, usable through the whole day; null: no expiry. */
  validUntil: string | null;
  source: EntitlementSource;
  sourceRef: string | null;
  label: string | null;
  revokedAt: Date | null;
  createdAt: Date;
}

export interface EntitlementMovement {
  id: string;
  organizationId: string;
  entitlementId: string;
  kind: MovementKind;
  /** Signed, in the entitlement's unit. */
  amount: number;
  enrollmentId: string | null;
  releasesMovementId: string | null;
  counterpartEntitlementId: string | null;
  actorUserId: string | null;
  reason: string | null;
  detail: Record<string, unknown>;
  createdAt: Date;
}

/** What a use pays for: a whole class, or one drop-in session of it. */
export interface CreditTarget {
  classId: string;
  /** The class's term, for term-scoped entitlements. */
  termId: string | null;
  /** True for a drop-in session (drop-in-only entitlements buy only these). */
  dropIn: boolean;
}

/** Who acts and why, written on the movement (actorUserId null: the system or the student themselves). */
export interface CreditActor {
  actorUserId?: string | null;
  reason?: string | null;
}
