// Classes as the admin manages them (create, edit, clone, archive) and the seat and decision steps other modules call.
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AppException } from '../../common/http/app-exception';
import { dropInFields } from './drop-in-fields';
import { ClassError, ClassException } from './classes.exception';
import type { ListParams } from '../../common/http/list-query';
import { OrganizationsService } from '../organizations/organizations.service';
import { ActivityService } from '../activity/activity.service';
import { classLimitMessage, UsageService } from '../subscriptions/usage.service';
import { effectiveWindow } from '../terms/registration-window';
import { toCents, type ClassEntity, type ClassResponse, type ClassStatus } from './class.entity';
import { ClassReplies } from './class-replies.service';
import { ClassPlaces } from './class-places';
import { ClassesRepository } from './classes.repository';
import type { CloneClassDto, CreateClassDto, UpdateClassDto } from './dto/class.dto';
import { PublicListCache } from './public-list.cache';
import { SeatsFreedHooks } from './seats-freed.hooks';
import { WebhookEvents } from '../webhooks/webhook-events';
import { TermsService } from '../terms/terms.service';
import { ClassSessionsService } from './class-sessions.service';
import { assertMinimum, decisionBasis } from './class-form-rules';

const ACTIVATE_LIMIT_MESSAGE = 'Cannot activate class - class limit reached. Upgrade your plan or archive other classes first.';

/** The answer to a registration for a class with no seat left (the seat update's, and the early check's before it). */
export function classFull(): ClassException {
  return new ClassException(ClassError.ClassFull, 'This class is full. No seats are left.');
}

@Injectable()
export class ClassesService {
  constructor(
    private readonly repo: ClassesRepository,
    private readonly usage: UsageService,
    private readonly activity: ActivityService,
    private readonly webhooks: WebhookEvents,
    private readonly cache: PublicListCache,
    private readonly orgs: OrganizationsService,
    @InjectDataSource() private readonly db: DataSource,
    private readonly freed: SeatsFreedHooks,
    private readonly terms: TermsService,
    private readonly replies: ClassReplies,
    private readonly places: ClassPlaces,
    private readonly sessions: ClassSessionsService,
  ) {}

  /**
   * The term and opening fields of a class form: the term must be one of the organization's own (another's id is
   * refused like an unknown one), and the class's closing must come after its opening, whichever of them is the term's.
   */
  private async termFields(organizationId: string, dto: CreateClassDto, current?: ClassEntity): Promise<Partial<ClassEntity>> {
    const out: Partial<ClassEntity> = {};
    if (dto.termId !== undefined) out.termId = dto.termId;
    if (dto.registrationOpensAt !== undefined) out.registrationOpensAt = dto.registrationOpensAt ? new Date(dto.registrationOpensAt) : null;
    if (dto.registrationClosesAt !== undefined)
      out.registrationClosesAt = dto.registrationClosesAt ? new Date(dto.registrationClosesAt) : null;
    const termId = out.termId !== undefined ? out.termId : (current?.termId ?? null);
    const term = await this.terms.find(organizationId, termId);
    if (termId && !term) {
      const message = 'This term does not exist in your organization';
      throw new AppException(400, message, { errors: { termId: message } });
    }
    const w = effectiveWindow(
      {
        registrationOpensAt: out.registrationOpensAt !== undefined ? out.registrationOpensAt : (current?.registrationOpensAt ?? null),
        registrationClosesAt: out.registrationClosesAt !== undefined ? out.registrationClosesAt : (current?.registrationClosesAt ?? null),
      },
      term,
    );
    if (w.opensAt && w.closesAt && w.closesAt <= w.opensAt) {
      const message = 'Registration must close after it opens';
      throw new AppException(400, message, { errors: { registrationClosesAt: message } });
    }
    return out;
  }

  /** Public detail: Archived classes are hidden from students (spec 3 §4). */
  async publicGet(id: string, organizationId?: string): Promise<ClassResponse> {
    const c = await this.repo.findById(id);
    // A link naming another organization than the class's own does not find it either.
    if (!c || c.status === 'Archived' || (organizationId && organizationId !== c.organizationId))
      throw new NotFoundException(`Class with ID ${id} not found`);
    return this.replies.withTerm(c);
  }

  async list(organizationId: string, params: ListParams) {
    const [rows, total] = await this.repo.listForAdmin(organizationId, params);
    return { rows: await this.replies.withTerms(organizationId, rows), total };
  }

  async get(id: string, organizationId: string): Promise<ClassResponse> {
    return this.replies.withTerm(await this.require(id, organizationId));
  }

