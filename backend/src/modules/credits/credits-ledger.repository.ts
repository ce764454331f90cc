import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import type {
  CreditTarget,
  Entitlement,
  EntitlementKind,
  EntitlementMovement,
  EntitlementScope,
  EntitlementSource,
  MovementKind,
} from './credit.types';

/** An entitlement's columns as the Entitlement type names them (`e` is entitlements). */
const ENT = `e.id, e.organization_id AS "organizationId", e.holder_student_id AS "holderStudentId", e.household, e.kind, e.scope,
  e.scope_class_ids::text[] AS "scopeClassIds", e.scope_term_id AS "scopeTermId", e.granted_amount AS "grantedAmount", e.remaining,
  to_char(e.valid_from, 'YYYY-MM-DD') AS "validFrom", to_char(e.valid_until, 'YYYY-MM-DD') AS "validUntil", e.source,
  e.source_ref AS "sourceRef", e.label, e.revoked_at AS "revokedAt", e.created_at AS "createdAt"`;

/** A movement's columns as the EntitlementMovement type names them (`mv` is entitlement_movements). */
const MOV = `mv.id, mv.organization_id AS "organizationId", mv.entitlement_id AS "entitlementId", mv.kind, mv.amount,
  mv.enrollment_id AS "enrollmentId", mv.releases_movement_id AS "releasesMovementId",
  mv.counterpart_entitlement_id AS "counterpartEntitlementId", mv.actor_user_id AS "actorUserId", mv.reason, mv.detail,
  mv.created_at AS "createdAt"`;

/** Today's date in the organization's zone (`o` is organizations; $TZ the server's zone when it set none). */
const todayIn = (tz: string) => `(now() AT TIME ZONE coalesce(nullif(o.settings->>'timeZone', ''), ${tz}))::date`;

/** Whether student `s` may use entitlement `e`: they hold it, or it is their household contact's for the household. */
const MAY_USE = `(e.holder_student_id = s.id OR (e.household AND e.holder_student_id = s.household_contact_id))`;

/** Whether `e` covers the target ($classId, $termId, $dropIn): the SQL twin of credit-rules.ts `covers`. */
const COVERS = (c: string, t: string, d: string) => `(e.scope = 'all'
  OR (e.scope = 'classes' AND ${c}::uuid = ANY(e.scope_class_ids))
  OR (e.scope = 'term' AND e.scope_term_id = ${t}::uuid)
  OR (e.scope = 'drop_ins' AND ${d}::boolean AND (cardinality(e.scope_class_ids) = 0 OR ${c}::uuid = ANY(e.scope_class_ids))))`;

export interface NewEntitlement {
  organizationId: string;
  holderStudentId: string;
  household: boolean;
  kind: EntitlementKind;
  scope: EntitlementScope;
  scopeClassIds: string[];
  scopeTermId: string | null;
  amount: number;
  validFrom: string | null;
  validUntil: string | null;
  source: EntitlementSource;
  sourceRef: string | null;
  label: string | null;
}

/** A use as `take` wrote it, with its entitlement's kind and what it left. */
export interface TakenUse extends EntitlementMovement {
  entitlementKind: EntitlementKind;
  remainingAfter: number;
}

export interface NewMovement {
  kind: MovementKind;
  amount: number;
  enrollmentId?: string | null;
  releasesMovementId?: string | null;
  counterpartEntitlementId?: string | null;
  actorUserId?: string | null;
  reason?: string | null;
  detail?: Record<string, unknown>;
}

/**
 * entitlements and entitlement_movements, the credits module's tables. Every write changes `remaining` and appends its
 * movement in one statement (a data-changing CTE), so the two never disagree, and a use is one conditional update: the
 * row lock orders racing takers and PostgreSQL re-checks `remaining >= amount` on the row the winner left.
 * Reads organizations (the zone of "today") and students (households), declared in docs/architecture.md.
 */
@Injectable()
export class CreditsLedgerRepository {
  /** Today's date (YYYY-MM-DD) in the organization's zone. */
  async today(m: EntityManager, organizationId: string): Promise<string> {
    const rows: { d: string }[] = await m.query(
      `SELECT to_char(${todayIn('$2')}, 'YYYY-MM-DD') AS d FROM organizations o WHERE o.id = $1`,
      [organizationId, SERVER_TIME_ZONE],
    );
    return rows[0]?.d ?? new Date().toISOString().slice(0, 10);
  }

