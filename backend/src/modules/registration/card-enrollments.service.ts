import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppException } from '../../common/http/app-exception';
import { ClassesService } from '../classes/classes.service';
import type { PriceLine } from './enrollment.entity';
import type { RegistrationMessageInput } from '../communications/communication.types';
import { HouseholdRepository } from './household.repository';
import { CardEnrollmentsRepository, type CardEnrollment, type CardPaymentRecord } from './card-enrollments.repository';
import { Seats } from './seats';

export type { CardEnrollment, CardPaymentRecord } from './card-enrollments.repository';

/** Who a message about a card enrollment goes to: the details typed at registration (decision 15), the stored email. */
export const messageInput = (e: CardEnrollment): RegistrationMessageInput => ({
  organizationId: e.organizationId,
  enrollmentId: e.id,
  classId: e.classId,
  studentId: e.studentId,
  firstName: e.firstName,
  lastName: e.lastName,
  email: e.studentEmail,
  phone: e.phone,
  priceLines: e.priceBreakdown,
});

/**
 * What the payments module does to enrollments (this module's table) for card payments, cancellations and
 * refunds. Each change re-checks the state it starts from; a seat is given back only by the call that moved the
 * enrollment out of a seat-taking state, so it is freed exactly once whoever else tries.
 */
@Injectable()
export class CardEnrollmentsService {
  constructor(
    private readonly repo: CardEnrollmentsRepository,
    private readonly classes: ClassesService,
    private readonly classSeats: Seats,
    private readonly households: HouseholdRepository,
  ) {}

  byId(id: string, manager?: EntityManager, lock = false) {
    return this.repo.find(manager, 'e.id = $1', [id], lock);
  }

  /** The organization's enrollment (null for another organization's id: the caller answers 404). */
  inOrganization(id: string, organizationId: string, manager?: EntityManager, lock = false) {
    return this.repo.find(manager, 'e.id = $1 AND e.organization_id = $2', [id, organizationId], lock);
  }

  /** The enrollment a PaymentIntent pays for; for a household's shared intent, the group's first enrollment. */
  byPaymentIntent(paymentIntentId: string, manager?: EntityManager, lock = false) {
    return this.repo.find(
      manager,
      'e.stripe_payment_intent_id = $1 ORDER BY (e.household_group_id IS NULL OR e.household_group_id = e.id) DESC, e.id LIMIT 1',
      [paymentIntentId],
      lock,
    );
  }

  /** Every enrollment one PaymentIntent pays for (a household's pays for several), locked in id order when asked. */
  paidTogether(paymentIntentId: string, manager: EntityManager, lock = false) {
    return this.repo.findAll(manager, 'e.stripe_payment_intent_id = $1 ORDER BY e.id', [paymentIntentId], lock);
  }

  /** The enrollments a household registered together (one PaymentIntent), by id; locked in id order when asked. */
  group(groupId: string, manager?: EntityManager, lock = false) {
    return this.repo.findAll(manager, 'e.household_group_id = $1 ORDER BY e.id', [groupId], lock);
  }

  /** The email's seat in the class (held for a card payment, or registered); locked unless `lock` is false. */
  heldFor(
    manager: EntityManager | undefined,
    organizationId: string,
    email: string,
    classId: string,
    lock = true,
    /** A drop-in's session: its own seat in that session; none (null): the whole-class seat. */
    sessionId: string | null = null,
  ): Promise<CardEnrollment | null> {
    return this.repo.find(
      manager,
      "e.organization_id = $1 AND lower(s.email) = lower($2) AND s.household_contact_id IS NULL AND e.class_id = $3 AND e.status IN ('held', 'active') AND e.class_session_id IS NOT DISTINCT FROM $4::uuid",
      [organizationId, email, classId, sessionId],
      lock,
    );
  }

  /** The enrollments that take a seat in a class (held: card payment open; active: registered), oldest first. */
  seatHoldersOfClass(classId: string, organizationId: string, manager?: EntityManager): Promise<CardEnrollment[]> {
    return this.repo.list(manager, "e.class_id = $1 AND e.organization_id = $2 AND e.status IN ('held', 'active')", [
      classId,
      organizationId,
    ]);
  }

  /** Registrations still holding a seat in classes the go/no-go cancelled, oldest first. */
  async openInCancelledClasses(limit: number): Promise<{ id: string; organizationId: string }[]> {
    // Still Cancelled: a class an admin opened again keeps its new registrations.
    const rows = await this.repo.list(
      undefined,
      "c.go_no_go = 'cancelled' AND c.status = 'Cancelled' AND e.status IN ('held', 'active')",
      [],
      limit,
    );
    return rows.map((e) => ({ id: e.id, organizationId: e.organizationId }));
  }

  setPaymentIntent(id: string, paymentIntentId: string) {
    return this.repo.setPaymentIntent(id, paymentIntentId);
  }

  /** The PaymentIntent paying for a household's group, on each of its enrollments. */
  setGroupPaymentIntent(groupId: string, paymentIntentId: string) {
    return this.households.setGroupPaymentIntent(groupId, paymentIntentId);
  }

  /** Records a verified payment; `keepSeat` makes the enrollment active (it holds or has just taken its seat). */
  recordPayment(manager: EntityManager, id: string, payment: CardPaymentRecord, keepSeat: boolean) {
    return this.repo.recordPayment(manager, id, payment, keepSeat);
  }