  async require(id: string, organizationId: string, manager?: EntityManager): Promise<ClassEntity> {
    const c = await this.repo.findInOrganization(id, organizationId, manager);
    if (!c) throw new NotFoundException(`Class with ID ${id} not found`);
    return c;
  }

  async create(organizationId: string, dto: CreateClassDto): Promise<ClassResponse> {
    assertMinimum(dto.minEnrollment ?? 0, dto.maxStudents);
    const status = dto.status ?? 'Open';
    const termFields = { ...(await this.termFields(organizationId, dto)), ...(await this.places.fields(organizationId, dto)) };
    const created = await this.db.transaction(async (manager) => {
      await this.orgs.lockForUpdate(manager, organizationId);
      if (status !== 'Archived') {
        const cap = await this.usage.classCapacity(organizationId, manager);
        if (!cap.canActivate) {
          throw new ClassException(ClassError.LimitReached, cap.message ?? classLimitMessage(cap.plan.name, cap.limit, cap.active), {
            upgradePlan: cap.upgradePlan,
          });
        }
      }
      const c = await this.repo.insert(manager, {
        minEnrollment: 0,
        decisionHoursBefore: 48,
        autoCancelBelowMinimum: false,
        goNoGo: 'pending',
        decidedAt: null,
        ...this.fields(dto),
        ...termFields,
        organizationId,
        status,
        enrolledStudents: 0,
        closedWhenFull: false,
      });
      await this.sessions.createFor(manager, c, { allowInstructorConflict: dto.allowInstructorConflict });
      await this.activity.record(
        organizationId,
        'class_creation',
        `Class "${c.title}" was created`,
        { classId: c.id, className: c.title, instructor: c.instructor },
        manager,
      );
      return c;
    });
    this.cache.invalidate(organizationId);
    return this.replies.withTerm(created);
  }

  async update(id: string, organizationId: string, dto: UpdateClassDto): Promise<ClassResponse> {
    const updated = await this.db.transaction(async (manager) => {
      await this.orgs.lockForUpdate(manager, organizationId);
      const c = await this.repo.lockInOrganization(manager, id, organizationId);
      if (!c) throw new NotFoundException(`Class with ID ${id} not found`);
      const nextStatus = dto.status ?? c.status;
      const cancelled = nextStatus === 'Cancelled' && c.status !== 'Cancelled';
      if (c.status === 'Archived' && nextStatus !== 'Archived') {
        const cap = await this.usage.classCapacity(organizationId, manager);
        if (!cap.canActivate) throw new ClassException(ClassError.LimitReached, ACTIVATE_LIMIT_MESSAGE);
      }
      if (dto.maxStudents < c.enrolledStudents + c.dropInPeak) {
        throw new ConflictException(`Max students cannot be lower than the ${c.enrolledStudents + c.dropInPeak} students already enrolled`);
      }
      const decidedOn = decisionBasis(c);
      const before = { ...c };
      const termFields = await this.termFields(organizationId, dto, c);
      Object.assign(c, this.fields(dto), termFields, await this.places.fields(organizationId, dto, c));
      assertMinimum(c.minEnrollment, c.maxStudents);
      // A class left running below its minimum (the admins were told; no auto-cancel) is decided again when what the
      // decision rested on changes: a moved start, another lead time, minimum or auto-cancel setting. A confirmed or
      // cancelled class stays as its students were told.
      if (c.goNoGo === 'pending' && c.decidedAt && decisionBasis(c) !== decidedOn) c.decidedAt = null;
      if (dto.status && dto.status !== c.status) {
        c.status = dto.status;
        c.closedWhenFull = false; // a manual status wins over the automatic close
      } else if (c.closedWhenFull && c.enrolledStudents < c.maxStudents) {
        c.status = 'Open'; // more seats on a class that had closed itself: it reopens
        c.closedWhenFull = false;
      }
      if (c.status === 'Open' && c.enrolledStudents >= c.maxStudents) {
        c.status = 'Closed'; // an Open class with no seat left closes itself, however it got full
        c.closedWhenFull = true;
      }
      const saved = await this.repo.save(manager, c);
      await this.sessions.keepInStep(manager, before, saved, { allowInstructorConflict: dto.allowInstructorConflict });
      // More seats, or a class open again: people waiting get them before the public does.
      if (saved.enrolledStudents < saved.maxStudents) {
        await this.seatsFreed(manager, organizationId, [saved.id]);
        Object.assign(saved, await this.repo.findInOrganization(saved.id, organizationId, manager));
      }
      await this.activity.record(
        organizationId,
        cancelled ? 'class_cancelled' : 'class_update',
        cancelled ? `Class "${saved.title}" was cancelled` : `Class "${saved.title}" was updated`,
        { classId: saved.id, className: saved.title },
        manager,
      );
      if (cancelled) await this.webhooks.publish(manager, organizationId, 'class.cancelled', { classId: saved.id, className: saved.title });
      return saved;
    });
    this.cache.invalidate(organizationId);
    return this.replies.withTerm(updated);
  }

