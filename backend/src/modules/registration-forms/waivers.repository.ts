import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

export interface WaiverRow {
  id: string;
  title: string;
  classIds: string[] | null;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface VersionRow {
  id: string;
  waiverId: string;
  version: number;
  body: string;
  sha256: string;
  createdAt: Date;
  signatures: number;
}

export interface AcceptanceRow {
  id: string;
  enrollmentId: string;
  studentId: string;
  waiverId: string;
  waiverTitle: string;
  waiverVersionId: string;
  version: number;
  sha256: string;
  signedName: string;
  signedAs: 'self' | 'guardian' | 'contact';
  acceptedAt: Date;
  clientIp: string | null;
  userAgent: string | null;
  current: boolean;
}

export interface NewAcceptance {
  enrollmentId: string;
  studentId: string;
  waiverId: string;
  waiverVersionId: string;
  version: number;
  sha256: string;
  signedName: string;
  signedAs: 'self' | 'guardian' | 'contact';
  clientIp: string | null;
  userAgent: string | null;
}

const WAIVER = `w.id, w.title, w.class_ids AS "classIds", w.active, w.created_at AS "createdAt", w.updated_at AS "updatedAt"`;
const VERSION = `v.id, v.waiver_id AS "waiverId", v.version, v.body, v.sha256, v.created_at AS "createdAt",
  (SELECT count(*)::int FROM waiver_acceptances x WHERE x.waiver_version_id = v.id) AS signatures`;
const ACCEPTANCE = `a.id, a.enrollment_id AS "enrollmentId", a.student_id AS "studentId", a.waiver_id AS "waiverId", w.title AS "waiverTitle",
  a.waiver_version_id AS "waiverVersionId", a.version, a.sha256, a.signed_name AS "signedName", a.signed_as AS "signedAs",
  a.accepted_at AS "acceptedAt", a.client_ip AS "clientIp", a.user_agent AS "userAgent",
  a.version = (SELECT max(v.version) FROM waiver_versions v WHERE v.waiver_id = a.waiver_id) AS current`;

/** waivers, waiver_versions and waiver_acceptances: the registration-forms module's tables. */
@Injectable()
export class WaiversRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  list(organizationId: string): Promise<WaiverRow[]> {
    return this.db.query(`SELECT ${WAIVER} FROM waivers w WHERE w.organization_id = $1 ORDER BY w.created_at, w.id`, [organizationId]);
  }

  async find(organizationId: string, id: string): Promise<WaiverRow | null> {
    const [row] = await this.db.query(`SELECT ${WAIVER} FROM waivers w WHERE w.organization_id = $1 AND w.id = $2`, [organizationId, id]);
    return row ?? null;
  }

  versionsOf(organizationId: string, waiverIds: string[]): Promise<VersionRow[]> {
    if (!waiverIds.length) return Promise.resolve([]);
    return this.db.query(
      `SELECT ${VERSION} FROM waiver_versions v WHERE v.organization_id = $1 AND v.waiver_id = ANY ($2::uuid[]) ORDER BY v.version DESC`,
      [organizationId, waiverIds],
    );
  }

  async insert(organizationId: string, f: { title: string; classIds: string[] | null; active: boolean }): Promise<string> {
    const [row] = await this.db.query(
      `INSERT INTO waivers (organization_id, title, class_ids, active) VALUES ($1, $2, $3, $4) RETURNING id`,
      [organizationId, f.title, f.classIds, f.active],
    );
    return row.id;
  }

  async update(organizationId: string, id: string, f: { title: string; classIds: string[] | null; active: boolean }): Promise<void> {
    await this.db.query(
      `UPDATE waivers SET title = $3, class_ids = $4, active = $5, updated_at = now() WHERE organization_id = $1 AND id = $2`,
      [organizationId, id, f.title, f.classIds, f.active],
    );
  }

  /** The next version of a waiver: numbered under a lock on the waiver, so two admins adding at once get 2 and 3. */
  async addVersion(organizationId: string, waiverId: string, body: string, sha256: string): Promise<string | null> {
    return this.db.transaction(async (m) => {
      const [w] = await m.query(`SELECT id FROM waivers WHERE organization_id = $1 AND id = $2 FOR UPDATE`, [organizationId, waiverId]);
      if (!w) return null;
      const [row] = await m.query(
        `INSERT INTO waiver_versions (organization_id, waiver_id, version, body, sha256)
         SELECT $1, $2, coalesce(max(version), 0) + 1, $3, $4 FROM waiver_versions WHERE waiver_id = $2
         RETURNING id`,
        [organizationId, waiverId, body, sha256],
      );
      await m.query(`UPDATE waivers SET updated_at = now() WHERE id = $1`, [waiverId]);
      // From the second version on, the people who signed an older one are asked to sign this one (a job takes the
      // run: WaiverSignLinksService). Queued here so the version and its run commit together.
      await m.query(
        `INSERT INTO waiver_resign_runs (waiver_version_id, organization_id)
         SELECT id, organization_id FROM waiver_versions WHERE id = $1 AND version > 1`,
        [row.id],
      );
      return row.id;
    });
  }

