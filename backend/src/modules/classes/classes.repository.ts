import { preparedSelectOnce } from '../../common/db/prepared';
import { returning } from '../../common/db/returning';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { idFilter, referenceFilter, type ListParams } from '../../common/http/list-query';
import { ClassEntity } from './class.entity';
import type { SeatState } from './public-list.cache';

const SORT_COLUMNS: Record<string, string> = {
  startDate: 'c.start_date',
  title: 'lower(c.title)',
  price: 'c.price_cents',
  enrollment: 'c.enrolled_students',
  enrolledStudents: 'c.enrolled_students',
  status: 'c.status',
  createdAt: 'c.created_at',
  id: 'c.id',
};
export const CLASS_SORT_FIELDS = Object.keys(SORT_COLUMNS);

/** An open class with a free seat, as a switch of classes lists it. */
export interface OpenClass {
  id: string;
  title: string;
  location: string;
  instructor: string;
  startDate: Date;
  priceCents: number;
  discountPriceCents: number | null;
  seatsLeft: number;
}

@Injectable()
export class ClassesRepository {
  constructor(
    @InjectRepository(ClassEntity) private readonly classes: Repository<ClassEntity>,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  findInOrganization(id: string, organizationId: string, manager?: EntityManager) {
    return (manager?.getRepository(ClassEntity) ?? this.classes).findOne({ where: { id, organizationId } });
  }

  findById(id: string) {
    return this.classes.findOne({ where: { id } });
  }

  /** True when the class exists, is not archived and every seat is taken (a plain read: no lock, no transaction). */
  async isFull(id: string, organizationId: string): Promise<boolean> {
    const rows: unknown[] = await this.classes.query(
      "SELECT 1 FROM classes WHERE id = $1 AND organization_id = $2 AND status <> 'Archived' AND enrolled_students >= max_students",
      [id, organizationId],
    );
    return rows.length > 0;
  }

  /** Why a seat update found nothing: the class's status and seats (null: not in this organization). */
  async seatState(
    manager: EntityManager,
    id: string,
    organizationId: string,
  ): Promise<{ status: ClassEntity['status']; enrolledStudents: number; maxStudents: number } | null> {
    const rows = await manager.query(
      // A full-term seat is one in every session: the drop-ins of the fullest session count as taken (drop-in-seats.repository.ts).
      'SELECT status, enrolled_students + drop_in_peak AS "enrolledStudents", max_students AS "maxStudents" FROM classes WHERE id = $1 AND organization_id = $2',
      [id, organizationId],
    );
    return rows[0] ?? null;
  }

  /** Locks the row for the rest of the transaction (edits that must see the current seat count). */
  lockInOrganization(manager: EntityManager, id: string, organizationId: string) {
    return manager.getRepository(ClassEntity).findOne({ where: { id, organizationId }, lock: { mode: 'pessimistic_write' } });
  }

  /** Locks the row unless another transaction holds it (jobs on several instances): false when skipped or gone. */
  async lockSkipLocked(manager: EntityManager, id: string): Promise<boolean> {
    const rows: unknown[] = await manager.query('SELECT id FROM classes WHERE id = $1 FOR UPDATE SKIP LOCKED', [id]);
    return rows.length > 0;
  }

  /**
   * Takes one seat in a single conditional UPDATE: the row lock serializes concurrent callers and the
   * WHERE is re-checked after the wait, so K free seats enroll exactly K. An Open class that becomes
   * full closes itself. The class as it is after the seat was taken, or null when no seat was taken: the
   * caller needs no second read of the row it just locked.
   */
  async takeSeat(manager: EntityManager, classId: string, organizationId: string): Promise<ClassEntity | null> {
    const rows = await returning<ClassEntity>(
      manager,
      `UPDATE classes SET
          enrolled_students = enrolled_students + 1,
          status = CASE WHEN status = 'Open' AND enrolled_students + 1 >= max_students THEN 'Closed' ELSE status END,
          closed_when_full = closed_when_full OR (status = 'Open' AND enrolled_students + 1 >= max_students),
          updated_at = now()
        WHERE id = $1 AND organization_id = $2 AND status IN ('Open', 'Scheduled') AND enrolled_students + drop_in_peak < max_students
        RETURNING ${this.entityColumns()}`,
      [classId, organizationId],
    );
    return rows[0] ? Object.assign(new ClassEntity(), rows[0]) : null;
  }

  /** Every column of the entity under its property name (`max_students AS "maxStudents"`), for RETURNING. */
  private entityColumns(): string {
    this.columnList ??= this.classes.metadata.columns.map((c) => `${c.databaseName} AS "${c.propertyName}"`).join(', ');
    return this.columnList;
  }
  private columnList?: string;

  /**
   * Gives back one seat per class id given (a class id twice frees two seats). A class that had closed
   * itself when full reopens.
   */
  async releaseSeats(manager: EntityManager, organizationId: string, classIds: string[]) {
    await manager.query(
      `UPDATE classes c SET
          enrolled_students = c.enrolled_students - x.n,
          status = CASE WHEN c.closed_when_full THEN 'Open' ELSE c.status END,
          closed_when_full = false,
          updated_at = now()
        FROM (SELECT id, count(*)::int AS n FROM unnest($1::uuid[]) AS id GROUP BY id) x
        WHERE c.id = x.id AND c.organization_id = $2`,
      [classIds, organizationId],
    );
  }

  /**
   * One class whose go/no-go is due (start − decision_hours_before has passed, the start has not), locked and
   * skipped by every other caller until this transaction ends: two instances never decide the same class.
   * Classes an admin cancelled or archived, or without a minimum, are never decided.
   */
  claimDueDecision(manager: EntityManager, now: Date): Promise<ClassEntity | null> {
    return (
      manager
        .getRepository(ClassEntity)
        .createQueryBuilder('c')
        .where('c.min_enrollment > 0 AND c.decided_at IS NULL')
        .andWhere("c.go_no_go = 'pending' AND c.status IN ('Open', 'Scheduled', 'Closed')")
        .andWhere('c.start_date - make_interval(hours => c.decision_hours_before) <= :now AND c.start_date > :now', { now })
        // The longest lead (720 hours) bounds the index scan.
        .andWhere("c.start_date <= CAST(:now AS timestamptz) + interval '720 hours'", { now })
        .orderBy('c.start_date', 'ASC')
        .addOrderBy('c.id', 'ASC')
        .limit(1)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getOne()
    );
  }

  /**
   * Records the decision once (the row is locked by the claim; `decided_at IS NULL` keeps a second writer out).
   * `cancel` also sets the status to Cancelled. False when the class was already decided.
   */
  async recordDecision(manager: EntityManager, id: string, goNoGo: ClassEntity['goNoGo'], at: Date, cancel: boolean): Promise<boolean> {
    const rows = await returning(
      manager,
      `UPDATE classes SET go_no_go = $2, decided_at = $3,
          status = CASE WHEN $4::boolean THEN 'Cancelled' ELSE status END,
          closed_when_full = CASE WHEN $4::boolean THEN false ELSE closed_when_full END,
          updated_at = now()
        WHERE id = $1 AND decided_at IS NULL
        RETURNING id`,
      [id, goNoGo, at, cancel],
    );
    return rows.length > 0;
  }

  /** Open and Scheduled classes of every organization, newest start first, for the sitemap. */
  listForSitemap(limit: number): Promise<{ id: string; organizationId: string; updatedAt: Date }[]> {
    return this.classes
      .createQueryBuilder('c')
      .select(['c.id', 'c.organizationId', 'c.updatedAt'])
      .where("c.status IN ('Open', 'Scheduled')")
      .orderBy('c.start_date', 'DESC')
      .limit(limit)
      .getMany();
  }

  /**
   * Classes of every organization with a scheduled session between the two times, not archived or cancelled; the
   * caller computes the sessions. It starts from the sessions in the window (class_sessions_scheduled_starts_idx),
   * then their classes by key: what it reads follows the sessions due, not every organization's classes.
   */
  withSessionsBetween(from: Date, to: Date) {
    return this.classes
      .createQueryBuilder('c')
      .where("c.status NOT IN ('Archived', 'Cancelled')")
      .andWhere("c.id IN (SELECT s.class_id FROM class_sessions s WHERE s.status = 'scheduled' AND s.starts_at BETWEEN :from AND :to)", {
        from,
        to,
      })
      .getMany();
  }

  /** Non-archived classes of an organization for the public list, soonest first. */
  /**
   * The seat columns of the public list's classes, in the list's order: what the public list cache reads to refresh
   * its copy during an opening instead of the whole rows.
   */
  async publicSeats(organizationId: string): Promise<SeatState[]> {
    return this.classes.query(
      `SELECT id, enrolled_students AS "enrolledStudents", status, closed_when_full AS "closedWhenFull", updated_at AS "updatedAt"
         FROM classes WHERE organization_id = $1 AND status <> 'Archived' ORDER BY start_date ASC, id ASC`,
      [organizationId],
    );
  }

  listPublic(organizationId: string) {
    return this.classes
      .createQueryBuilder('c')
      .where('c.organization_id = :organizationId', { organizationId })
      .andWhere("c.status <> 'Archived'")
      .orderBy('c.start_date', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .getMany();
  }

  /** One page and the total in one round trip (`count(*) OVER ()`); a second query only for a page past the end. */
  async listForAdmin(organizationId: string, params: ListParams): Promise<[ClassEntity[], number]> {
    // The filters' values, and which of them are present: the statement's text depends only on the latter (and the
    // page), so TypeORM builds it once per shape (preparedSelectOnce).
    const { q, status, termId } = params.filter as { q?: unknown; status?: unknown; termId?: unknown };
    const studentId = referenceFilter(params.filter, 'studentId');
    const values = {
      organizationId,
      q: typeof q === 'string' && q.trim() ? `%${q.trim().replace(/[%_\\]/g, '\\$&')}%` : undefined,
      status: typeof status === 'string' && status ? status : undefined,
      termId: typeof termId === 'string' && /^[0-9a-f-]{36}$/i.test(termId) ? termId : undefined,
      ids: idFilter(params.filter),
      studentId: studentId === undefined ? undefined : studentId || null,
    };
    const noTerm = termId === null || termId === 'none';
    const build = (v: typeof values) => {
      const qb = this.classes.createQueryBuilder('c').where('c.organization_id = :organizationId', { organizationId: v.organizationId });
      if (values.q !== undefined) {
        qb.andWhere('(c.title ILIKE :q OR c.instructor ILIKE :q OR c.location ILIKE :q OR c.description ILIKE :q)', { q: v.q });
      }
      if (values.status !== undefined) qb.andWhere('c.status = :status', { status: v.status });
      if (noTerm) qb.andWhere('c.term_id IS NULL');
      else if (values.termId !== undefined) qb.andWhere('c.term_id = :termId::uuid', { termId: v.termId });
      if (values.ids) qb.andWhere('c.id = ANY(:ids::uuid[])', { ids: v.ids });
      // getManyReference from a student: the classes that student is enrolled in. A read of `enrollments` (the
      // students module's table) as a subquery: StudentsService depends on ClassesService, so asking it would be a cycle.
      if (values.studentId !== undefined) {
        qb.andWhere(
          "c.id IN (SELECT e.class_id FROM enrollments e WHERE e.student_id = :studentId::uuid AND e.organization_id = :organizationId AND e.status = 'active')",
          { studentId: v.studentId },
        );
      }
      return qb;
    };
    const shape = [
      'classes.admin',
      values.q !== undefined,
      values.status !== undefined,
      noTerm ? 'none' : values.termId !== undefined,
      !!values.ids,
      values.studentId !== undefined,
      params.sortField,
      params.sortOrder,
      params.offset,
      params.limit,
    ].join('|');
    const { entities, raw } = await preparedSelectOnce<ClassEntity, typeof values, { total_count: string }>(
      this.db,
      shape,
      (v) =>
        build(v)
          .addSelect('count(*) OVER ()', 'total_count')
          .orderBy(SORT_COLUMNS[params.sortField], params.sortOrder)
          .addOrderBy('c.id', 'ASC')
          .offset(params.offset)
          .limit(params.limit),
      values,
    );
    if (entities.length) return [entities, Number(raw[0].total_count)];
    return [entities, params.offset === 0 ? 0 : await build(values).getCount()];
  }

  insert(manager: EntityManager, data: Partial<ClassEntity>) {
    return manager.getRepository(ClassEntity).save(manager.getRepository(ClassEntity).create(data));
  }

  /** The free-text location of the classes held at a place (a location alone, or one of its rooms): its new label. */
  async relabelPlace(manager: EntityManager, organizationId: string, locationId: string, roomId: string | null, label: string) {
    await manager.query(
      `UPDATE classes SET location = $4, updated_at = now()
        WHERE organization_id = $1 AND location_id = $2 AND room_id IS NOT DISTINCT FROM $3 AND location <> $4`,
      [organizationId, locationId, roomId, label],
    );
  }

  async renameInstructor(manager: EntityManager, organizationId: string, instructorId: string, name: string) {
    await manager.query(
      `UPDATE classes SET instructor = $3, updated_at = now() WHERE organization_id = $1 AND instructor_id = $2 AND instructor <> $3`,
      [organizationId, instructorId, name],
    );
  }

  async save(manager: EntityManager, entity: ClassEntity) {
    return manager.getRepository(ClassEntity).save(entity);
  }

  async deleteInOrganization(id: string, organizationId: string): Promise<{ id: string; title: string } | null> {
    const rows = await returning<{ id: string; title: string }>(
      this.db,
      'DELETE FROM classes WHERE id = $1 AND organization_id = $2 RETURNING id, title',
      [id, organizationId],
    );
    return rows[0] ?? null;
  }

  /** Classes per organization (every status), for the IT-admin overview. */
  async countByOrganization(organizationIds: string[]): Promise<Map<string, number>> {
    const rows: { id: string; n: number }[] = await this.db.query(
      'SELECT organization_id AS id, count(*)::int AS n FROM classes WHERE organization_id = ANY($1::uuid[]) GROUP BY 1',
      [organizationIds],
    );
    return new Map(rows.map((r) => [r.id, r.n]));
  }

  /** The classes open for registration with a free seat that have not started: where a registration may switch to. */
  openWithSeats(organizationId: string): Promise<OpenClass[]> {
    return this.db.query(
      `SELECT id, title, location, instructor, start_date AS "startDate", price_cents AS "priceCents",
              discount_price_cents AS "discountPriceCents", max_students - enrolled_students AS "seatsLeft"
         FROM classes
        WHERE organization_id = $1 AND status = 'Open' AND start_date > now() AND enrolled_students < max_students
        ORDER BY start_date, id LIMIT 200`,
      [organizationId],
    );
  }
}