  async delete(id: string, organizationId: string) {
    const deleted = await this.repo.deleteInOrganization(id, organizationId);
    if (!deleted) throw new NotFoundException(`Class with ID ${id} not found`);
    await this.activity.record(organizationId, 'class_deleted', `Class "${deleted.title}" was deleted`, {
      classId: id,
      className: deleted.title,
    });
    this.cache.invalidate(organizationId);
    return { id };
  }

  /** Clone of spec 3 §4: at the plan limit the copy is forced to Archived and the caller is told so. */
  async clone(id: string, organizationId: string, dto: CloneClassDto) {
    const start = new Date(dto.startDate);
    const today = new Date();
    today.setUTCHours(0, 0, 0, 0);
    if (start < today)
      throw new AppException(400, 'Start date cannot be in the past', { errors: { startDate: 'Start date cannot be in the past' } });
    const result = await this.db.transaction(async (manager) => {
      await this.orgs.lockForUpdate(manager, organizationId);
      const source = await this.repo.findInOrganization(id, organizationId, manager);
      if (!source) throw new NotFoundException(`Class with ID ${id} not found`);
      let status: ClassStatus = dto.status ?? 'Open';
      let warning: string | null = null;
      let statusForcedByLimit = false;
      if (status !== 'Archived') {
        const cap = await this.usage.classCapacity(organizationId, manager);
        if (!cap.canActivate) {
          warning = `Class limit reached (${cap.active}/${cap.limit} active classes on the ${cap.plan.name} plan). The copy was saved as Archived; upgrade your plan or archive another class to activate it.`;
          status = 'Archived';
          statusForcedByLimit = true;
        }
      }
      const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = source;
      assertMinimum(dto.minEnrollment ?? source.minEnrollment, source.maxStudents);
      const copy = await this.repo.insert(manager, {
        ...rest,
        title: dto.title,
        startDate: start,
        status,
        enrolledStudents: 0,
        closedWhenFull: false,
        ...this.goNoGoFields(dto),
        // A copy is a new class: its go/no-go is still to be decided.
        goNoGo: 'pending',
        decidedAt: null,
      });
      await this.sessions.createFor(manager, copy);
      await this.activity.record(
        organizationId,
        'class_creation',
        `Class "${copy.title}" was cloned from "${source.title}"`,
        { classId: copy.id, className: copy.title },
        manager,
      );
      return { copy, warning, statusForcedByLimit };
    });
    this.cache.invalidate(organizationId);
    return { data: await this.replies.withTerm(result.copy), warning: result.warning, statusForcedByLimit: result.statusForcedByLimit };
  }

  /**
   * Takes one seat in a single conditional UPDATE: the row lock serializes concurrent callers and the
   * WHERE is re-checked after the wait, so K free seats enroll exactly K. An Open class that becomes
   * full closes itself. Call inside the registration's transaction.
   */
  /** Every seat of the class is taken right now (read without a lock: a hint, the seat update decides). */
  isFull(classId: string, organizationId: string): Promise<boolean> {
    return this.repo.isFull(classId, organizationId);
  }

  /** Takes one seat (the conditional seat update) and answers the class as it is now. */
  async takeSeat(manager: EntityManager, classId: string, organizationId: string): Promise<ClassEntity> {
    return this.claimSeat(manager, classId, organizationId);
  }

  /** Takes one seat, or throws the registration's 404/409; the class as the seat update left it. */
  async claimSeat(manager: EntityManager, classId: string, organizationId: string): Promise<ClassEntity> {
    const taken = await this.repo.takeSeat(manager, classId, organizationId);
    if (!taken) {
      // A lean read: in a last-seat race every loser asks this while holding the class's lock.
      const c = await this.repo.seatState(manager, classId, organizationId);
      if (!c || c.status === 'Archived') throw new NotFoundException(`Class with ID ${classId} not found`);
      if (c.enrolledStudents >= c.maxStudents) throw classFull();
      throw new ClassException(ClassError.ClassNotOpen, `This class is not open for registration (status: ${c.status}).`);
    }
    this.cache.seatsChanged(organizationId);
    return taken;
  }