  /** Takes a seat again for a payment that arrived after its hold lapsed; false when the class has none left. */
  async retakeSeat(manager: EntityManager, e: CardEnrollment): Promise<boolean> {
    try {
      if (e.classSessionId) await this.classSeats.holdDropIn(manager, e.classId, e.organizationId, e.classSessionId);
      else await this.classSeats.hold(manager, 'enrollment', e.classId, e.organizationId);
      return true;
    } catch (err) {
      if (err instanceof Error && 'getStatus' in err) return false; // full, closed or gone: a readable refusal, no SQL error
      throw err;
    }
  }

  /** held -> expired, freeing its seat; false when it was no longer held (someone else settled it). */
  async expire(manager: EntityManager, e: { id: string; organizationId: string }, paymentFailed: boolean): Promise<boolean> {
    const classId = await this.repo.expireHold(manager, e.id, paymentFailed);
    if (!classId) return false;
    await this.classSeats.release(manager, 'enrollment', e.organizationId, [classId]);
    return true;
  }

  /** held -> expired without freeing its seat (the caller gives the seat to someone else); false when it held none. */
  async expireKeepingSeat(manager: EntityManager, e: { id: string }): Promise<boolean> {
    return Boolean(await this.repo.expireHold(manager, e.id, false));
  }

  claimExpiredHolds(manager: EntityManager, limit: number) {
    return this.repo.claimExpiredHolds(manager, limit);
  }

  /**
   * Expires a batch of claimed holds and frees their seats, class rows locked in id order: two batches (two
   * instances) touching the same classes then wait for each other instead of deadlocking.
   */
  async expireMany(manager: EntityManager, holds: { id: string; organizationId: string }[]): Promise<number> {
    const freed = new Map<string, { organizationId: string; classIds: string[] }>();
    for (const h of holds) {
      const classId = await this.repo.expireHold(manager, h.id, false);
      if (!classId) continue;
      const entry = freed.get(classId) ?? { organizationId: h.organizationId, classIds: [] };
      entry.classIds.push(classId);
      freed.set(classId, entry);
    }
    for (const classId of [...freed.keys()].sort()) {
      const { organizationId, classIds } = freed.get(classId)!;
      await this.classSeats.release(manager, 'enrollment', organizationId, classIds);
    }
    return [...freed.values()].reduce((n, f) => n + f.classIds.length, 0);
  }

  /** held or active -> cancelled, freeing its seat; false when it held none. */
  async cancel(manager: EntityManager, e: { id: string; organizationId: string }): Promise<boolean> {
    const classId = await this.repo.cancel(manager, e.id);
    if (!classId) return false;
    await this.classSeats.release(manager, 'enrollment', e.organizationId, [classId]);
    return true;
  }

  /**
   * Moves an active enrollment (locked by the caller) to another class of its organization in the caller's
   * transaction. The class rows are locked in id order (two opposite moves wait instead of deadlocking; a
   * registration locks one class only): a registration racing for the same last seat waits, never deadlocks.
   * Nothing organization-wide is locked. The new seat
   * is taken by the one conditional seat update (a full class refuses: nothing changes), then the old one is freed
   * (offered to its waitlist). Either both happen or, with the transaction, neither.
   */
  async moveToClass(
    manager: EntityManager,
    e: { id: string; organizationId: string; classId: string },
    toClassId: string,
    /** What the registration is worth in the new class (the price quote's transfer price): kept on the enrollment. */
    price?: { amountDueCents: number; priceBreakdown: PriceLine[] },
  ): Promise<void> {
    for (const id of [e.classId, toClassId].sort()) await this.classes.lock(manager, id, e.organizationId);
    await this.classSeats.hold(manager, 'enrollment', toClassId, e.organizationId);
    if (!(await this.repo.moveToClass(manager, e.id, toClassId, price)))
      throw new AppException(409, 'This registration is no longer active; there is nothing to switch.');
    await this.classSeats.release(manager, 'enrollment', e.organizationId, [e.classId]);
  }

  /**
   * Completes a switch paid by a second card payment, in the caller's transaction with the enrollment locked: the seat
   * the payment held in the new class becomes the enrollment's and the old one is freed (offered to its waitlist).
   * False (nothing changed) when the enrollment is no longer active in the class it switched from.
   */
  async applyTopUp(
    manager: EntityManager,
    e: { id: string; organizationId: string; classId: string },
    t: { toClassId: string; amountCents: number; platformFeeCents: number; amountDueCents: number; priceBreakdown: PriceLine[] },
  ): Promise<boolean> {
    if (!(await this.repo.applyTopUp(manager, e.id, e.classId, t))) return false;
    await this.classSeats.release(manager, 'enrollment', e.organizationId, [e.classId]);
    return true;
  }

  addRefunded(manager: EntityManager, id: string, cents: number) {
    return this.repo.addRefunded(manager, id, cents);
  }

  /** Gives back what a refund that later failed had counted; false when the enrollment counts less than that. */
  subtractRefunded(manager: EntityManager, id: string, cents: number) {
    return this.repo.subtractRefunded(manager, id, cents);
  }

  /**
   * A bank debit is processing (`payment_intent.processing`): the seats it pays for stay held until `until` (it settles
   * days later) instead of lapsing at the usual hold time. Answers how many held seats were kept.
   */
  keepHoldsWhileProcessing(manager: EntityManager, paymentIntentId: string, organizationId: string, until: Date) {
    return this.repo.keepHoldsUntil(manager, paymentIntentId, organizationId, until);
  }
}