  /**
   * The waivers a registration signs, with their newest version: the organization's active ones, for every class (the
   * organization's form copies pick each class's in memory) or, given `classId`, for every class or that one.
   */
  activeWithNewestVersion(
    organizationId: string,
    classId?: string,
  ): Promise<(WaiverRow & { versionId: string; version: number; body: string; sha256: string })[]> {
    return this.db.query(
      `SELECT ${WAIVER}, v.id AS "versionId", v.version, v.body, v.sha256
         FROM waivers w
         JOIN LATERAL (SELECT * FROM waiver_versions v WHERE v.waiver_id = w.id ORDER BY v.version DESC LIMIT 1) v ON true
        WHERE w.organization_id = $1 AND w.active AND ($2::uuid IS NULL OR w.class_ids IS NULL OR $2 = ANY (w.class_ids))
        ORDER BY w.created_at, w.id`,
      [organizationId, classId ?? null],
    );
  }

  async insertAcceptances(m: EntityManager, organizationId: string, rows: NewAcceptance[]): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `INSERT INTO waiver_acceptances (organization_id, enrollment_id, student_id, waiver_id, waiver_version_id, version, sha256,
                                       signed_name, signed_as, client_ip, user_agent)
       SELECT $1, x.enrollment_id, x.student_id, x.waiver_id, x.waiver_version_id, x.version, x.sha256, x.signed_name, x.signed_as,
              x.client_ip, x.user_agent
         FROM jsonb_to_recordset($2::jsonb) AS x(enrollment_id uuid, student_id uuid, waiver_id uuid, waiver_version_id uuid, version int,
              sha256 text, signed_name text, signed_as text, client_ip text, user_agent text)`,
      [
        organizationId,
        JSON.stringify(
          rows.map((r) => ({
            enrollment_id: r.enrollmentId,
            student_id: r.studentId,
            waiver_id: r.waiverId,
            waiver_version_id: r.waiverVersionId,
            version: r.version,
            sha256: r.sha256,
            signed_name: r.signedName,
            signed_as: r.signedAs,
            client_ip: r.clientIp,
            user_agent: r.userAgent,
          })),
        ),
      ],
    );
  }

  acceptancesOfEnrollments(organizationId: string, enrollmentIds: string[]): Promise<AcceptanceRow[]> {
    if (!enrollmentIds.length) return Promise.resolve([]);
    return this.db.query(
      `SELECT ${ACCEPTANCE} FROM waiver_acceptances a JOIN waivers w ON w.id = a.waiver_id
        WHERE a.organization_id = $1 AND a.enrollment_id = ANY ($2::uuid[]) ORDER BY a.accepted_at, a.id`,
      [organizationId, enrollmentIds],
    );
  }

  /**
   * Whether the enrollment is one of the organization's: the signatures of an enrollment nobody can see are a 404, not
   * an empty list (the one read of enrollments here; the registration module sits above this one).
   */
  async enrollmentInOrganization(organizationId: string, enrollmentId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query('SELECT 1 FROM enrollments WHERE id = $1 AND organization_id = $2', [
      enrollmentId,
      organizationId,
    ]);
    return rows.length > 0;
  }

  acceptancesOfStudent(organizationId: string, studentId: string): Promise<AcceptanceRow[]> {
    return this.db.query(
      `SELECT ${ACCEPTANCE} FROM waiver_acceptances a JOIN waivers w ON w.id = a.waiver_id
        WHERE a.organization_id = $1 AND a.student_id = $2 ORDER BY a.accepted_at, a.id`,
      [organizationId, studentId],
    );
  }

  acceptancesOfWaiver(organizationId: string, waiverId: string): Promise<AcceptanceRow[]> {
    return this.db.query(
      `SELECT ${ACCEPTANCE} FROM waiver_acceptances a JOIN waivers w ON w.id = a.waiver_id
        WHERE a.organization_id = $1 AND a.waiver_id = $2 ORDER BY a.accepted_at DESC, a.id`,
      [organizationId, waiverId],
    );
  }

  /** One acceptance with the text of the version signed (the PDF). */
  async acceptanceWithText(organizationId: string, id: string): Promise<(AcceptanceRow & { body: string }) | null> {
    const [row] = await this.db.query(
      `SELECT ${ACCEPTANCE}, v.body FROM waiver_acceptances a JOIN waivers w ON w.id = a.waiver_id
         JOIN waiver_versions v ON v.id = a.waiver_version_id
        WHERE a.organization_id = $1 AND a.id = $2`,
      [organizationId, id],
    );
    return row ?? null;
  }

  /**
   * Erasure: the person's name, address and browser leave the acceptance; which version was signed, its hash and
   * when stay (the enrollment they belong to stays too, as an erased student's financial record does).
   */
  async eraseStudent(m: EntityManager, organizationId: string, studentId: string): Promise<void> {
    await m.query(
      `UPDATE waiver_acceptances SET signed_name = 'Erased Student', client_ip = NULL, user_agent = NULL
        WHERE organization_id = $1 AND student_id = $2`,
      [organizationId, studentId],
    );
  }
}
