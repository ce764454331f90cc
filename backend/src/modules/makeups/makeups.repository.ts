import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import type { EarnedCounts, MakeupPolicy, NoTokenReason } from './makeup-policy';

const POLICY = `class_id AS "classId", announce_hours_before AS "announceHoursBefore", teacher_marked_absences AS "teacherMarkedAbsences",
  cap_per_month AS "capPerMonth", cap_per_term AS "capPerTerm", cap_per_year AS "capPerYear", expiry_days AS "expiryDays",
  expiry_end_of_term AS "expiryEndOfTerm", book_ahead_days AS "bookAheadDays", book_until_hours_before AS "bookUntilHoursBefore",
  eligible, eligible_class_ids AS "eligibleClassIds", extra_seats AS "extraSeats", cancelled_session_token AS "cancelledSessionToken"`;

/** The student may act for `s`: themselves, or a member of the household they are the contact for. */
const ACTS_FOR = `(st.id = $ACTOR OR st.household_contact_id = $ACTOR)`;

/** A session as an absence reads it, with the student's whole-class enrollment in its class. */
export interface AbsenceTarget {
  sessionId: string;
  classId: string;
  classTitle: string;
  instructor: string;
  termId: string | null;
  termEnd: string | null;
  startsAt: Date;
  status: 'scheduled' | 'cancelled';
  enrollmentId: string;
  studentId: string;
  firstName: string;
  lastName: string;
  zone: string;
}

/** A session a make-up may take, with its seats left (free seats plus the policy's make-up seats). */
export interface MakeupSession {
  id: string;
  classId: string;
  classTitle: string;
  termId: string | null;
  sessionIndex: number;
  startsAt: Date;
  endsAt: Date;
  seatsLeft: number;
}

export interface AbsenceRow {
  id: string;
  studentId: string;
  classId: string;
  classTitle: string;
  classSessionId: string;
  sessionStartsAt: Date;
  reportedAt: Date;
  entitlementId: string | null;
  noTokenReason: NoTokenReason | null;
}

/**
 * Make-up policies and reported absences (the makeups module's tables), and the reads an absence and a booking need
 * in one query each: the session with its class, term and the student's enrollment (class_sessions, classes, terms,
 * enrollments, students, organizations), and the sessions a token may book with their seats. Declared as a read model
 * in docs/architecture.md.
 */
@Injectable()
export class MakeupsRepository {
  /** The class's own policy, else the organization's; null: none saved. */
  async policy(m: EntityManager, organizationId: string, classId: string | null): Promise<MakeupPolicy | null> {
    const rows: MakeupPolicy[] = await m.query(
      `SELECT ${POLICY} FROM makeup_policies WHERE organization_id = $1 AND (class_id IS NULL OR class_id = $2)
        ORDER BY class_id NULLS LAST LIMIT 1`,
      [organizationId, classId],
    );
    return rows[0] ?? null;
  }

  /** Every policy of the organization (its own first, then the classes' overrides). */
  policies(m: EntityManager, organizationId: string): Promise<MakeupPolicy[]> {
    return m.query(`SELECT ${POLICY} FROM makeup_policies WHERE organization_id = $1 ORDER BY class_id NULLS FIRST`, [organizationId]);
  }

