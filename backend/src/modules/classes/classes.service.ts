import { ConflictException, Injectable, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AppException } from '../../common/http/app-exception';
import { ClassError, ClassException } from './classes.exception';
import type { ListParams } from '../../common/http/list-query';
import { activeWaitingRoom } from '../organizations/organization.entity';
import { OrganizationsService } from '../organizations/organizations.service';
import { SettingsChangedHooks } from '../organizations/settings-changed.hooks';
import { ActivityService } from '../activity/activity.service';
import { classLimitMessage, UsageService } from '../subscriptions/usage.service';
import { effectiveWindow } from '../terms/registration-window';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import { ClassEntity, mapClass, toCents, type ClassResponse, type ClassStatus, type ClassTerm } from './class.entity';
import { ClassesRepository } from './classes.repository';
import type { CloneClassDto, CreateClassDto, UpdateClassDto } from './dto/class.dto';
import { PublicListCache, type CachedList, type CachedPage, type ListRow, type SeatState } from './public-list.cache';
import { SeatsFreedHooks } from './seats-freed.hooks';
import { PublicClassExtras } from './public-class-extras';
import { WebhookEvents } from '../webhooks/webhook-events';
import { TermsService } from '../terms/terms.service';

const ACTIVATE_LIMIT_MESSAGE = 'Cannot activate class - class limit reached. Upgrade your plan or archive other classes first.';

/** A minimum above the class's capacity could never be met. */
/** The answer to a registration for a class with no seat left (the seat update's, and the early check's before it). */
export function classFull(): ClassException {
  return new ClassException(ClassError.ClassFull, 'This class is full. No seats are left.');
}

/** What a go/no-go decision depends on besides the enrolment itself. */
const decisionBasis = (c: ClassEntity) =>
  [new Date(c.startDate).getTime(), c.decisionHoursBefore, c.minEnrollment, c.autoCancelBelowMinimum].join('|');

/**
 * What every row of a list copy is serialized with: the organization's time zone and its waiting room's minutes; and
 * the room's rate, which the waiting room's ticket route reads from the copy (`cachedOpening`).
 */
interface ListContext {
  zone: string | null;
  room: number | null;
  admitPerMinute: number | null;
}

/** A public class's opening as the instance's list copy has it: what taking a place in its line needs. */
export interface CachedOpening {
  title: string;
  opensAt: Date | null;
  /** The organization's time zone (set whenever the class has an opening). */
  zone: string | null;
  /** The organization's waiting room: null when it is off. */
  room: { minutes: number; admitPerMinute: number } | null;
}

/** A class of the cached public list as read, with its term. */
interface PublicRow {
  entity: ClassEntity;
  term: ClassTerm | null;
}

function assertMinimum(min: number, max: number) {
  if (min > max) {
    const message = `Minimum enrolment (${min}) cannot be more than max students (${max})`;
    throw new AppException(400, message, { errors: { minEnrollment: message } });
  }
}