  /** The student, if in the organization, with their household contact. */
  async student(
    m: EntityManager,
    organizationId: string,
    studentId: string,
  ): Promise<{ id: string; householdContactId: string | null } | null> {
    const rows: { id: string; householdContactId: string | null }[] = await m.query(
      `SELECT id, household_contact_id AS "householdContactId" FROM students WHERE organization_id = $1 AND id = $2`,
      [organizationId, studentId],
    );
    return rows[0] ?? null;
  }

  /** Inserts the entitlement with its first movement (a grant or a transfer in); validFrom null: today in the organization's zone. */
  async insert(m: EntityManager, e: NewEntitlement, first: Omit<NewMovement, 'amount'>): Promise<Entitlement> {
    const rows: Entitlement[] = await m.query(
      `WITH o AS (SELECT settings FROM organizations WHERE id = $1),
       ins AS (
         INSERT INTO entitlements (organization_id, holder_student_id, household, kind, scope, scope_class_ids, scope_term_id,
           granted_amount, remaining, valid_from, valid_until, source, source_ref, label)
         SELECT $1, $2, $3, $4, $5, $6::uuid[], $7, $8, $8, coalesce($9::date, ${todayIn('$14')}), $10, $11, $12, $13 FROM o
         RETURNING *),
       mv AS (
         INSERT INTO entitlement_movements (organization_id, entitlement_id, kind, amount, counterpart_entitlement_id, actor_user_id, reason, detail)
         SELECT organization_id, id, $15, $8, $16, $17, $18, $19::jsonb FROM ins)
       SELECT ${ENT} FROM ins e`,
      [
        e.organizationId,
        e.holderStudentId,
        e.household,
        e.kind,
        e.scope,
        e.scopeClassIds,
        e.scopeTermId,
        e.amount,
        e.validFrom,
        e.validUntil,
        e.source,
        e.sourceRef,
        e.label,
        SERVER_TIME_ZONE,
        first.kind,
        first.counterpartEntitlementId ?? null,
        first.actorUserId ?? null,
        first.reason ?? null,
        JSON.stringify(first.detail ?? {}),
      ],
    );
    return rows[0];
  }

  /**
   * Takes `uses` (or `cents`, for account credit) from the entitlement for the enrollment when every condition holds:
   * the student may use it, not revoked, within its dates today in the organization's zone, covering the target, enough
   * left. Null when any fails (the caller asks why with `find`). One statement: the update and its movement.
   */
  async take(
    m: EntityManager,
    a: {
      organizationId: string;
      entitlementId: string;
      studentId: string;
      enrollmentId: string;
      target: CreditTarget;
      uses: number;
      cents: number;
      actorUserId: string | null;
      reason: string | null;
    },
  ): Promise<TakenUse | null> {
    const rows: TakenUse[] = await m.query(
      `WITH taken AS (
         UPDATE entitlements e
            SET remaining = e.remaining - CASE WHEN e.kind = 'account_credit' THEN $5::int ELSE $4::int END, updated_at = now()
           FROM organizations o, students s
          WHERE e.organization_id = $1 AND e.id = $2 AND o.id = $1 AND s.organization_id = $1 AND s.id = $3
            AND ${MAY_USE} AND e.revoked_at IS NULL
            AND e.valid_from <= ${todayIn('$10')} AND (e.valid_until IS NULL OR e.valid_until >= ${todayIn('$10')})
            AND ${COVERS('$6', '$7', '$8')}
            AND e.remaining >= CASE WHEN e.kind = 'account_credit' THEN $5::int ELSE $4::int END
          RETURNING e.id, e.organization_id, e.kind, e.remaining, CASE WHEN e.kind = 'account_credit' THEN $5::int ELSE $4::int END AS amount),
       ins AS (INSERT INTO entitlement_movements (organization_id, entitlement_id, kind, amount, enrollment_id, actor_user_id, reason)
       SELECT organization_id, id, 'use', -amount, $9, $11, $12 FROM taken RETURNING *)
       SELECT ${MOV}, taken.kind AS "entitlementKind", taken.remaining AS "remainingAfter" FROM ins mv JOIN taken ON taken.id = mv.entitlement_id`,
      [
        a.organizationId,
        a.entitlementId,
        a.studentId,
        a.uses,
        a.cents,
        a.target.classId,
        a.target.termId,
        a.target.dropIn,
        a.enrollmentId,
        SERVER_TIME_ZONE,
        a.actorUserId,
        a.reason,
      ],
    );
    return rows[0] ?? null;
  }

