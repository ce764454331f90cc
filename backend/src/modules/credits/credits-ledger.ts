import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { checkAmount, checkValidity, useRefusal } from './credit-rules';
import type {
  CreditActor,
  CreditTarget,
  Entitlement,
  EntitlementKind,
  EntitlementMovement,
  EntitlementScope,
  EntitlementSource,
} from './credit.types';
import { unitOf } from './credit.types';
import { CreditError, CreditException } from './credits.exception';
import { CreditsLedgerRepository } from './credits-ledger.repository';
import { WebhookEvents } from '../webhooks/webhook-events';

/**
 * The credits ledger (issue 41 §1): passes, membership allowances, make-up tokens and account credit as entitlements,
 * each with an append-only list of movements whose sum is its balance (`remaining`).
 *
 * API (every method takes the caller's EntityManager, so the ledger writes commit or roll back with the caller's own
 * writes: a use in the transaction that writes the seat, a release in the one that cancels it):
 * - grant(m, GrantInput): Entitlement: a new entitlement and its grant movement.
 * - use(m, UseInput): EntitlementMovement: takes 1 use (or `cents` of account credit) for an enrollment; 404
 *   CREDIT_NOT_FOUND (not theirs), 409 CREDIT_REVOKED / CREDIT_NOT_YET_VALID / CREDIT_EXPIRED / CREDIT_NOT_ELIGIBLE /
 *   CREDIT_EXHAUSTED / CREDIT_ALREADY_USED. Racing takers of the last use: one wins, the others CREDIT_EXHAUSTED.
 * - release(m, { organizationId, enrollmentId, ...actor }): the enrollment's use given back, null when it had none (or
 *   it was released already).
 * - useOf(m, organizationId, enrollmentId): the enrollment's use movement, or null.
 * - expireDue(m, limit): expire movements for entitlements past their last day (in their organization's zone).
 * - revoke(m, { organizationId, entitlementId, ...actor }), changeValidity(m, {..., validFrom?, validUntil}),
 *   transfer(m, {..., toStudentId, amount}): the admin's changes, each a movement with who and why.
 * - balance(m, organizationId, studentId): what the student may use, with totals in uses and cents.
 * - entitlementsOf / movementsOf: the ledger as the admin's panel shows it.
 * Dates are YYYY-MM-DD in the organization's zone; an entitlement is usable through the whole of its last day.
 */
@Injectable()
export class CreditsLedger {
  constructor(
    private readonly repo: CreditsLedgerRepository,
    private readonly webhooks: WebhookEvents,
  ) {}

  async grant(m: EntityManager, input: GrantInput): Promise<Entitlement> {
    checkAmount(input.amount);
    const scope = input.scope ?? 'all';
    const scopeClassIds = input.scopeClassIds ?? [];
    if (scope === 'classes' && scopeClassIds.length === 0) {
      throw new CreditException(CreditError.NotEligible, 'A credit for some classes must name at least one class.');
    }
    if (scope === 'term' && !input.scopeTermId)
      throw new CreditException(CreditError.NotEligible, 'A credit for a term must name the term.');
    const validFrom = input.validFrom ?? (await this.repo.today(m, input.organizationId));
    checkValidity(validFrom, input.validUntil ?? null);
    const holder = await this.repo.student(m, input.organizationId, input.holderStudentId);
    if (!holder) throw new CreditException(CreditError.NotFound, 'Student not found.');
    const granted = await this.repo.insert(
      m,
      {
        organizationId: input.organizationId,
        holderStudentId: input.holderStudentId,
        household: input.household ?? false,
        kind: input.kind,
        scope,
        scopeClassIds,
        scopeTermId: scope === 'term' ? (input.scopeTermId ?? null) : null,
        amount: input.amount,
        validFrom,
        validUntil: input.validUntil ?? null,
        source: input.source,
        sourceRef: input.sourceRef ?? null,
        label: input.label ?? null,
      },
      { kind: 'grant', actorUserId: input.actorUserId, reason: input.reason },
    );
    const unit = unitOf(granted.kind);
    await this.webhooks.publish(m, input.organizationId, 'credit.granted', {
      entitlementId: granted.id,
      studentId: granted.holderStudentId,
      household: granted.household,
      kind: granted.kind,
      unit: unit === 'cents' ? 'dollars' : 'uses',
      amount: unit === 'cents' ? granted.grantedAmount / 100 : granted.grantedAmount,
      validFrom: granted.validFrom,
      validUntil: granted.validUntil,
      source: granted.source,
    });
    return granted;
  }

