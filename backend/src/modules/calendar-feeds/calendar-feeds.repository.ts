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
  /** The class's sessions as records (classes' class_sessions), in order; empty for a class that has none. */
  sessions: FeedSession[];
}

export interface FeedSession {
  sessionIndex: number;
  startsAt: string;
  endsAt: string;
  status: 'scheduled' | 'cancelled';
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

  async classExists(organizationId: string, classId: string): Promise<boolean> {
    return (await this.db.query('SELECT 1 FROM classes WHERE id = $1 AND organization_id = $2', [classId, organizationId])).length > 0;
  }

  /**
   * A live feed's name and classes (never Archived ones: hidden; Cancelled ones stay, marked cancelled), or null
   * for an unknown or revoked token. A teacher's classes are those whose instructor is their name.
   */
  async feed(tokenHash: string): Promise<{ organizationName: string; scope: FeedScope; classes: FeedClass[] } | null> {
    const rows: { organizationName: string; scope: FeedScope; classes: FeedClass[] | null }[] = await this.db.query(
      `SELECT o.name AS "organizationName", f.scope,
         (SELECT json_agg(json_build_object('id', c.id, 'title', c.title, 'description', c.description, 'location', c.location,
             'instructor', c.instructor, 'status', c.status, 'startDate', c.start_date, 'days', c.days, 'schedule', c.schedule,
             'duration', c.duration, 'updatedAt', c.updated_at,
             'sessions', (SELECT coalesce(json_agg(json_build_object('sessionIndex', s.session_index, 'startsAt', s.starts_at,
                 'endsAt', s.ends_at, 'status', s.status) ORDER BY s.session_index), '[]'::json)
               FROM class_sessions s WHERE s.class_id = c.id)) ORDER BY c.start_date, c.id)
          FROM classes c
          WHERE c.organization_id = f.organization_id AND c.status <> 'Archived'
            AND (f.scope <> 'class' OR c.id = f.class_id)
            AND (f.scope <> 'teacher' OR lower(btrim(c.instructor)) = lower(u.first_name || ' ' || u.last_name))) AS classes
       FROM calendar_feeds f JOIN organizations o ON o.id = f.organization_id JOIN users u ON u.id = f.user_id
       WHERE f.token_hash = $1 AND f.revoked_at IS NULL`,
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