  async savePolicy(m: EntityManager, organizationId: string, p: MakeupPolicy): Promise<MakeupPolicy> {
    const target =
      p.classId === null ? '(organization_id) WHERE class_id IS NULL' : '(organization_id, class_id) WHERE class_id IS NOT NULL';
    const rows: MakeupPolicy[] = await m.query(
      `INSERT INTO makeup_policies (organization_id, class_id, announce_hours_before, teacher_marked_absences, cap_per_month,
          cap_per_term, cap_per_year, expiry_days, expiry_end_of_term, book_ahead_days, book_until_hours_before, eligible,
          eligible_class_ids, extra_seats, cancelled_session_token)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::uuid[], $14, $15)
       ON CONFLICT ${target} DO UPDATE SET announce_hours_before = EXCLUDED.announce_hours_before,
          teacher_marked_absences = EXCLUDED.teacher_marked_absences, cap_per_month = EXCLUDED.cap_per_month,
          cap_per_term = EXCLUDED.cap_per_term, cap_per_year = EXCLUDED.cap_per_year, expiry_days = EXCLUDED.expiry_days,
          expiry_end_of_term = EXCLUDED.expiry_end_of_term, book_ahead_days = EXCLUDED.book_ahead_days,
          book_until_hours_before = EXCLUDED.book_until_hours_before, eligible = EXCLUDED.eligible,
          eligible_class_ids = EXCLUDED.eligible_class_ids, extra_seats = EXCLUDED.extra_seats,
          cancelled_session_token = EXCLUDED.cancelled_session_token, updated_at = now()
       RETURNING ${POLICY}`,
      [
        organizationId,
        p.classId,
        p.announceHoursBefore,
        p.teacherMarkedAbsences,
        p.capPerMonth,
        p.capPerTerm,
        p.capPerYear,
        p.expiryDays,
        p.expiryEndOfTerm,
        p.bookAheadDays,
        p.bookUntilHoursBefore,
        p.eligible,
        p.eligibleClassIds,
        p.extraSeats,
        p.cancelledSessionToken,
      ],
    );
    return rows[0];
  }

  /** Deletes a class's own policy (the organization's applies again); false when it had none. */
  async deleteClassPolicy(m: EntityManager, organizationId: string, classId: string): Promise<boolean> {
    const rows = await returning<{ id: string }>(
      m,
      'DELETE FROM makeup_policies WHERE organization_id = $1 AND class_id = $2 RETURNING id',
      [organizationId, classId],
    );
    return rows.length > 0;
  }

  /** How many of these class ids are the organization's (a policy may name only its own classes). */
  async ownClassCount(m: EntityManager, organizationId: string, classIds: string[]): Promise<number> {
    const rows: { n: number }[] = await m.query(
      'SELECT count(*)::int AS n FROM classes WHERE organization_id = $1 AND id = ANY($2::uuid[])',
      [organizationId, classIds],
    );
    return rows[0].n;
  }

  /** The session and the student's whole-class seat in its class, when `actor` may act for the student; else null. */
  async absenceTarget(
    m: EntityManager,
    organizationId: string,
    actor: string,
    studentId: string,
    sessionId: string,
  ): Promise<AbsenceTarget | null> {
    const rows: AbsenceTarget[] = await m.query(
      `SELECT s.id AS "sessionId", c.id AS "classId", c.title AS "classTitle", c.instructor, c.term_id AS "termId",
              to_char(t.end_date, 'YYYY-MM-DD') AS "termEnd", s.starts_at AS "startsAt", s.status, e.id AS "enrollmentId",
              st.id AS "studentId", st.first_name AS "firstName", st.last_name AS "lastName",
              coalesce(nullif(o.settings->>'timeZone', ''), $5) AS zone
         FROM class_sessions s
         JOIN classes c ON c.id = s.class_id AND c.organization_id = s.organization_id
         JOIN organizations o ON o.id = s.organization_id
         JOIN students st ON st.id = $3 AND st.organization_id = s.organization_id
         JOIN enrollments e ON e.student_id = st.id AND e.class_id = c.id AND e.organization_id = s.organization_id
              AND e.status = 'active' AND e.class_session_id IS NULL
         LEFT JOIN terms t ON t.id = c.term_id
        WHERE s.id = $4 AND s.organization_id = $1 AND ${ACTS_FOR.replaceAll('$ACTOR', '$2')}`,
      [organizationId, actor, studentId, sessionId, SERVER_TIME_ZONE],
    );
    return rows[0] ?? null;
  }