  async use(m: EntityManager, input: UseInput): Promise<EntitlementMovement> {
    const uses = input.uses ?? 1;
    const cents = input.cents ?? 0;
    checkAmount(uses, 'The uses');
    const taken = await this.takeOrRefuse(m, input, uses, cents);
    return taken;
  }

  private async takeOrRefuse(m: EntityManager, input: UseInput, uses: number, cents: number): Promise<EntitlementMovement> {
    const existing = await this.repo.useOf(m, input.organizationId, input.enrollmentId);
    if (existing) throw new CreditException(CreditError.AlreadyUsed, 'This registration already used a credit.');
    const e = await this.repo.find(m, input.organizationId, input.entitlementId);
    if (e && unitOf(e.kind) === 'cents') checkAmount(cents, 'The amount of credit');
    const taken = await this.repo.take(m, {
      organizationId: input.organizationId,
      entitlementId: input.entitlementId,
      studentId: input.studentId,
      enrollmentId: input.enrollmentId,
      target: input.target,
      uses,
      cents: Math.max(cents, 1),
      actorUserId: input.actorUserId ?? null,
      reason: input.reason ?? null,
    });
    if (taken) {
      const { entitlementKind, remainingAfter, ...movement } = taken;
      const cents = unitOf(entitlementKind) === 'cents';
      await this.webhooks.publish(m, input.organizationId, 'credit.used', {
        entitlementId: movement.entitlementId,
        studentId: input.studentId,
        enrollmentId: input.enrollmentId,
        kind: entitlementKind,
        unit: cents ? 'dollars' : 'uses',
        amount: cents ? -movement.amount / 100 : -movement.amount,
        remaining: cents ? remainingAfter / 100 : remainingAfter,
      });
      return movement;
    }
    // Nothing changed: name the first condition that failed, on the row as it is now (after any racing winner).
    const now = await this.repo.find(m, input.organizationId, input.entitlementId);
    const student = await this.repo.student(m, input.organizationId, input.studentId);
    const mayUse =
      !!now && !!student && (now.holderStudentId === student.id || (now.household && now.holderStudentId === student.householdContactId));
    throw useRefusal(now, {
      mayUse,
      today: await this.repo.today(m, input.organizationId),
      target: input.target,
      amount: now && unitOf(now.kind) === 'cents' ? cents : uses,
    });
  }

  /** Gives back the enrollment's use (a cancellation the frozen policy refunds in full); null when it had none. */
  release(m: EntityManager, input: { organizationId: string; enrollmentId: string } & CreditActor): Promise<EntitlementMovement | null> {
    return this.repo.releaseFor(m, input.organizationId, input.enrollmentId, input.actorUserId ?? null, input.reason ?? null);
  }

  useOf(m: EntityManager, organizationId: string, enrollmentId: string): Promise<EntitlementMovement | null> {
    return this.repo.useOf(m, organizationId, enrollmentId);
  }

  expireDue(m: EntityManager, limit = 500): Promise<{ organizationId: string; entitlementId: string; amount: number }[]> {
    return this.repo.expireDue(m, limit);
  }

  /** Revokes it: whatever is left goes (a revoke movement), and it can no longer be used. 409 CREDIT_REVOKED when it already was. */
  async revoke(m: EntityManager, input: { organizationId: string; entitlementId: string } & CreditActor): Promise<EntitlementMovement> {
    const e = await this.locked(m, input.organizationId, input.entitlementId);
    if (e.revokedAt) throw new CreditException(CreditError.Revoked, 'This credit was already revoked.');
    return this.repo.move(
      m,
      input.organizationId,
      e.id,
      { kind: 'revoke', amount: -e.remaining, actorUserId: input.actorUserId, reason: input.reason },
      { revoked: true },
    );
  }