  /** The entitlement in the organization (no lock), or null. */
  async find(m: EntityManager, organizationId: string, id: string): Promise<Entitlement | null> {
    const rows: Entitlement[] = await m.query(`SELECT ${ENT} FROM entitlements e WHERE e.organization_id = $1 AND e.id = $2`, [
      organizationId,
      id,
    ]);
    return rows[0] ?? null;
  }

  /** The entitlement locked for an admin change (validity, revoke, transfer), or null. */
  async lock(m: EntityManager, organizationId: string, id: string): Promise<Entitlement | null> {
    const rows: Entitlement[] = await m.query(`SELECT ${ENT} FROM entitlements e WHERE e.organization_id = $1 AND e.id = $2 FOR UPDATE`, [
      organizationId,
      id,
    ]);
    return rows[0] ?? null;
  }

  /**
   * Gives back the enrollment's use if it has one not yet released: `remaining` back up and the release movement, one
   * statement (the unique index on releases_movement_id makes a second release of the same use fail, never count twice).
   */
  async releaseFor(
    m: EntityManager,
    organizationId: string,
    enrollmentId: string,
    actorUserId: string | null,
    reason: string | null,
  ): Promise<EntitlementMovement | null> {
    const rows: EntitlementMovement[] = await m.query(
      `WITH u AS (
         SELECT mv.id, mv.entitlement_id, -mv.amount AS amount FROM entitlement_movements mv
          WHERE mv.organization_id = $1 AND mv.enrollment_id = $2 AND mv.kind = 'use'
            AND NOT EXISTS (SELECT 1 FROM entitlement_movements r WHERE r.releases_movement_id = mv.id AND r.kind = 'release')),
       back AS (
         UPDATE entitlements e SET remaining = e.remaining + u.amount, updated_at = now() FROM u
          WHERE e.organization_id = $1 AND e.id = u.entitlement_id RETURNING e.id)
       INSERT INTO entitlement_movements AS mv (organization_id, entitlement_id, kind, amount, enrollment_id, releases_movement_id, actor_user_id, reason)
       SELECT $1, u.entitlement_id, 'release', u.amount, $2, u.id, $3, $4 FROM u JOIN back ON back.id = u.entitlement_id
       RETURNING ${MOV}`,
      [organizationId, enrollmentId, actorUserId, reason],
    );
    return rows[0] ?? null;
  }

  /** The enrollment's use (released or not), or null. */
  async useOf(m: EntityManager, organizationId: string, enrollmentId: string): Promise<EntitlementMovement | null> {
    const rows: EntitlementMovement[] = await m.query(
      `SELECT ${MOV} FROM entitlement_movements mv WHERE mv.organization_id = $1 AND mv.enrollment_id = $2 AND mv.kind = 'use'`,
      [organizationId, enrollmentId],
    );
    return rows[0] ?? null;
  }

  /**
   * Changes `remaining` by `movement.amount` and appends the movement (on a row the caller locked). Refused by the
   * CHECK if it would go below zero.
   */
  async move(
    m: EntityManager,
    organizationId: string,
    entitlementId: string,
    movement: NewMovement,
    set: { revoked?: boolean; validFrom?: string; validUntil?: string | null } = {},
  ): Promise<EntitlementMovement> {
    const rows: EntitlementMovement[] = await m.query(
      `WITH upd AS (
         UPDATE entitlements SET remaining = remaining + $3, updated_at = now(),
                revoked_at = CASE WHEN $4::boolean THEN now() ELSE revoked_at END,
                valid_from = CASE WHEN $5::boolean THEN $6::date ELSE valid_from END,
                valid_until = CASE WHEN $7::boolean THEN $8::date ELSE valid_until END
          WHERE organization_id = $1 AND id = $2 RETURNING id)
       INSERT INTO entitlement_movements AS mv (organization_id, entitlement_id, kind, amount, counterpart_entitlement_id, actor_user_id, reason, detail)
       SELECT $1, id, $9, $3, $10, $11, $12, $13::jsonb FROM upd
       RETURNING ${MOV}`,
      [
        organizationId,
        entitlementId,
        movement.amount,
        set.revoked === true,
        set.validFrom !== undefined,
        set.validFrom ?? null,
        set.validUntil !== undefined,
        set.validUntil ?? null,
        movement.kind,
        movement.counterpartEntitlementId ?? null,
        movement.actorUserId ?? null,
        movement.reason ?? null,
        JSON.stringify(movement.detail ?? {}),
      ],
    );
    return rows[0];
  }

