import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** Someone to ask for a signature of a new version: the person emailed (a household's contact, or the student). */
export interface SignRecipient {
  studentId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** An enrollment that still needs a signature of a version, with the person enrolled. */
export interface UnsignedEnrollment {
  enrollmentId: string;
  studentId: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  classTitle: string;
  firstSession: Date;
}

export interface SignLinkRow {
  id: string;
  organizationId: string;
  waiverId: string;
  waiverVersionId: string;
  studentId: string;
  signedAt: Date | null;
  waiverTitle: string;
  waiverActive: boolean;
  version: number;
  body: string;
  sha256: string;
  /** False once a newer version of the waiver is published: that one is signed instead. */
  newest: boolean;
  recipientFirstName: string;
  recipientLastName: string;
  /** The link's person's date of birth (YYYY-MM-DD), when known: a minor's parent or guardian signs for them. */
  recipientDateOfBirth: string | null;
  /** The organization's chosen time zone (null: none), for counting ages on a class's first day. */
  timeZone: string | null;
}

/**
 * Enrollments that need the newest version signed: active, in a class the waiver covers whose last session is still
 * ahead, and with no signature of this version. `olderOnly` keeps those who signed an older version of the waiver
 * (the people the job writes to); `recipientId` keeps one person and the household members they registered.
 * The last session's start is the classes module's one definition, class_session_start.
 */
const UNSIGNED = `
  FROM enrollments e
  JOIN students s ON s.id = e.student_id
  JOIN classes c ON c.id = e.class_id
  JOIN waiver_versions nv ON nv.id = $2
  JOIN waivers w ON w.id = nv.waiver_id
 WHERE e.organization_id = $1 AND e.status = 'active' AND w.active
   AND c.status NOT IN ('Archived', 'Cancelled')
   AND class_session_start(c.start_date, c.schedule, greatest(c.days, 1) - 1) > now()
   AND (w.class_ids IS NULL OR e.class_id = ANY (w.class_ids))
   AND NOT EXISTS (SELECT 1 FROM waiver_acceptances a WHERE a.enrollment_id = e.id AND a.waiver_version_id = nv.id)`;
const SIGNED_OLDER = `AND EXISTS (SELECT 1 FROM waiver_acceptances a WHERE a.enrollment_id = e.id AND a.waiver_id = w.id AND a.version < nv.version)`;

/** waiver_resign_runs and waiver_sign_links (this module's); reads enrollments, students and classes to find who signs. */
@Injectable()
export class WaiverSignLinksRepository {
  /**
   * The oldest run not done, locked for this transaction; another instance skips it and takes the next one. Null
   * when none is due.
   */
  async claimRun(m: EntityManager): Promise<{
    versionId: string;
    organizationId: string;
    waiverId: string;
    waiverTitle: string;
    version: number;
    newest: boolean;
  } | null> {
    const [row] = await m.query(
      `SELECT r.waiver_version_id AS "versionId", r.organization_id AS "organizationId", v.waiver_id AS "waiverId", w.title AS "waiverTitle", v.version,
              v.version = (SELECT max(x.version) FROM waiver_versions x WHERE x.waiver_id = v.waiver_id) AS newest
         FROM waiver_resign_runs r JOIN waiver_versions v ON v.id = r.waiver_version_id JOIN waivers w ON w.id = v.waiver_id
        WHERE r.done_at IS NULL
        ORDER BY r.created_at
        LIMIT 1
          FOR UPDATE OF r SKIP LOCKED`,
    );
    return row ?? null;
  }

  async finishRun(m: EntityManager, versionId: string): Promise<void> {
    await m.query(`UPDATE waiver_resign_runs SET done_at = now() WHERE waiver_version_id = $1`, [versionId]);
  }

  /** Who to email for a version: per person enrolled who signed an older one, their contact (or themself), once. */
  recipients(m: EntityManager, organizationId: string, versionId: string): Promise<SignRecipient[]> {
    return m.query(
      `SELECT r.id AS "studentId", r.first_name AS "firstName", r.last_name AS "lastName", r.email, r.phone
         FROM (SELECT DISTINCT coalesce(s.household_contact_id, s.id) AS recipient_id ${UNSIGNED} ${SIGNED_OLDER}) x
         JOIN students r ON r.id = x.recipient_id
        ORDER BY r.id`,
      [organizationId, versionId],
    );
  }

  /** The link for a person and version, once: null when it already exists (its email went with it). */
  async insertLink(
    m: EntityManager,
    f: { organizationId: string; waiverId: string; versionId: string; studentId: string; tokenHash: string },
  ): Promise<string | null> {
    const [row] = await m.query(
      `INSERT INTO waiver_sign_links (organization_id, waiver_id, waiver_version_id, student_id, token_hash)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (waiver_version_id, student_id) DO NOTHING RETURNING id`,
      [f.organizationId, f.waiverId, f.versionId, f.studentId, f.tokenHash],
    );
    return row?.id ?? null;
  }

  /** A link by its token's hash, with the version's text and the person it was sent to; `lock` for the signing. */
  /**
   * The waiver's newest version (of this organization's waiver) and the person to write to about `studentId`: the
   * student or, for a household member, the contact who registered them; null when they have nothing to sign.
   */
  async recipientFor(
    m: EntityManager,
    organizationId: string,
    waiverId: string,
    studentId: string,
  ): Promise<{ versionId: string; version: number; title: string; recipient: SignRecipient | null } | null> {
    const [newest] = await m.query(
      `SELECT v.id, v.version, w.title FROM waivers w JOIN waiver_versions v ON v.waiver_id = w.id
        WHERE w.organization_id = $1 AND w.id = $2 ORDER BY v.version DESC LIMIT 1`,
      [organizationId, waiverId],
    );
    if (!newest) return null;
    const [recipient] = await m.query(
      `SELECT r.id AS "studentId", r.first_name AS "firstName", r.last_name AS "lastName", r.email, r.phone
         FROM (SELECT DISTINCT coalesce(s.household_contact_id, s.id) AS recipient_id ${UNSIGNED} ${SIGNED_OLDER}
                  AND $3 IN (s.id, s.household_contact_id)) x
         JOIN students r ON r.id = x.recipient_id`,
      [organizationId, newest.id, studentId],
    );
    return { versionId: newest.id, version: newest.version, title: newest.title, recipient: recipient ?? null };
  }

  /**
   * A new token for the person's link to a version (the old one stops working), or a first link; refused (null) when
   * the link was signed, or was written less than `minAgeMs` ago (an admin pressing twice sends one email).
   */
  async renewLink(
    m: EntityManager,
    f: { organizationId: string; waiverId: string; versionId: string; studentId: string; tokenHash: string; minAgeMs: number },
  ): Promise<{ id: string; createdAt: Date } | null> {
    const [row] = await m.query(
      `INSERT INTO waiver_sign_links AS l (organization_id, waiver_id, waiver_version_id, student_id, token_hash)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (waiver_version_id, student_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now()
        WHERE l.signed_at IS NULL AND l.created_at < now() - make_interval(secs => $6 / 1000.0)
       RETURNING id, created_at AS "createdAt"`,
      [f.organizationId, f.waiverId, f.versionId, f.studentId, f.tokenHash, f.minAgeMs],
    );
    return row ?? null;
  }

  async findByHash(m: EntityManager, tokenHash: string, lock = false): Promise<SignLinkRow | null> {
    const [row] = await m.query(
      `SELECT l.id, l.organization_id AS "organizationId", l.waiver_id AS "waiverId", l.waiver_version_id AS "waiverVersionId",
              l.student_id AS "studentId", l.signed_at AS "signedAt", w.title AS "waiverTitle", w.active AS "waiverActive",
              v.version, v.body, v.sha256,
              v.version = (SELECT max(x.version) FROM waiver_versions x WHERE x.waiver_id = v.waiver_id) AS newest,
              s.first_name AS "recipientFirstName", s.last_name AS "recipientLastName",
              to_char(s.date_of_birth, 'YYYY-MM-DD') AS "recipientDateOfBirth", o.settings->>'timeZone' AS "timeZone"
         FROM waiver_sign_links l
         JOIN waivers w ON w.id = l.waiver_id
         JOIN waiver_versions v ON v.id = l.waiver_version_id
         JOIN students s ON s.id = l.student_id
         JOIN organizations o ON o.id = l.organization_id
        WHERE l.token_hash = $1
        ${lock ? 'FOR UPDATE OF l' : ''}`,
      [tokenHash],
    );
    return row ?? null;
  }

  /** What a link's person signs for now: their own enrollments and those of the household members they registered. */
  unsignedOf(m: EntityManager, organizationId: string, versionId: string, recipientId: string): Promise<UnsignedEnrollment[]> {
    return m.query(
      `SELECT e.id AS "enrollmentId", s.id AS "studentId", s.first_name AS "firstName", s.last_name AS "lastName",
              to_char(s.date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth", c.title AS "classTitle", c.start_date AS "firstSession"
         ${UNSIGNED}
          AND (s.id = $3 OR s.household_contact_id = $3)
        ORDER BY c.start_date, s.last_name, s.first_name, e.id`,
      [organizationId, versionId, recipientId],
    );
  }

  async markSigned(m: EntityManager, id: string): Promise<void> {
    await m.query(`UPDATE waiver_sign_links SET signed_at = now() WHERE id = $1`, [id]);
  }

  /** Erasure: the person's pending links go (their signatures are anonymised by WaiversRepository). */
  async eraseStudent(m: EntityManager, organizationId: string, studentId: string): Promise<void> {
    await m.query(`DELETE FROM waiver_sign_links WHERE organization_id = $1 AND student_id = $2`, [organizationId, studentId]);
  }
}