  /**
   * Moves its validity (earlier or later). Moving the last day to today or later gives back what an expiry took, so an
   * extension after expiry makes the credit usable again.
   */
  async changeValidity(
    m: EntityManager,
    input: { organizationId: string; entitlementId: string; validFrom?: string; validUntil: string | null } & CreditActor,
  ): Promise<EntitlementMovement> {
    const e = await this.locked(m, input.organizationId, input.entitlementId);
    if (e.revokedAt) throw new CreditException(CreditError.Revoked, 'This credit was revoked.');
    const validFrom = input.validFrom ?? e.validFrom;
    checkValidity(validFrom, input.validUntil);
    const today = await this.repo.today(m, input.organizationId);
    const restore =
      input.validUntil === null || input.validUntil >= today ? await this.repo.expiredNotRestored(m, input.organizationId, e.id) : 0;
    return this.repo.move(
      m,
      input.organizationId,
      e.id,
      {
        kind: 'validity',
        amount: restore,
        actorUserId: input.actorUserId,
        reason: input.reason,
        detail: { previousValidFrom: e.validFrom, previousValidUntil: e.validUntil, validFrom, validUntil: input.validUntil },
      },
      { validFrom, validUntil: input.validUntil },
    );
  }

  /**
   * Moves `amount` to another member of the holder's household: a new entitlement for them (same kind, scope and dates,
   * source `transfer`) and the pair of movements naming each other. 400 CREDIT_NOT_HOUSEHOLD outside the household.
   */
  async transfer(
    m: EntityManager,
    input: { organizationId: string; entitlementId: string; toStudentId: string; amount: number } & CreditActor,
  ): Promise<{ from: EntitlementMovement; to: Entitlement }> {
    checkAmount(input.amount);
    const e = await this.locked(m, input.organizationId, input.entitlementId);
    if (e.revokedAt) throw new CreditException(CreditError.Revoked, 'This credit was revoked.');
    const today = await this.repo.today(m, input.organizationId);
    if (e.validUntil !== null && e.validUntil < today)
      throw new CreditException(CreditError.Expired, `This credit expired after ${e.validUntil}.`);
    const [holder, target] = await Promise.all([
      this.repo.student(m, input.organizationId, e.holderStudentId),
      this.repo.student(m, input.organizationId, input.toStudentId),
    ]);
    if (!target) throw new CreditException(CreditError.NotFound, 'Student not found.');
    if (!holder || !sameHousehold(holder, target) || holder.id === target.id) {
      throw new CreditException(CreditError.NotHousehold, 'Credit can only be moved to another member of the same household.');
    }
    if (input.amount > e.remaining) {
      throw new CreditException(CreditError.Exhausted, 'Not that much left on this credit.', { remaining: e.remaining });
    }
    const to = await this.repo.insert(
      m,
      {
        organizationId: input.organizationId,
        holderStudentId: target.id,
        household: false,
        kind: e.kind,
        scope: e.scope,
        scopeClassIds: e.scopeClassIds,
        scopeTermId: e.scopeTermId,
        amount: input.amount,
        validFrom: e.validFrom,
        validUntil: e.validUntil,
        source: 'transfer',
        sourceRef: e.id,
        label: e.label,
      },
      { kind: 'transfer_in', counterpartEntitlementId: e.id, actorUserId: input.actorUserId, reason: input.reason },
    );
    const from = await this.repo.move(m, input.organizationId, e.id, {
      kind: 'transfer_out',
      amount: -input.amount,
      counterpartEntitlementId: to.id,
      actorUserId: input.actorUserId,
      reason: input.reason,
    });
    return { from, to };
  }