  /** The sum of the entitlement's expire movements less what validity changes restored: what an extension gives back. */
  async expiredNotRestored(m: EntityManager, organizationId: string, entitlementId: string): Promise<number> {
    const rows: { n: string }[] = await m.query(
      `SELECT coalesce(-sum(amount) FILTER (WHERE kind = 'expire'), 0) - coalesce(sum(amount) FILTER (WHERE kind = 'validity'), 0) AS n
         FROM entitlement_movements WHERE organization_id = $1 AND entitlement_id = $2`,
      [organizationId, entitlementId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Expires up to `limit` entitlements whose last day has passed in their organization's zone with something left:
   * `remaining` to 0 and an expire movement of what was left. Claimed SKIP LOCKED, so instances expire different rows
   * and a use racing it either lands first (then less expires) or finds it expired.
   */
  async expireDue(m: EntityManager, limit: number): Promise<{ organizationId: string; entitlementId: string; amount: number }[]> {
    return returning(
      m,
      `WITH due AS (
         SELECT e.id, e.organization_id, e.remaining FROM entitlements e JOIN organizations o ON o.id = e.organization_id
          WHERE e.remaining > 0 AND e.revoked_at IS NULL AND e.valid_until < ${todayIn('$2')}
          ORDER BY e.valid_until LIMIT $1 FOR UPDATE OF e SKIP LOCKED),
       gone AS (UPDATE entitlements e SET remaining = 0, updated_at = now() FROM due WHERE e.id = due.id RETURNING e.id)
       INSERT INTO entitlement_movements (organization_id, entitlement_id, kind, amount, reason)
       SELECT due.organization_id, due.id, 'expire', -due.remaining, 'Past its last valid day' FROM due JOIN gone ON gone.id = due.id
       RETURNING organization_id AS "organizationId", entitlement_id AS "entitlementId", -amount AS amount`,
      [limit, SERVER_TIME_ZONE],
    );
  }

  /**
   * The entitlements a student may use or holds: their own and their household contact's household-wide ones (for a
   * contact: also each member's own, `includeHousehold`), newest first.
   */
  async forStudent(m: EntityManager, organizationId: string, studentId: string, includeHousehold: boolean): Promise<Entitlement[]> {
    return m.query(
      `SELECT ${ENT} FROM entitlements e
         JOIN students s ON s.organization_id = $1 AND s.id = $2
        WHERE e.organization_id = $1
          AND (${MAY_USE} OR ($3::boolean AND e.holder_student_id IN
                (SELECT h.id FROM students h WHERE h.organization_id = $1 AND h.household_contact_id = s.id)))
        ORDER BY e.created_at DESC, e.id`,
      [organizationId, studentId, includeHousehold],
    );
  }

  /** The movements of the given entitlements, oldest first. */
  async movementsOf(m: EntityManager, organizationId: string, entitlementIds: string[]): Promise<EntitlementMovement[]> {
    if (entitlementIds.length === 0) return [];
    return m.query(
      `SELECT ${MOV} FROM entitlement_movements mv WHERE mv.organization_id = $1 AND mv.entitlement_id = ANY($2::uuid[])
        ORDER BY mv.created_at, mv.id`,
      [organizationId, entitlementIds],
    );
  }

  /** Every entitlement of the organization whose `remaining` is not the sum of its movements (the ledger invariant; empty when it holds). */
  async invariantBreaks(m: EntityManager, organizationId?: string): Promise<{ id: string; remaining: number; sum: number }[]> {
    return m.query(
      `SELECT e.id, e.remaining, coalesce(sum(mv.amount), 0)::int AS sum
         FROM entitlements e LEFT JOIN entitlement_movements mv ON mv.organization_id = e.organization_id AND mv.entitlement_id = e.id
        WHERE $1::uuid IS NULL OR e.organization_id = $1
        GROUP BY e.id HAVING e.remaining <> coalesce(sum(mv.amount), 0)`,
      [organizationId ?? null],
    );
  }
}