@Injectable()
export class ClassesService implements OnModuleInit {
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
    private readonly extras: PublicClassExtras,
    private readonly settingsChanged: SettingsChangedHooks,
  ) {
    this.cache.setRefresher((organizationId, previous) => this.readPublicList(organizationId, previous));
    this.cache.setPageRenderer((organizationId, list, row) => {
      const { entity, term } = (row as ListRow<PublicRow>).source;
      const form = this.extras.peek(organizationId, entity.id);
      if (!form) return undefined;
      // The page read from the database gives the organization's time zone only to a class with an opening.
      const ctx = list.context as ListContext;
      const zone = effectiveWindow(entity, term).opensAt ? ctx.zone : null;
      return {
        key: form,
        render: () => JSON.stringify({ success: true, data: { ...mapClass(entity, term, zone, ctx.room), ...form }, error: null }),
      };
    });
  }

  onModuleInit(): void {
    // The list copy's replies show settings (time zone, until when the waiting room is on): a settings write drops it.
    this.settingsChanged.register({ settingsChanged: (organizationId) => this.cache.invalidate(organizationId) });
  }

  /** Class replies with their term's name and the registration window (one query for all their terms). */
  private async withTerms(organizationId: string, rows: ClassEntity[]): Promise<ClassResponse[]> {
    const { termOf, zone, room } = await this.termContext(organizationId, rows);
    return rows.map((c) => mapClass(c, termOf(c), zone, room));
  }

  /** What a class reply needs besides the class: its term, and the organization's time zone when a class has an opening. */
  private async termContext(organizationId: string, rows: ClassEntity[]) {
    const terms = await this.terms.byIds(
      organizationId,
      rows.map((r) => r.termId).filter((id): id is string => !!id),
    );
    const termOf = (c: ClassEntity) => (c.termId && terms.get(c.termId)) || null;
    // The organization's time zone goes with an opening, so the page says it in the organization's own hours.
    // With it, how long its waiting room stays on after an opening (null: it has none), read in the same organization read.
    const org = rows.some((c) => effectiveWindow(c, termOf(c)).opensAt) ? await this.orgs.require(organizationId) : null;
    const zone = org ? (org.settings.timeZone ?? SERVER_TIME_ZONE) : null;
    const waitingRoom = activeWaitingRoom(org?.settings);
    return { termOf, zone, room: waitingRoom?.minutes ?? null, admitPerMinute: waitingRoom?.admitPerMinute ?? null };
  }

  private async withTerm(c: ClassEntity): Promise<ClassResponse> {
    return (await this.withTerms(c.organizationId, [c]))[0];
  }

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

  /** A public class page built from the list copy, when the copy and the class's form are in memory. */
  cachedPublicPage(organizationId: string, classId: string): CachedPage | undefined {
    return this.cache.page(organizationId, classId.toLowerCase());
  }

  /**
   * A public class's opening from the instance's list copy, without a statement; undefined when the copy or the class
   * is not in memory (the caller then reads). As fresh as the copy: a settings or class write on this instance drops
   * it at once, one on another instance shows within the copy's bounds (PublicListCache.MAX_STALE_MS).
   */
  cachedOpening(organizationId: string, classId: string): CachedOpening | undefined {
    const list = this.cache.get(organizationId);
    const i = list?.index.get(classId.toLowerCase());
    if (!list || i === undefined) return undefined;
    const { entity, term } = (list.rows[i] as ListRow<PublicRow>).source;
    const ctx = list.context as ListContext;
    return {
      title: entity.title,
      opensAt: effectiveWindow(entity, term).opensAt,
      zone: ctx.zone,
      room: ctx.room !== null && ctx.admitPerMinute !== null ? { minutes: ctx.room, admitPerMinute: ctx.admitPerMinute } : null,
    };
  }

  /** The public list: the instance's copy when it is young enough (see PublicListCache), else one shared read. */
  async publicList(organizationId: string): Promise<CachedList> {
    return this.cache.get(organizationId) ?? this.cache.load(organizationId);
  }

  /**
   * Reads the public list for the cache. A copy younger than the cache's TTL is refreshed by its seats alone: one
   * indexed read of the seat columns of every public class, and only the classes whose seats moved are serialized
   * again (an opening changes nothing else). Any other difference (a class added, archived, moved or edited on another
   * instance) reads the whole list again.
   */
  private async readPublicList(organizationId: string, previous: CachedList | undefined): Promise<CachedList> {
    const started = Date.now();
    if (this.cache.seatsOnly(previous, started)) {
      const patched = this.patchSeats(previous, await this.repo.publicSeats(organizationId), started);
      if (patched) return patched;
    }
    const rows = await this.repo.listPublic(organizationId);
    // An empty list could also mean a mistyped link: say which, so the site can show 'No Organization Selected'.
    if (!rows.length && !(await this.orgs.exists(organizationId))) throw new NotFoundException('Organization not found');
    const { termOf, zone, room, admitPerMinute } = await this.termContext(organizationId, rows);
    const listRows: ListRow<PublicRow>[] = rows.map((c) => {
      const term = termOf(c);
      return { id: c.id, source: { entity: c, term }, json: JSON.stringify(mapClass(c, term, zone, room)) };
    });
    const context: ListContext = { zone, room, admitPerMinute };
    return this.cache.compose(listRows, context, started);
  }

  /** The previous copy with the seats read now, or null when something besides seats differs. */
  private patchSeats(previous: CachedList, seats: SeatState[], readAt: number): CachedList | null {
    const rows = previous.rows as ListRow<PublicRow>[];
    if (seats.length !== rows.length) return null;
    let changed = false;
    const next = rows.map((row, i) => {
      const s = seats[i];
      const c = row.source.entity;
      if (s.id !== c.id) return null;
      const seatsMoved = s.enrolledStudents !== c.enrolledStudents || s.status !== c.status || s.closedWhenFull !== c.closedWhenFull;
      const touched = s.updatedAt.getTime() !== new Date(c.updatedAt).getTime();
      if (!seatsMoved && !touched) return row;
      // Written without a seat moving (an edit on another instance): only a whole read shows what changed.
      if (!seatsMoved) return null;
      changed = true;
      const entity = Object.assign(new ClassEntity(), c, {
        enrolledStudents: s.enrolledStudents,
        status: s.status as ClassStatus,
        closedWhenFull: s.closedWhenFull,
        updatedAt: s.updatedAt,
      });
      return {
        id: c.id,
        source: { entity, term: row.source.term },
        json: JSON.stringify(
          mapClass(entity, row.source.term, (previous.context as ListContext).zone, (previous.context as ListContext).room),
        ),
      };
    });
    if (next.some((r) => r === null)) return null;
    // Nothing moved: the same bytes and ETag (revalidations keep getting 304), its seats confirmed as of now.
    if (!changed) return { ...previous, seatsReadAt: readAt };
    return this.cache.compose(next as ListRow<PublicRow>[], previous.context, previous.createdAt, readAt);
  }

  /** Public detail: Archived classes are hidden from students (spec 3 §4). */
  async publicGet(id: string, organizationId?: string): Promise<ClassResponse> {
    const c = await this.repo.findById(id);
    // A link naming another organization than the class's own does not find it either.
    if (!c || c.status === 'Archived' || (organizationId && organizationId !== c.organizationId))
      throw new NotFoundException(`Class with ID ${id} not found`);
    return this.withTerm(c);
  }

  async list(organizationId: string, params: ListParams) {
    const [rows, total] = await this.repo.listForAdmin(organizationId, params);
    return { rows: await this.withTerms(organizationId, rows), total };
  }

  async get(id: string, organizationId: string): Promise<ClassResponse> {
    return this.withTerm(await this.require(id, organizationId));
  }

  async require(id: string, organizationId: string, manager?: EntityManager): Promise<ClassEntity> {
    const c = await this.repo.findInOrganization(id, organizationId, manager);
    if (!c) throw new NotFoundException(`Class with ID ${id} not found`);
    return c;
  }

  async create(organizationId: string, dto: CreateClassDto): Promise<ClassResponse> {
    assertMinimum(dto.minEnrollment ?? 0, dto.maxStudents);
    const status = dto.status ?? 'Open';
    const termFields = await this.termFields(organizationId, dto);
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
    return this.withTerm(created);
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
      if (dto.maxStudents < c.enrolledStudents) {
        throw new ConflictException(`Max students cannot be lower than the ${c.enrolledStudents} students already enrolled`);
      }
      const decidedOn = decisionBasis(c);
      const termFields = await this.termFields(organizationId, dto, c);
      Object.assign(c, this.fields(dto), termFields);
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
    return this.withTerm(updated);
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
    return { data: await this.withTerm(result.copy), warning: result.warning, statusForcedByLimit: result.statusForcedByLimit };
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

  /** The sitemap's class pages. */
  /** Classes with their computed sessions (mapClass) that may have a session between the two times (the reminders job). */
  async withSessionsBetween(from: Date, to: Date): Promise<ClassResponse[]> {
    return (await this.repo.withSessionsBetween(from, to)).map((c) => mapClass(c));
  }

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
