import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { returning } from '../../common/db/returning';

export type FeedScope = 'organization' | 'class' | 'teacher';

export interface FeedRow {
  id: string;
  organizationId: string;
  userId: string;
  scope: FeedScope;
  classId: string | null;
  createdAt: Date;
  revokedAt: Date | null;
}

export interface FeedClass {
  id: string;
  title: string;
  description: string;
  location: string;
  instructor: string;
  status: string;
  startDate: Date;
  days: number;
  schedule: 'Weekly' | 'Consecutive';
  duration: number;
  updatedAt: Date;
  /**
   * The class's sessions as records (classes' class_sessions), in order; empty for a class that has none. A teacher's
   * feed holds only the ones they teach.
   */
  sessions: FeedSession[];
  /** How many sessions the class has in all (the event's 'session 2 of 6'). */
  sessionCount: number;
}

export interface FeedSession {
  sessionIndex: number;
  startsAt: string;
  endsAt: string;
  status: 'scheduled' | 'cancelled';
  /** 'Hall — Room 2' when the session was moved to another room than its class's; null: the class's place. */
  place: string | null;
}

const FEED = `f.id, f.organization_id AS "organizationId", f.user_id AS "userId", f.scope, f.class_id AS "classId",
  f.created_at AS "createdAt", f.revoked_at AS "revokedAt"`;

/**
 * The calendar_feeds table, and the feed itself as one read of other modules' tables on purpose (classes, the
 * organization's name, the teacher's name): a calendar app polls the URL, so answering it is one query.
 */
@Injectable()
export class CalendarFeedsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(row: { organizationId: string; userId: string; scope: FeedScope; classId: string | null; tokenHash: string }) {
    const rows: FeedRow[] = await this.db.query(
      `INSERT INTO calendar_feeds AS f (organization_id, user_id, scope, class_id, token_hash) VALUES ($1, $2, $3, $4, $5) RETURNING ${FEED}`,
      [row.organizationId, row.userId, row.scope, row.classId, row.tokenHash],
    );
    return rows[0];
  }

  /** The organization's feeds, or one user's (a teacher sees their own only). */
  list(organizationId: string, userId: string | null): Promise<FeedRow[]> {
    return this.db.query(
      `SELECT ${FEED} FROM calendar_feeds f WHERE f.organization_id = $1 AND ($2::uuid IS NULL OR f.user_id = $2) ORDER BY f.created_at DESC, f.id`,
      [organizationId, userId],
    );
  }

  async revoke(organizationId: string, id: string, userId: string | null): Promise<FeedRow | null> {
    const rows = await returning<FeedRow>(
      this.db,
      `UPDATE calendar_feeds f SET revoked_at = COALESCE(f.revoked_at, now())
       WHERE f.id = $1 AND f.organization_id = $2 AND ($3::uuid IS NULL OR f.user_id = $3) RETURNING ${FEED}`,
      [id, organizationId, userId],
    );
    return rows[0] ?? null;
  }

  /** A new secret for a live feed: the old URL stops answering in the same statement. Null: not theirs, or revoked. */
  async rotate(organizationId: string, id: string, userId: string | null, tokenHash: string): Promise<FeedRow | null> {
    const rows = await returning<FeedRow>(
      this.db,
      `UPDATE calendar_feeds f SET token_hash = $4
       WHERE f.id = $1 AND f.organization_id = $2 AND ($3::uuid IS NULL OR f.user_id = $3) AND f.revoked_at IS NULL RETURNING ${FEED}`,
      [id, organizationId, userId, tokenHash],
    );
    return rows[0] ?? null;
  }

  async classExists(organizationId: string, classId: string): Promise<boolean> {
    return (await this.db.query('SELECT 1 FROM classes WHERE id = $1 AND organization_id = $2', [classId, organizationId])).length > 0;
  }

  /**
   * A live feed's name and classes (never Archived ones: hidden; Cancelled ones stay, marked cancelled), or null
   * for an unknown or revoked token. A teacher's feed holds the sessions they teach: the session's instructor, else
   * its class's, is one of the instructor records linked to them (a session moved to a substitute leaves it, one
   * they cover in another class joins it). An instructor record linked to nobody, or no record at all (classes from
   * before instructor records), is matched by name, as the feed did before the records.
   */
  async feed(tokenHash: string): Promise<{ organizationName: string; scope: FeedScope; classes: FeedClass[] } | null> {
    // The session's instructor record (its own, else its class's), when it has one.
    const sessions = `class_sessions s
        LEFT JOIN instructors ei ON ei.organization_id = s.organization_id AND ei.id = coalesce(s.instructor_id, c.instructor_id)`;
    const teaches = `(f.scope <> 'teacher' OR ei.id = ANY(f.instructor_ids)
        OR (ei.user_id IS NULL AND lower(btrim(coalesce(ei.name, c.instructor))) = f.user_name))`;
    const rows: { organizationName: string; scope: FeedScope; classes: FeedClass[] | null }[] = await this.db.query(
      `WITH f AS (
         SELECT f.organization_id, f.scope, f.class_id, o.name AS organization_name,
                lower(u.first_name || ' ' || u.last_name) AS user_name,
                ARRAY(SELECT i.id FROM instructors i WHERE i.organization_id = f.organization_id AND i.user_id = f.user_id) AS instructor_ids
           FROM calendar_feeds f JOIN organizations o ON o.id = f.organization_id JOIN users u ON u.id = f.user_id
          WHERE f.token_hash = $1 AND f.revoked_at IS NULL)
       SELECT f.organization_name AS "organizationName", f.scope,
         (SELECT json_agg(json_build_object('id', c.id, 'title', c.title, 'description', c.description, 'location', c.location,
             'instructor', c.instructor, 'status', c.status, 'startDate', c.start_date, 'days', c.days, 'schedule', c.schedule,
             'duration', c.duration, 'updatedAt', c.updated_at,
             'sessionCount', (SELECT count(*)::int FROM class_sessions s WHERE s.class_id = c.id),
             'sessions', (SELECT coalesce(json_agg(json_build_object('sessionIndex', s.session_index, 'startsAt', s.starts_at,
                 'endsAt', s.ends_at, 'status', s.status, 'place', l.name || ' — ' || r.name) ORDER BY s.session_index), '[]'::json)
               FROM ${sessions}
               LEFT JOIN rooms r ON r.organization_id = s.organization_id AND r.id = s.room_id AND s.room_id IS DISTINCT FROM c.room_id
               LEFT JOIN locations l ON l.organization_id = r.organization_id AND l.id = r.location_id
               WHERE s.class_id = c.id AND ${teaches})) ORDER BY c.start_date, c.id)
          FROM classes c
          WHERE c.organization_id = f.organization_id AND c.status <> 'Archived'
            AND (f.scope <> 'class' OR c.id = f.class_id)
            AND (f.scope <> 'teacher' OR EXISTS (SELECT 1 FROM ${sessions} WHERE s.class_id = c.id AND ${teaches})
                 OR (NOT EXISTS (SELECT 1 FROM class_sessions s WHERE s.class_id = c.id)
                     AND c.instructor_id IS NULL AND lower(btrim(c.instructor)) = f.user_name))) AS classes
       FROM f`,
      [tokenHash],
    );
    if (!rows.length) return null;
    const r = rows[0];
    return {
      organizationName: r.organizationName,
      scope: r.scope,
      classes: (r.classes ?? []).map((c) => ({ ...c, startDate: new Date(c.startDate), updatedAt: new Date(c.updatedAt) })),
    };
  }
}