  /**
   * Gives back seats for enrollments that were actually deleted (pass the class ids RETURNING gave),
   * so each seat is freed exactly once. A class that had closed itself when full reopens.
   */
  async releaseSeats(manager: EntityManager, organizationId: string, classIds: string[]): Promise<void> {
    if (!classIds.length) return;
    await this.repo.releaseSeats(manager, organizationId, classIds);
    await this.seatsFreed(manager, organizationId, classIds);
    this.cache.seatsChanged(organizationId);
  }

  /** The go/no-go job: one due class, locked SKIP LOCKED for the caller's transaction. */
  claimDueDecision(manager: EntityManager, now: Date): Promise<ClassEntity | null> {
    return this.repo.claimDueDecision(manager, now);
  }

  /** Records a claimed class's go/no-go once; `cancel` cancels it too. False when it was already decided. */
  async recordDecision(
    manager: EntityManager,
    c: Pick<ClassEntity, 'id' | 'organizationId'>,
    goNoGo: ClassEntity['goNoGo'],
    at: Date,
    cancel: boolean,
  ): Promise<boolean> {
    const done = await this.repo.recordDecision(manager, c.id, goNoGo, at, cancel);
    if (done) this.cache.invalidate(c.organizationId);
    return done;
  }

  private seatsFreed(manager: EntityManager, organizationId: string, classIds: string[]): Promise<void> {
    return this.freed.run(manager, organizationId, classIds);
  }

  /**
   * `takeSeat` without the refusal: false when the class has no free seat or is not open for registration. For
   * callers that hand the seat to someone else (a waitlist offer) and do nothing when there is none.
   */
  async tryTakeSeat(manager: EntityManager, classId: string, organizationId: string): Promise<boolean> {
    const taken = await this.repo.takeSeat(manager, classId, organizationId);
    if (taken) this.cache.seatsChanged(organizationId);
    return taken !== null;
  }

  /** The class row locked unless another transaction holds it (a job's claim); false when skipped. */
  lockSkipLocked(manager: EntityManager, classId: string): Promise<boolean> {
    return this.repo.lockSkipLocked(manager, classId);
  }

  /** The class row locked for the rest of the transaction (null when not in this organization). */
  lock(manager: EntityManager, classId: string, organizationId: string): Promise<ClassEntity | null> {
    return this.repo.lockInOrganization(manager, classId, organizationId);
  }

  /** IT-admin overview: classes per organization. */
  countByOrganization(organizationIds: string[]) {
    return this.repo.countByOrganization(organizationIds);
  }

  /** Classes with a scheduled session between the two times, with their session records (the reminders job). */
  async withSessionsBetween(from: Date, to: Date): Promise<ClassResponse[]> {
    return this.sessions.withRecords(await this.repo.withSessionsBetween(from, to));
  }

  /** The sitemap's class pages. */

  listForSitemap(limit: number) {
    return this.repo.listForSitemap(limit);
  }

  /** The organization's open classes with a free seat, not started yet (at most 200, soonest first). */
  openWithSeats(organizationId: string) {
    return this.repo.openWithSeats(organizationId);
  }

  private fields(dto: CreateClassDto): Partial<ClassEntity> {
    const discount = dto.discountPrice === undefined || dto.discountPrice === null ? null : toCents(dto.discountPrice);
    return {
      title: dto.title,
      description: dto.description,
      instructor: dto.instructor,
      location: dto.location,
      priceCents: toCents(dto.price),
      discountPriceCents: discount,
      maxStudents: dto.maxStudents,
      startDate: new Date(dto.startDate),
      duration: dto.duration,
      days: dto.days ?? 1,
      schedule: dto.schedule ?? 'Consecutive',
      information: dto.information ?? '',
      materials: dto.materials ?? [],
      ...this.goNoGoFields(dto),
      ...dropInFields(dto),
    };
  }

  /** Only the go/no-go settings sent: a PUT without them keeps the class's own. */
  private goNoGoFields(dto: Pick<CreateClassDto, 'minEnrollment' | 'decisionHoursBefore' | 'autoCancelBelowMinimum'>) {
    const out: Partial<ClassEntity> = {};
    if (dto.minEnrollment !== undefined) out.minEnrollment = dto.minEnrollment;
    if (dto.decisionHoursBefore !== undefined) out.decisionHoursBefore = dto.decisionHoursBefore;
    if (dto.autoCancelBelowMinimum !== undefined) out.autoCancelBelowMinimum = dto.autoCancelBelowMinimum;
    return out;
  }
}