  /**
   * Serialises one student's absences (two reports at once must not both slip under a cap): a transaction-scoped
   * advisory lock on the student.
   */
  async lockStudent(m: EntityManager, studentId: string): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtextextended('makeup:' || $1, 0))`, [studentId]);
  }

  /**
   * Tokens the student earned for missed sessions in the same local month, term and year as `startsAt`. A session the
   * organization cancelled is not the student's absence: its tokens do not count toward the caps.
   */
  async earned(
    m: EntityManager,
    organizationId: string,
    studentId: string,
    at: { startsAt: Date; zone: string; termId: string | null },
  ): Promise<EarnedCounts> {
    const rows: EarnedCounts[] = await m.query(
      `SELECT count(*) FILTER (WHERE date_trunc('month', a.session_starts_at AT TIME ZONE $4) = date_trunc('month', $3::timestamptz AT TIME ZONE $4))::int AS month,
              count(*) FILTER (WHERE $5::uuid IS NOT NULL AND c.term_id = $5::uuid)::int AS term,
              count(*) FILTER (WHERE date_trunc('year', a.session_starts_at AT TIME ZONE $4) = date_trunc('year', $3::timestamptz AT TIME ZONE $4))::int AS year
         FROM makeup_absences a JOIN classes c ON c.id = a.class_id
        WHERE a.organization_id = $1 AND a.student_id = $2 AND a.entitlement_id IS NOT NULL AND a.source <> 'cancelled_session'`,
      [organizationId, studentId, at.startsAt, at.zone, at.termId],
    );
    return rows[0];
  }

  /** Records the absence; null when it was reported already (the unique key decides a repeated or racing report). */
  async insertAbsence(
    m: EntityManager,
    a: {
      organizationId: string;
      studentId: string;
      classId: string;
      sessionId: string;
      enrollmentId: string;
      startsAt: Date;
      source: 'portal' | 'cancelled_session';
    },
  ): Promise<{ id: string; reportedAt: Date } | null> {
    const rows: { id: string; reportedAt: Date }[] = await m.query(
      `INSERT INTO makeup_absences (organization_id, student_id, class_id, class_session_id, enrollment_id, source, session_starts_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (organization_id, student_id, class_session_id) DO NOTHING
       RETURNING id, reported_at AS "reportedAt"`,
      [a.organizationId, a.studentId, a.classId, a.sessionId, a.enrollmentId, a.source, a.startsAt],
    );
    return rows[0] ?? null;
  }

  async setAbsenceOutcome(
    m: EntityManager,
    organizationId: string,
    id: string,
    entitlementId: string | null,
    reason: NoTokenReason | null,
  ) {
    await returning(m, 'UPDATE makeup_absences SET entitlement_id = $3, no_token_reason = $4 WHERE organization_id = $1 AND id = $2', [
      organizationId,
      id,
      entitlementId,
      reason,
    ]);
  }

  /** The absences of the students `actor` acts for, newest session first. */
  absencesFor(m: EntityManager, organizationId: string, actor: string): Promise<AbsenceRow[]> {
    return m.query(
      `SELECT a.id, a.student_id AS "studentId", a.class_id AS "classId", c.title AS "classTitle", a.class_session_id AS "classSessionId",
              a.session_starts_at AS "sessionStartsAt", a.reported_at AS "reportedAt", a.entitlement_id AS "entitlementId",
              a.no_token_reason AS "noTokenReason"
         FROM makeup_absences a JOIN students st ON st.id = a.student_id JOIN classes c ON c.id = a.class_id
        WHERE a.organization_id = $1 AND ${ACTS_FOR.replaceAll('$ACTOR', '$2')}
        ORDER BY a.session_starts_at DESC LIMIT 200`,
      [organizationId, actor],
    );
  }

  /** The absence that earned this token (its missed class), or null (a token of another source). */
  async absenceOfToken(
    m: EntityManager,
    organizationId: string,
    entitlementId: string,
  ): Promise<{ classId: string; termId: string | null } | null> {
    const rows: { classId: string; termId: string | null }[] = await m.query(
      `SELECT a.class_id AS "classId", c.term_id AS "termId" FROM makeup_absences a JOIN classes c ON c.id = a.class_id
        WHERE a.organization_id = $1 AND a.entitlement_id = $2`,
      [organizationId, entitlementId],
    );
    return rows[0] ?? null;
  }

  /**
   * Scheduled sessions of open classes inside the window that the student holds no seat in, with their seats left:
   * free seats plus each class's make-up seats (its own policy's, else the organization's). `classes`: null for any
   * class, else the class ids; `termId`: only that term's classes.
   */
  sessionsFor(
    m: EntityManager,
    organizationId: string,
    q: { studentId: string; classIds: string[] | null; termId: string | null; fromHours: number; aheadDays: number; sessionId?: string },
  ): Promise<MakeupSession[]> {
    return m.query(
      `SELECT * FROM (
         SELECT s.id, c.id AS "classId", c.title AS "classTitle", c.term_id AS "termId", s.session_index AS "sessionIndex",
                s.starts_at AS "startsAt", s.ends_at AS "endsAt",
                (c.max_students + coalesce(
                   (SELECT p.extra_seats FROM makeup_policies p WHERE p.organization_id = c.organization_id
                      AND (p.class_id = c.id OR p.class_id IS NULL) ORDER BY p.class_id NULLS LAST LIMIT 1), 0)
                 - c.enrolled_students - s.drop_ins_taken)::int AS "seatsLeft"
           FROM class_sessions s JOIN classes c ON c.id = s.class_id AND c.organization_id = s.organization_id
          WHERE s.organization_id = $1 AND s.status = 'scheduled' AND (c.status IN ('Open', 'Scheduled') OR (c.status = 'Closed' AND c.closed_when_full))
            AND ($3::uuid[] IS NULL OR c.id = ANY($3::uuid[])) AND ($4::uuid IS NULL OR c.term_id = $4::uuid)
            AND s.starts_at > now() + make_interval(hours => $5) AND s.starts_at <= now() + make_interval(days => $6)
            AND ($7::uuid IS NULL OR s.id = $7::uuid)
            AND NOT EXISTS (SELECT 1 FROM enrollments e WHERE e.student_id = $2 AND e.class_id = c.id AND e.status IN ('held', 'active')
                              AND (e.class_session_id IS NULL OR e.class_session_id = s.id))
       ) x WHERE x."seatsLeft" > 0 ORDER BY x."startsAt", x.id LIMIT 100`,
      [organizationId, q.studentId, q.classIds, q.termId, q.fromHours, q.aheadDays, q.sessionId ?? null],
    );
  }

  /** Whether `actor` may act for the student: themselves or a member of the household they are the contact for. */
  async actsFor(m: EntityManager, organizationId: string, actor: string, studentId: string): Promise<boolean> {
    const rows: unknown[] = await m.query(
      `SELECT 1 FROM students st WHERE st.organization_id = $1 AND st.id = $3 AND ${ACTS_FOR.replaceAll('$ACTOR', '$2')}`,
      [organizationId, actor, studentId],
    );
    return rows.length > 0;
  }

  /** A session of the organization as a booking judges it, or null. */
  async session(
    m: EntityManager,
    organizationId: string,
    sessionId: string,
  ): Promise<{ classId: string; termId: string | null; startsAt: Date } | null> {
    const rows: { classId: string; termId: string | null; startsAt: Date }[] = await m.query(
      `SELECT c.id AS "classId", c.term_id AS "termId", s.starts_at AS "startsAt"
         FROM class_sessions s JOIN classes c ON c.id = s.class_id AND c.organization_id = s.organization_id
        WHERE s.id = $2 AND s.organization_id = $1`,
      [organizationId, sessionId],
    );
    return rows[0] ?? null;
  }

  /**
   * The upcoming sessions (next `days` days) of the whole-class seats of the students `actor` acts for, with the
   * absence already reported for each (the portal's "I can't make it" list).
   */
  upcomingFor(m: EntityManager, organizationId: string, actor: string, days: number): Promise<UpcomingSession[]> {
    return m.query(
      `SELECT s.id, st.id AS "studentId", st.first_name AS "firstName", c.id AS "classId", c.title AS "classTitle",
              s.starts_at AS "startsAt", s.ends_at AS "endsAt", a.id AS "absenceId"
         FROM enrollments e
         JOIN students st ON st.id = e.student_id
         JOIN classes c ON c.id = e.class_id AND c.organization_id = e.organization_id
         JOIN class_sessions s ON s.class_id = c.id AND s.organization_id = c.organization_id
         LEFT JOIN makeup_absences a ON a.organization_id = s.organization_id AND a.student_id = st.id AND a.class_session_id = s.id
        WHERE e.organization_id = $1 AND e.status = 'active' AND e.class_session_id IS NULL AND ${ACTS_FOR.replaceAll('$ACTOR', '$2')}
          AND s.status = 'scheduled' AND s.starts_at > now() AND s.starts_at <= now() + make_interval(days => $3)
        ORDER BY s.starts_at, st.first_name, s.id LIMIT 100`,
      [organizationId, actor, days],
    );
  }
  /**
   * Make-up tokens with something left whose last day is within the next `days` days (in each organization's zone)
   * and whose reminder was not queued yet (the outbox's dedupe key), with the holder's contact details.
   */
  expiringTokens(m: EntityManager, days: number, limit: number): Promise<ExpiringToken[]> {
    return m.query(
      `SELECT e.id, e.organization_id AS "organizationId", e.holder_student_id AS "studentId", e.label,
              to_char(e.valid_until, 'YYYY-MM-DD') AS "validUntil", st.first_name AS "firstName", st.last_name AS "lastName",
              st.email, st.phone
         FROM entitlements e
         JOIN organizations o ON o.id = e.organization_id
         JOIN students st ON st.id = e.holder_student_id
        WHERE e.kind = 'makeup_token' AND e.remaining > 0 AND e.revoked_at IS NULL AND e.valid_until IS NOT NULL
          AND e.valid_until BETWEEN (now() AT TIME ZONE coalesce(nullif(o.settings->>'timeZone', ''), $1))::date
                                AND (now() AT TIME ZONE coalesce(nullif(o.settings->>'timeZone', ''), $1))::date + $2::int
          AND NOT EXISTS (SELECT 1 FROM communications c WHERE c.organization_id = e.organization_id AND c.dedupe_key = 'makeup_expiry:' || e.id)
        ORDER BY e.valid_until, e.id LIMIT $3`,
      [SERVER_TIME_ZONE, days, limit],
    );
  }
  /**
   * Who holds a seat in the session (a whole-class seat, or a drop-in or make-up of that session), with what a token
   * for it needs (the class, its term and the organization's zone), read in the cancel's transaction.
   */
  holdersOfSession(m: EntityManager, organizationId: string, sessionId: string): Promise<AbsenceTarget[]> {
    return m.query(
      `SELECT s.id AS "sessionId", c.id AS "classId", c.title AS "classTitle", c.instructor, c.term_id AS "termId",
              to_char(t.end_date, 'YYYY-MM-DD') AS "termEnd", s.starts_at AS "startsAt", s.status, e.id AS "enrollmentId",
              st.id AS "studentId", st.first_name AS "firstName", st.last_name AS "lastName",
              coalesce(nullif(o.settings->>'timeZone', ''), $3) AS zone
         FROM class_sessions s
         JOIN classes c ON c.id = s.class_id AND c.organization_id = s.organization_id
         JOIN organizations o ON o.id = s.organization_id
         JOIN enrollments e ON e.class_id = c.id AND e.organization_id = s.organization_id AND e.status = 'active'
              AND (e.class_session_id IS NULL OR e.class_session_id = s.id)
         JOIN students st ON st.id = e.student_id
         LEFT JOIN terms t ON t.id = c.term_id
        WHERE s.id = $2 AND s.organization_id = $1
        ORDER BY st.id`,
      [organizationId, sessionId, SERVER_TIME_ZONE],
    );
  }
}

export interface UpcomingSession {
  id: string;
  studentId: string;
  firstName: string;
  classId: string;
  classTitle: string;
  startsAt: Date;
  endsAt: Date;
  absenceId: string | null;
}

export interface ExpiringToken {
  id: string;
  organizationId: string;
  studentId: string;
  label: string | null;
  validUntil: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
}
