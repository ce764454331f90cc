import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ClassEntity } from './class.entity';
import type { TeacherScope } from './dto/teacher-classes.dto';

/** One local calendar day as a half-open range [start, end). */
export interface DayRange {
  start: Date;
  end: Date;
}

export interface ClassWithPayments {
  entity: ClassEntity;
  paidCount: number;
  pendingCount: number;
}

/**
 * A session of class c that is held (not cancelled) starts in [dayStart, dayEnd). Sessions are records (issue 39
 * §1): one moved to today counts today, one cancelled for snow does not.
 */
const meetsOnDay = (dayStart: string, dayEnd: string) => `EXISTS (
  SELECT 1 FROM class_sessions s
   WHERE s.class_id = c.id AND s.organization_id = c.organization_id AND s.status = 'scheduled'
     AND s.starts_at >= ${dayStart} AND s.starts_at < ${dayEnd})`;

/** The teacher screens never show classes that are hidden (Archived) or called off (Cancelled). */
const VISIBLE = "c.status NOT IN ('Archived', 'Cancelled')";

/** The teacher screens' view of the classes table (the classes module's own, read only). */
@Injectable()
export class TeacherClassesRepository {
  constructor(@InjectRepository(ClassEntity) private readonly classes: Repository<ClassEntity>) {}

  /**
   * Classes of one scope with their paid and pending enrollment counts, in one query: the counts come
   * from a grouped join on enrollments, never from a query per class. Reading `enrollments` (the students
   * module's table) here is deliberate: asking StudentsService would be an import cycle (students imports
   * classes for seats) and a query per class.
   */
  async findForScope(organizationId: string, scope: TeacherScope, today: DayRange, limit: number): Promise<ClassWithPayments[]> {
    const qb = this.classes
      .createQueryBuilder('c')
      .leftJoin(
        (sub) =>
          sub
            .select('e.class_id', 'class_id')
            .addSelect("count(*) FILTER (WHERE e.payment_status = 'completed')::int", 'paid')
            .addSelect("count(*) FILTER (WHERE e.payment_status = 'pending')::int", 'pending')
            .from('enrollments', 'e')
            // Registered students only: an open card hold is not a student at the class (yet).
            .where("e.organization_id = :organizationId AND e.status = 'active'")
            .groupBy('e.class_id'),
        'pay',
        'pay.class_id = c.id',
      )
      .addSelect('COALESCE(pay.paid, 0)', 'paid_count')
      .addSelect('COALESCE(pay.pending, 0)', 'pending_count')
      .where('c.organization_id = :organizationId', { organizationId })
      .andWhere(VISIBLE)
      .setParameters({ dayStart: today.start, dayEnd: today.end });
    if (scope === 'today') qb.andWhere(meetsOnDay(':dayStart', ':dayEnd'));
    // "Upcoming" starts after today: from the next local midnight on.
    if (scope === 'upcoming') qb.andWhere('c.start_date >= :dayEnd');
    qb.orderBy('c.start_date', 'ASC').addOrderBy('c.id', 'ASC').limit(limit);
    const { raw, entities } = await qb.getRawAndEntities();
    const counts = new Map<string, { paid: number; pending: number }>(
      raw.map((r: Record<string, unknown>) => [r.c_id as string, { paid: Number(r.paid_count), pending: Number(r.pending_count) }]),
    );
    return entities.map((entity) => ({
      entity,
      paidCount: counts.get(entity.id)?.paid ?? 0,
      pendingCount: counts.get(entity.id)?.pending ?? 0,
    }));
  }

  /** The Quick Overview numbers, in one query over the same visible classes as the lists. */
  async overview(organizationId: string, today: DayRange): Promise<{ totalClasses: number; totalStudents: number; todaysClasses: number }> {
    const [row] = await this.classes.query(
      `SELECT
         count(*)::int AS "totalClasses",
         (SELECT count(DISTINCT e.student_id)::int FROM enrollments e JOIN classes c ON c.id = e.class_id
           WHERE e.organization_id = $1 AND e.status = 'active' AND ${VISIBLE}) AS "totalStudents",
         count(*) FILTER (WHERE ${meetsOnDay('$2', '$3')})::int AS "todaysClasses"
       FROM classes c
       WHERE c.organization_id = $1 AND ${VISIBLE}`,
      [organizationId, today.start, today.end],
    );
    return row;
  }
}
