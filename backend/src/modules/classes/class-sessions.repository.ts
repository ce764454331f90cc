import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ClassSessionEntity } from './class-session.entity';
import type { PlannedSession } from './session-schedule';

/** A session row with the entity's property names (the raw reads answer what TypeORM's would). */
const SESSION_COLUMNS = `id, organization_id AS "organizationId", class_id AS "classId", session_index AS "sessionIndex",
  starts_at AS "startsAt", ends_at AS "endsAt", status, cancel_reason AS "cancelReason", cancelled_at AS "cancelledAt", note,
  room_id AS "roomId", instructor_id AS "instructorId", drop_ins_taken AS "dropInsTaken", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** The class_sessions table (this module's own). */
@Injectable()
export class ClassSessionsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.db.manager).getRepository(ClassSessionEntity);
  }

  ofClass(organizationId: string, classId: string, manager?: EntityManager): Promise<ClassSessionEntity[]> {
    return this.repo(manager).find({ where: { organizationId, classId }, order: { sessionIndex: 'ASC' } });
  }

  /** The sessions of several classes of one organization (null: the jobs' read of any), each class's in index order. */
  async ofClasses(organizationId: string | null, classIds: string[]): Promise<Map<string, ClassSessionEntity[]>> {
    const out = new Map<string, ClassSessionEntity[]>();
    if (!classIds.length) return out;
    // One constant statement with one array parameter: no query builder run per request, one shape whatever the
    // number of classes (the list routes build their statements once: request-pipeline.e2e-spec.ts).
    const rows: ClassSessionEntity[] = await this.db.query(
      `SELECT ${SESSION_COLUMNS} FROM class_sessions
        WHERE class_id = ANY($1::uuid[]) AND ($2::uuid IS NULL OR organization_id = $2)
        ORDER BY class_id, session_index`,
      [classIds, organizationId],
    );
    for (const r of rows) out.set(r.classId, [...(out.get(r.classId) ?? []), r]);
    return out;
  }

  find(organizationId: string, id: string, manager?: EntityManager): Promise<ClassSessionEntity | null> {
    return this.repo(manager).findOne({ where: { id, organizationId } });
  }

  /** The session locked for the rest of the transaction (null: not in this organization). */
  lock(manager: EntityManager, organizationId: string, id: string): Promise<ClassSessionEntity | null> {
    return manager.getRepository(ClassSessionEntity).findOne({ where: { id, organizationId }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * Lays the plan over the class's rows: each planned index gets its new start and end (a row keeps its status, note,
   * room and instructor), missing indexes are inserted, and indexes past the plan are deleted.
   */
  async apply(manager: EntityManager, organizationId: string, classId: string, plan: PlannedSession[]): Promise<void> {
    if (plan.length) {
      await manager.query(
        `INSERT INTO class_sessions (organization_id, class_id, session_index, starts_at, ends_at)
         SELECT $1, $2, p.i, p.s, p.e FROM unnest($3::int[], $4::timestamptz[], $5::timestamptz[]) AS p(i, s, e)
         ON CONFLICT (class_id, session_index) DO UPDATE
            SET starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at, updated_at = now()`,
        [
          organizationId,
          classId,
          plan.map((p) => p.sessionIndex),
          plan.map((p) => p.startsAt.toISOString()),
          plan.map((p) => p.endsAt.toISOString()),
        ],
      );
    }
    await manager.query('DELETE FROM class_sessions WHERE class_id = $1 AND organization_id = $2 AND session_index >= $3', [
      classId,
      organizationId,
      plan.length,
    ]);
  }

  /** The indexes from `fromIndex` on whose sessions hold drop-ins (a schedule change must not delete them). */
  async withDropIns(manager: EntityManager, classId: string, fromIndex: number): Promise<number[]> {
    const rows: { i: number }[] = await manager.query(
      'SELECT session_index AS i FROM class_sessions WHERE class_id = $1 AND session_index >= $2 AND drop_ins_taken > 0 ORDER BY 1',
      [classId, fromIndex],
    );
    return rows.map((r) => r.i);
  }

  /**
   * Marks the class as changed (its updated_at) in the session's transaction: the public list copies of other
   * instances compare it to know that the class's reply (its sessions) changed.
   */
  async touchClass(manager: EntityManager, classId: string): Promise<void> {
    await manager.query('UPDATE classes SET updated_at = now() WHERE id = $1', [classId]);
  }

  save(manager: EntityManager, s: ClassSessionEntity): Promise<ClassSessionEntity> {
    return manager.getRepository(ClassSessionEntity).save(s);
  }

  /** The organization's scheduled sessions whose local date (in `timeZone`) is `date` (a newly closed date's). */
  onLocalDate(organizationId: string, date: string, timeZone: string): Promise<ClassSessionEntity[]> {
    return this.repo()
      .createQueryBuilder('s')
      .where("s.organization_id = :organizationId AND s.status = 'scheduled'", { organizationId })
      .andWhere('CAST(s.starts_at AT TIME ZONE :timeZone AS date) = CAST(:date AS date)', { timeZone, date })
      .orderBy('s.starts_at')
      .getMany();
  }
}