  /**
   * What the student may use today or later (their own and their household's), with totals by unit. Revoked and
   * spent entitlements are left out; expired ones are left out of the totals.
   */
  async balance(m: EntityManager, organizationId: string, studentId: string): Promise<CreditBalance> {
    const today = await this.repo.today(m, organizationId);
    const all = await this.repo.forStudent(m, organizationId, studentId, false);
    const usable = all.filter((e) => !e.revokedAt && e.remaining > 0 && (e.validUntil === null || e.validUntil >= today));
    return {
      today,
      entitlements: usable,
      uses: usable.filter((e) => unitOf(e.kind) === 'uses').reduce((n, e) => n + e.remaining, 0),
      cents: usable.filter((e) => unitOf(e.kind) === 'cents').reduce((n, e) => n + e.remaining, 0),
    };
  }

  /** Every entitlement the student holds or may use (a household contact: also each member's), newest first. */
  entitlementsOf(m: EntityManager, organizationId: string, studentId: string): Promise<Entitlement[]> {
    return this.repo.forStudent(m, organizationId, studentId, true);
  }

  /** The student, if the organization's, with their household contact (null: not found). */
  holder(m: EntityManager, organizationId: string, studentId: string): Promise<{ id: string; householdContactId: string | null } | null> {
    return this.repo.student(m, organizationId, studentId);
  }

  /** Today (YYYY-MM-DD) in the organization's zone: the day validity is judged by. */
  today(m: EntityManager, organizationId: string): Promise<string> {
    return this.repo.today(m, organizationId);
  }

  find(m: EntityManager, organizationId: string, entitlementId: string): Promise<Entitlement | null> {
    return this.repo.find(m, organizationId, entitlementId);
  }

  movementsOf(m: EntityManager, organizationId: string, entitlementIds: string[]): Promise<EntitlementMovement[]> {
    return this.repo.movementsOf(m, organizationId, entitlementIds);
  }

  /** Entitlements whose `remaining` is not the sum of their movements: empty while the ledger holds (tests call it). */
  invariantBreaks(m: EntityManager, organizationId?: string): Promise<{ id: string; remaining: number; sum: number }[]> {
    return this.repo.invariantBreaks(m, organizationId);
  }

  private async locked(m: EntityManager, organizationId: string, id: string): Promise<Entitlement> {
    const e = await this.repo.lock(m, organizationId, id);
    if (!e) throw new CreditException(CreditError.NotFound, 'Credit not found.');
    return e;
  }
}

function sameHousehold(
  a: { id: string; householdContactId: string | null },
  b: { id: string; householdContactId: string | null },
): boolean {
  const ha = a.householdContactId ?? a.id;
  const hb = b.householdContactId ?? b.id;
  return ha === hb;
}

export interface GrantInput extends CreditActor {
  organizationId: string;
  /** A student; with `household`, a household contact holding it for every member. */
  holderStudentId: string;
  household?: boolean;
  kind: EntitlementKind;
  /** Uses, or cents for account credit: 1 to 100,000,000. */
  amount: number;
  scope?: EntitlementScope;
  scopeClassIds?: string[];
  scopeTermId?: string | null;
  /** YYYY-MM-DD in the organization's zone; default today there. */
  validFrom?: string;
  /** YYYY-MM-DD in the organization's zone, usable through that whole day; null or absent: no expiry. */
  validUntil?: string | null;
  source: EntitlementSource;
  /** The record it came from (a sale, a membership period, an absence, a cancelled session, an enrollment refunded as credit). */
  sourceRef?: string | null;
  /** What the person sees, e.g. "10-class pack". */
  label?: string | null;
}

export interface UseInput extends CreditActor {
  organizationId: string;
  entitlementId: string;
  /** Who takes the seat: the holder, or a member of the holder's household for a household entitlement. */
  studentId: string;
  /** The enrollment the use pays for (written in the same transaction). */
  enrollmentId: string;
  target: CreditTarget;
  /** Uses taken from a use-counted entitlement; default 1. */
  uses?: number;
  /** Cents taken from account credit (the registration's price); required for account credit. */
  cents?: number;
}

export interface CreditBalance {
  /** Today in the organization's zone, which the validity was judged by. */
  today: string;
  entitlements: Entitlement[];
  /** Uses left across the usable use-counted entitlements. */
  uses: number;
  /** Cents left across the usable account credit. */
  cents: number;
}
