import type { Language } from '../../common/i18n/languages';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';

export type WaitlistStatus = 'waiting' | 'offered' | 'accepted' | 'lapsed' | 'removed' | 'left';
export const LIVE: WaitlistStatus[] = ['waiting', 'offered'];

export interface WaitlistEntry {
  id: string;
  organizationId: string;
  classId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  communicationOptIn: boolean;
  status: WaitlistStatus;
  sortKey: number;
  offerCount: number;
  offeredAt: Date | null;
  offerExpiresAt: Date | null;
  offerTokenHash: string | null;
  acceptedEnrollmentId: string | null;
  joinedAt: Date;
  /** Rank among live entries (1 = next); null for entries no longer on the list. */
  position: number | null;
  /** The language of the page they joined on: their waitlist messages' (null: the organization's default). */
  language?: Language | null;
}

const COLUMNS = `w.id, w.organization_id AS "organizationId", w.class_id AS "classId", w.first_name AS "firstName",
  w.last_name AS "lastName", w.email, w.phone, w.communication_opt_in AS "communicationOptIn", w.status, w.sort_key AS "sortKey",
  w.offer_count AS "offerCount", w.offered_at AS "offeredAt", w.offer_expires_at AS "offerExpiresAt",
  w.offer_token_hash AS "offerTokenHash", w.accepted_enrollment_id AS "acceptedEnrollmentId", w.created_at AS "joinedAt", w.language`;

const POSITION = `CASE WHEN w.status IN ('waiting', 'offered') THEN (
    SELECT count(*)::int FROM waitlist_entries o
     WHERE o.class_id = w.class_id AND o.status IN ('waiting', 'offered') AND o.sort_key <= w.sort_key) END AS position`;

/**
 * waitlist_entries (this module's table). Callers that change entries of a class lock the class row first
 * (ClassesService.lock), then entries: one lock order everywhere, and the class lock serializes a class's list.
 */
