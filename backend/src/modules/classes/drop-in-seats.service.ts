// Drop-ins (issue 39 §3): which sessions of a class sell a single seat, and the seat itself.
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { ClassEntity } from './class.entity';
import { ClassError, ClassException } from './classes.exception';
import { ClassesRepository } from './classes.repository';
import { DropInSeatsRepository, type DropInSession } from './drop-in-seats.repository';
import { PublicListCache } from './public-list.cache';
import { SeatsFreedHooks } from './seats-freed.hooks';

export type { DropInSession } from './drop-in-seats.repository';

const HOUR = 3_600_000;

/** Seats left for drop-ins in a session: its drop-in capacity, and never more people than the class maximum. */
export const dropInSeatsLeft = (s: DropInSession) =>
  Math.max(0, Math.min(s.dropInCapacity - s.dropInsTaken, s.maxStudents - s.enrolledStudents - s.dropInsTaken));

/**
 * Why a session cannot be bought as a drop-in now, in the order a person can act on: no such session of this class
 * (404), a class that sells none, a cancelled session, one too close or past, one with no seat left.
 */
export function dropInRefusal(s: DropInSession | null, sessionId: string, now = Date.now()): Error | null {
  if (!s) return new NotFoundException(`Class session with ID ${sessionId} not found in this class`);
  if (s.dropInPriceCents === null || s.dropInCapacity <= 0)
    return new ClassException(ClassError.DropInsNotSold, 'This class does not sell drop-ins: register for the whole class.');
  if (s.status === 'cancelled') return new ClassException(ClassError.SessionCancelled, 'This session is cancelled.');
  if (new Date(s.startsAt).getTime() - s.dropInCutoffHours * HOUR <= now)
    return new ClassException(ClassError.DropInClosed, 'Drop-ins for this session are closed.');
  if (dropInSeatsLeft(s) <= 0) return new ClassException(ClassError.DropInFull, 'This session has no drop-in seats left.');
  return null;
}

/**
 * The class as a drop-in buys it: one session, starting when that session starts, at the drop-in price. Admission's
 * steps (the window, the form's ages, the price quote) and the confirmation read this view, so a drop-in is priced,
 * judged and announced as a one-session class; the class row itself is never written from it.
 */
export function dropInView(cls: ClassEntity, s: Pick<DropInSession, 'startsAt' | 'endsAt'>): ClassEntity {
  const startsAt = new Date(s.startsAt);
  const view = Object.assign(Object.create(Object.getPrototypeOf(cls) as object) as ClassEntity, cls, {
    startDate: startsAt,
    duration: Math.max(1, Math.round((new Date(s.endsAt).getTime() - startsAt.getTime()) / 60_000)),
    days: 1,
    priceCents: cls.dropInPriceCents ?? cls.priceCents,
    discountPriceCents: null,
  });
  DROP_IN_VIEWS.add(view);
  return view;
}

/** The views dropInView made (a set that holds them weakly: a view forgotten by its request is forgotten here too). */
const DROP_IN_VIEWS = new WeakSet<ClassEntity>();

/** True for the class as a drop-in buys it (dropInView): the quote then names its first line "Drop-in price". */
export const isDropInView = (cls: ClassEntity): boolean => DROP_IN_VIEWS.has(cls);

@Injectable()
export class DropInSeats {
  constructor(
    private readonly repo: DropInSeatsRepository,
    private readonly classes: ClassesRepository,
    private readonly cache: PublicListCache,
    private readonly freed: SeatsFreedHooks,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** The session a drop-in asks for, or the refusal (dropInRefusal) as it stands now. */
  async bookable(organizationId: string, classId: string, sessionId: string): Promise<DropInSession> {
    const s = await this.repo.session(this.db.manager, organizationId, classId, sessionId);
    const refusal = dropInRefusal(s, sessionId);
    if (refusal) throw refusal;
    return s!;
  }

  /** The class's sessions that still sell drop-ins, with their seats left (the public class page). */
  async offered(organizationId: string, classId: string) {
    const rows = await this.repo.bookable(this.db.manager, organizationId, classId);
    return rows.map((s) => ({
      id: s.id,
      sessionIndex: s.sessionIndex,
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      seatsLeft: dropInSeatsLeft(s),
    }));
  }

  /** True when the class is the organization's and not archived (a public page may show it). */
  async classIsPublic(organizationId: string, classId: string): Promise<boolean> {
    const c = await this.classes.findInOrganization(classId, organizationId);
    return !!c && c.status !== 'Archived';
  }

  /**
   * One drop-in seat in the session, in the registration's transaction, or its refusal (the transaction then rolls
   * the session's counter back). Answers the class as the drop-in buys it (dropInView).
   */
  async hold(m: EntityManager, organizationId: string, classId: string, sessionId: string): Promise<ClassEntity> {
    const taken = await this.repo.takeInSession(m, organizationId, classId, sessionId);
    const refuse = async () => {
      const s = await this.repo.session(m, organizationId, classId, sessionId);
      return dropInRefusal(s, sessionId) ?? new ClassException(ClassError.DropInFull, 'This session has no drop-in seats left.');
    };
    if (taken === null || !(await this.repo.raisePeak(m, organizationId, classId, taken))) throw await refuse();
    this.cache.seatsChanged(organizationId);
    const [cls, s] = await Promise.all([
      this.classes.findInOrganization(classId, organizationId, m),
      this.repo.session(m, organizationId, classId, sessionId),
    ]);
    if (!cls || !s) throw new NotFoundException(`Class with ID ${classId} not found`);
    return dropInView(cls, s);
  }

  /**
   * Gives back one drop-in seat per session id (a cancelled, expired or deleted drop-in). When that lowers the class's
   * fullest session, a full-term seat is free again: the waitlist is offered it in this transaction, as for any freed
   * seat (SeatsFreedHooks), so a public registrant never sees it first.
   */
  async release(m: EntityManager, organizationId: string, sessionIds: string[]): Promise<void> {
    if (!sessionIds.length) return;
    const lowered = await this.repo.release(m, organizationId, sessionIds);
    if (lowered.length) await this.freed.run(m, organizationId, lowered);
    this.cache.seatsChanged(organizationId);
  }
}
