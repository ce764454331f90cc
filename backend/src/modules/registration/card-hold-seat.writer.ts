import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import { breakdown } from '../pricing/pricing.service';
import { CardEnrollmentsRepository } from './card-enrollments.repository';
import { CardEnrollmentsService } from './card-enrollments.service';
import { PAYMENT_LABEL, RegistrationError, RegistrationException } from './registration.exception';
import { SeatParts } from './seat-parts';
import type { CardHoldWrite } from './seat-write';
import { Seats } from './seats';

/**
 * A card registration's held seat. `released`: the PaymentIntent of a lapsed hold it replaced; `offerEntryId`: the
 * waitlist entry whose offered seat this hold took.
 */
export interface CardHold {
  enrollmentId: string;
  reused: boolean;
  offerEntryId: string | null;
  paymentIntentId: string | null;
  holdExpiresAt: Date;
  amountDueCents: number;
  released: string | null;
}

/**
 * One person's card hold, in SeatWriter's transaction: the seat is taken with the same conditional update as in person
 * (a held seat counts against capacity) and a `held` enrollment is written with its hold expiry, the price due and the
 * frozen cancellation policy. The same email asking again while its hold is open gets that hold back (no second seat);
 * a hold that lapsed is released first. The PaymentIntent itself is the payments module's.
 */
@Injectable()
export class CardHoldSeatWriter {
  constructor(
    private readonly parts: SeatParts,
    private readonly classSeats: Seats,
    private readonly cards: CardEnrollmentsService,
    private readonly cardsRepo: CardEnrollmentsRepository,
    private readonly activity: ActivityService,
  ) {}

  async write(m: EntityManager, w: CardHoldWrite): Promise<CardHold> {
    const { organizationId, classId, fields, quote } = w;
    let released: string | null = null;
    // The class read of this request found no seat of this email's: nothing to reuse or release.
    // A drop-in looks for this email's seat in its session only.
    const sessionId = w.classSessionId ?? null;
    const existing = w.read?.noSeatOfEmail ? null : await this.cards.heldFor(m, organizationId, fields.email, classId, true, sessionId);
    if (existing?.status === 'active') {
      throw new RegistrationException(
        RegistrationError.AlreadyEnrolled,
        `You are already enrolled in ${existing.classTitle} (${PAYMENT_LABEL[existing.paymentStatus]}).`,
        { isAlreadyEnrolled: true },
      );
    }
    if (existing && existing.holdExpiresAt && existing.holdExpiresAt.getTime() > Date.now()) {
      // Asked again while the hold is open: the answers given now replace the earlier ones (signatures add up).
      await this.parts.storeAgain(m, w.form, { enrollmentId: existing.id, studentId: existing.studentId });
      return {
        enrollmentId: existing.id,
        reused: true,
        offerEntryId: null,
        paymentIntentId: existing.stripePaymentIntentId,
        holdExpiresAt: existing.holdExpiresAt,
        amountDueCents: existing.amountDueCents ?? quote.totalCents,
        released,
      };
    }
    if (existing) {
      await this.cards.expire(m, existing, false);
      released = existing.stripePaymentIntentId;
    }
    // The seat first: in a last-seat race most callers stop here, at the class's lock (the plan checks after it roll
    // the seat back with the transaction when they refuse). A waitlist offer's held seat becomes the card hold.
    const offer = await this.parts.claimOffer(m, organizationId, classId, fields.email, w.waitlistOfferToken);
    if (sessionId) await this.classSeats.holdDropIn(m, classId, organizationId, sessionId);
    else if (!offer) await this.classSeats.hold(m, 'enrollment', classId, organizationId);
    await w.payment.assertAllowed(m);
    const { student, created } = await this.parts.person(m, organizationId, fields, w.dateOfBirth);
    const name = `${student.firstName} ${student.lastName}`;
    // A new person's activity event goes to the database with the hold's insert, in one round trip.
    const events = created
      ? this.activity.recordManyStatement(organizationId, [
          { type: 'student_registration', description: `${name} registered`, metadata: { studentId: student.id, studentName: name } },
        ])
      : null;
    const [held] = await this.cardsRepo.insertHeld(
      m,
      {
        organizationId,
        studentId: student.id,
        classId,
        classSessionId: sessionId,
        amountDueCents: quote.totalCents,
        priceBreakdown: breakdown(quote.lines),
        holdMinutes: w.payment.holdMinutes,
        policy: await this.parts.policy(m, organizationId, w.read?.org),
        registered: {
          firstName: fields.firstName,
          lastName: fields.lastName,
          phone: fields.phone,
          communicationOptIn: fields.communicationOptIn ?? true,
        },
      },
      [events],
    );
    await this.parts.beside(m, {
      organizationId,
      classId,
      email: fields.email,
      enrollmentId: held.id,
      quote,
      offerEntryId: offer?.entryId,
      form: w.form,
      seats: [{ enrollmentId: held.id, studentId: student.id }],
      fresh: true,
    });
    return {
      enrollmentId: held.id,
      reused: false,
      offerEntryId: offer?.entryId ?? null,
      paymentIntentId: null,
      holdExpiresAt: new Date(held.holdExpiresAt),
      amountDueCents: quote.totalCents,
      released,
    };
  }
}