@Injectable()
export class WaitlistRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private q(manager?: EntityManager) {
    return manager ?? this.db.manager;
  }

  async find(manager: EntityManager | undefined, where: string, params: unknown[], lock = false): Promise<WaitlistEntry | null> {
    const rows: WaitlistEntry[] = await this.q(manager).query(
      `SELECT ${COLUMNS}, ${POSITION} FROM waitlist_entries w WHERE ${where} ${lock ? 'FOR UPDATE OF w' : ''}`,
      params,
    );
    return rows[0] ?? null;
  }

  byId(manager: EntityManager | undefined, id: string, lock = false) {
    return this.find(manager, 'w.id = $1', [id], lock);
  }

  inOrganization(manager: EntityManager | undefined, id: string, organizationId: string, lock = false) {
    return this.find(manager, 'w.id = $1 AND w.organization_id = $2', [id, organizationId], lock);
  }

  liveByEmail(manager: EntityManager, classId: string, email: string) {
    return this.find(manager, "w.class_id = $1 AND lower(w.email) = lower($2) AND w.status IN ('waiting', 'offered')", [classId, email]);
  }

  /** The next person to offer a seat to (locked). */
  firstWaiting(manager: EntityManager, classId: string) {
    return this.find(manager, "w.class_id = $1 AND w.status = 'waiting' ORDER BY w.sort_key LIMIT 1", [classId], true);
  }

  async insert(
    manager: EntityManager,
    e: Pick<WaitlistEntry, 'organizationId' | 'classId' | 'firstName' | 'lastName' | 'email' | 'phone' | 'communicationOptIn' | 'language'>,
  ): Promise<string> {
    const [row] = await manager.query(
      `INSERT INTO waitlist_entries (organization_id, class_id, first_name, last_name, email, phone, communication_opt_in, sort_key, language)
       VALUES ($1, $2, $3, $4, $5, $6, $7, (SELECT coalesce(max(sort_key), 0) + 1 FROM waitlist_entries WHERE class_id = $2), $8)
       RETURNING id`,
      [e.organizationId, e.classId, e.firstName, e.lastName, e.email, e.phone, e.communicationOptIn, e.language ?? null],
    );
    return row.id as string;
  }

  /** Every entry of a class: the live ones in list order, then the others, newest change first. */
  listForClass(organizationId: string, classId: string): Promise<(WaitlistEntry & { updatedAt: Date })[]> {
    return this.db.query(
      `SELECT ${COLUMNS}, ${POSITION}, w.updated_at AS "updatedAt" FROM waitlist_entries w
        WHERE w.organization_id = $1 AND w.class_id = $2
        ORDER BY (w.status IN ('waiting', 'offered')) DESC, CASE WHEN w.status IN ('waiting', 'offered') THEN w.sort_key END, w.updated_at DESC`,
      [organizationId, classId],
    );
  }

  /** Live entries of a class in list order (locked: the caller reorders them). */
  async liveIds(manager: EntityManager, classId: string): Promise<string[]> {
    const rows: { id: string }[] = await manager.query(
      "SELECT id FROM waitlist_entries WHERE class_id = $1 AND status IN ('waiting', 'offered') ORDER BY sort_key FOR UPDATE",
      [classId],
    );
    return rows.map((r) => r.id);
  }

  /** Gives the entries sort keys 1..n in the order given. */
  async reorder(manager: EntityManager, ids: string[]): Promise<void> {
    await manager.query(
      `UPDATE waitlist_entries w SET sort_key = x.n, updated_at = now()
         FROM unnest($1::uuid[]) WITH ORDINALITY AS x(id, n) WHERE w.id = x.id`,
      [ids],
    );
  }

  async markOffered(manager: EntityManager, id: string, offer: number, hours: number, tokenHash: string): Promise<Date> {
    // UPDATE … RETURNING through query() answers [rows, count]: returning() gives the rows.
    const [row] = await returning<{ offerExpiresAt: Date }>(
      manager,
      `UPDATE waitlist_entries SET status = 'offered', offer_count = $2, offered_at = now(),
              offer_expires_at = now() + $3 * interval '1 hour', offer_token_hash = $4, updated_at = now()
        WHERE id = $1 RETURNING offer_expires_at AS "offerExpiresAt"`,
      [id, offer, hours, tokenHash],
    );
    return row.offerExpiresAt;
  }

  async setStatus(manager: EntityManager, id: string, status: WaitlistStatus): Promise<void> {
    await manager.query('UPDATE waitlist_entries SET status = $2, updated_at = now() WHERE id = $1', [id, status]);
  }

  async markAccepted(manager: EntityManager, id: string, enrollmentId: string): Promise<void> {
    await manager.query("UPDATE waitlist_entries SET status = 'accepted', accepted_enrollment_id = $2, updated_at = now() WHERE id = $1", [
      id,
      enrollmentId,
    ]);
  }

  /** accepted -> offered again, the same link and expiry (only while it is still this enrollment's acceptance). */
  async markReturned(manager: EntityManager, id: string, enrollmentId: string): Promise<void> {
    await manager.query(
      `UPDATE waitlist_entries SET status = 'offered', accepted_enrollment_id = NULL, updated_at = now()
        WHERE id = $1 AND status = 'accepted' AND accepted_enrollment_id = $2`,
      [id, enrollmentId],
    );
  }

  /** Classes with an offer past its expiry (not locked: the job locks each class, skipping those another holds). */
  async classesWithExpiredOffers(limit: number): Promise<{ classId: string; organizationId: string }[]> {
    return this.db.query(
      `SELECT DISTINCT class_id AS "classId", organization_id AS "organizationId" FROM waitlist_entries
        WHERE status = 'offered' AND offer_expires_at <= now() LIMIT $1`,
      [limit],
    );
  }

  /** The class's lapsed offers, locked (the caller holds the class row). */
  async expiredOffers(manager: EntityManager, classId: string): Promise<{ id: string }[]> {
    return manager.query(
      "SELECT id FROM waitlist_entries WHERE class_id = $1 AND status = 'offered' AND offer_expires_at <= now() ORDER BY sort_key FOR UPDATE",
      [classId],
    );
  }

  /**
   * Classes where someone waits while a seat is free (a capacity raised outside the app, a crash between steps). A
   * read of the classes table's seat columns, no write: seats change only through ClassesService.
   */
  async classesToFill(limit: number): Promise<{ classId: string; organizationId: string }[]> {
    return this.db.query(
      `SELECT DISTINCT w.class_id AS "classId", w.organization_id AS "organizationId" FROM waitlist_entries w
         JOIN classes c ON c.id = w.class_id
        WHERE w.status = 'waiting' AND c.enrolled_students < c.max_students AND c.status IN ('Open', 'Scheduled') LIMIT $1`,
      [limit],
    );
  }

  /**
   * Erasure of a person: their entries (by email) are anonymised; one still waiting leaves the list (it holds no
   * seat). An offered entry keeps its status, so its held seat lapses to the next person as usual.
   */
  async anonymiseEmail(manager: EntityManager, organizationId: string, email: string): Promise<void> {
    await manager.query(
      `UPDATE waitlist_entries SET first_name = 'Erased', last_name = 'Student', email = 'erased-' || id || '@erased.invalid', phone = '',
              communication_opt_in = false, status = CASE WHEN status = 'waiting' THEN 'left' ELSE status END, updated_at = now()
        WHERE organization_id = $2 AND lower(email) = lower($1)`,
      [email, organizationId],
    );
  }
}
