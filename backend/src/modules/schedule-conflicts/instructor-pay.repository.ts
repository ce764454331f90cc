import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { StoredPayRule } from '../instructors/pay-rule';

/** One session an instructor taught, with its roll call's headcount. */
export interface TaughtRow {
  instructorId: string;
  instructorName: string;
  payRule: StoredPayRule | null;
  sessionId: string;
  classId: string;
  classTitle: string;
  startsAt: Date;
  endsAt: Date;
  /** Students marked present. */
  headcount: number;
  /** False when nobody was marked at all: per-head pay then counts 0 and the report flags it. */
  rollTaken: boolean;
}

/**
 * The sessions held in [from, to) and over by `now` (a cancelled session, or one of a cancelled class, was not held),
 * by the instructor who taught them: the session's own, else its class's. Headcounts come from the roll call.
 */
const TAUGHT = `
  SELECT i.id AS "instructorId", i.name AS "instructorName", i.pay_rule AS "payRule", s.id AS "sessionId", c.id AS "classId",
         c.title AS "classTitle", s.starts_at AS "startsAt", s.ends_at AS "endsAt",
         coalesce(r.present, 0)::int AS headcount, r.class_id IS NOT NULL AS "rollTaken"
    FROM class_sessions s
    JOIN classes c ON c.id = s.class_id AND c.organization_id = s.organization_id
    JOIN instructors i ON i.organization_id = s.organization_id AND i.id = coalesce(s.instructor_id, c.instructor_id)
    LEFT JOIN (SELECT a.class_id, a.session_index, count(*) FILTER (WHERE a.attended) AS present
                 FROM attendance a WHERE a.organization_id = $1 GROUP BY a.class_id, a.session_index) r
      ON r.class_id = s.class_id AND r.session_index = s.session_index
   WHERE s.organization_id = $1 AND s.status = 'scheduled' AND c.status <> 'Cancelled'
     AND s.starts_at >= $2 AND s.starts_at < $3 AND s.ends_at <= $4
   ORDER BY lower(i.name), i.id, s.starts_at, s.id`;

/** Read model over instructors, class_sessions, classes and attendance (declared in docs/architecture.md). */
@Injectable()
export class InstructorPayRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  taught(organizationId: string, from: Date, to: Date, now: Date): Promise<TaughtRow[]> {
    return this.db.query(TAUGHT, [organizationId, from.toISOString(), to.toISOString(), now.toISOString()]);
  }

  /** The instant local midnight of `date` is in `timeZone`. */
  async midnight(date: string, timeZone: string): Promise<Date> {
    const [row]: { at: Date }[] = await this.db.query('SELECT ($1::date)::timestamp AT TIME ZONE $2 AS at', [date, timeZone]);
    return new Date(row.at);
  }
}
