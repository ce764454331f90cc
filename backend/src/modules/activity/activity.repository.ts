import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import type { Statement } from '../../common/db/together';
import { ActivityEventEntity } from './activity-event.entity';

/** activity_events: the activity module's table. Reports read it through ActivityService. */
@Injectable()
export class ActivityRepository {
  constructor(@InjectRepository(ActivityEventEntity) private readonly events: Repository<ActivityEventEntity>) {}

  /** Through the caller's manager, so the event commits or rolls back with the action it records. */
  async insert(
    manager: EntityManager | undefined,
    event: Pick<ActivityEventEntity, 'organizationId' | 'eventType' | 'description' | 'metadata' | 'eventDate'> &
      Partial<Pick<ActivityEventEntity, 'clientReported'>>,
  ): Promise<string> {
    const r = await (manager ?? this.events.manager).insert(ActivityEventEntity, event as never);
    return r.identifiers[0]?.id as string;
  }

  async insertMany(
    manager: EntityManager | undefined,
    events: Pick<ActivityEventEntity, 'organizationId' | 'eventType' | 'description' | 'metadata' | 'eventDate'>[],
  ): Promise<void> {
    const statement = this.insertManyStatement(events);
    if (statement) await (manager ?? this.events.manager).query(statement.text, statement.params as unknown[]);
  }

  /**
   * The insert of `insertMany` as a statement another module's repository can send with its own write (`together`).
   * Plain SQL, one statement for all of them: every registration records its events here, and TypeORM's insert
   * builder (and the RETURNING it adds) cost more CPU than the insert itself. Null when there is nothing to insert.
   */
  insertManyStatement(
    events: Pick<ActivityEventEntity, 'organizationId' | 'eventType' | 'description' | 'metadata' | 'eventDate'>[],
  ): Statement | null {
    if (!events.length) return null;
    return {
      text: `INSERT INTO activity_events (organization_id, event_type, event_date, description, metadata)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::text[], $5::jsonb[])`,
      params: [
        events.map((e) => e.organizationId),
        events.map((e) => e.eventType),
        events.map((e) => e.eventDate),
        events.map((e) => e.description),
        events.map((e) => JSON.stringify(e.metadata)),
      ],
    };
  }

  /**
   * Whether the student is one of the organization's: the history of a person nobody here can see is a 404, not an
   * empty list. The one read of students here: the activity log sits below the students module.
   */
  async studentInOrganization(organizationId: string, studentId: string): Promise<boolean> {
    const rows: unknown[] = await this.events.manager.query('SELECT 1 FROM students WHERE id = $1 AND organization_id = $2', [
      studentId,
      organizationId,
    ]);
    return rows.length > 0;
  }

  /** A person's own events (their metadata names them), newest first: the student panel's history. */
  findOfStudent(organizationId: string, studentId: string, limit: number) {
    return this.events
      .createQueryBuilder('ev')
      .where('ev.organization_id = :organizationId AND NOT ev.client_reported', { organizationId })
      .andWhere(`ev.metadata->>'studentId' = :studentId`, { studentId })
      .orderBy('ev.event_date', 'DESC')
      .addOrderBy('ev.id', 'DESC')
      .take(limit)
      .getMany();
  }

  findLatestOfOrganization(organizationId: string, limit: number) {
    return this.events.find({ where: { organizationId, clientReported: false }, order: { eventDate: 'DESC' }, take: limit });
  }

  /** IT-admin bulk delete: every event of the organization; answers how many went. */
  async deleteAllOfOrganization(organizationId: string): Promise<number> {
    const res = await this.events.delete({ organizationId });
    return res.affected ?? 0;
  }

  /** Erasure of a student: their events stay, with their name taken out of the text and the metadata. */
  async anonymiseStudent(manager: EntityManager, organizationId: string, studentId: string, name: string): Promise<void> {
    await manager.query(
      `UPDATE activity_events SET description = replace(description, $3, 'Erased student'),
              metadata = CASE WHEN metadata ? 'studentName' THEN metadata || jsonb_build_object('studentName', 'Erased student') ELSE metadata END
        WHERE organization_id = $2 AND metadata->>'studentId' = $1::text`,
      [studentId, organizationId, name],
    );
  }
}
