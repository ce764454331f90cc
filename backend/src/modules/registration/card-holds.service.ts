import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { lowerTrim } from '../../common/http/transforms';
import { classFull } from '../classes/classes.service';
import type { SeatRead } from './admission';
import { CardEnrollmentsRepository } from './card-enrollments.repository';
import { CardEnrollmentsService } from './card-enrollments.service';
import type { CardHold } from './card-hold-seat.writer';
import { SeatOffers } from './seat-offers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the cheap full-class check needs from a registration body that has not been validated yet: the class and
 * organization (well-formed ids) and the email. Null when the body does not name them plainly, or asks for something
 * a plain 'full' does not answer (a waitlist offer's seat, a household's seats): such a body is validated first and
 * goes the ordinary way.
 */
export function plainSeatRequest(
  body: unknown,
  classId: unknown,
  email: unknown,
): { organizationId: string; classId: string; email: string | null } | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as { organizationId?: unknown; waitlistOfferToken?: unknown; attendees?: unknown };
  if (typeof b.organizationId !== 'string' || !UUID.test(b.organizationId) || typeof classId !== 'string' || !UUID.test(classId))
    return null;
  if (b.waitlistOfferToken !== undefined || b.attendees !== undefined) return null;
  // The email as validation will leave it (lowerTrim), so the seat it is found to hold is the one the registration
  // then looks for.
  const normalized = lowerTrim({ value: email });
  return { organizationId: b.organizationId, classId, email: typeof normalized === 'string' ? normalized : null };
}

/**
 * The class a registration is for, read once (admission and the controllers' early full answer), and a card hold
 * given back when its PaymentIntent could not be opened. The hold itself is written by SeatWriter.
 */
@Injectable()
export class CardHoldsService {
  constructor(
    private readonly cards: CardEnrollmentsService,
    private readonly cardsRepo: CardEnrollmentsRepository,
    private readonly offers: SeatOffers,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /**
   * The class a registration or card hold is for, read once for the whole request (the full check, the opening, the
   * price, the confirmation) in one statement that also tells whether this email already holds a seat in it. A plain
   * 'full' (no waitlist offer, one person, no seat of this email's) is refused here, before anything else is read.
   * Null: no such class in this organization.
   */
  async readClass(
    organizationId: string,
    classId: string,
    email: string | null,
    opts: { offerToken?: string; household?: boolean } = {},
  ): Promise<SeatRead | null> {
    const read = await this.cardsRepo.classForRegistration(classId, organizationId, email);
    if (!read) return null;
    const { cls } = read;
    if (!opts.offerToken && !opts.household && !read.emailHoldsSeat && cls.status !== 'Archived' && cls.enrolledStudents >= cls.maxStudents)
      throw classFull();
    return { cls, email, emailHoldsSeat: read.emailHoldsSeat };
  }

  /**
   * A new hold whose PaymentIntent could not be opened (Stripe failed): nothing was registered, so its seat is freed,
   * except that a waitlist offer's seat goes back to the offer. Its holder keeps the offer until its own expiry and can
   * try again with the same link: a provider outage must not pass their place to the next person.
   */
  async abandonHold(organizationId: string, hold: Pick<CardHold, 'reused' | 'enrollmentId' | 'offerEntryId'>): Promise<void> {
    if (hold.reused) return;
    const e = { id: hold.enrollmentId, organizationId };
    await this.db.transaction(async (m) => {
      if (!hold.offerEntryId || !this.offers.available) {
        await this.cards.expire(m, e, false);
        return;
      }
      // Still held (no job expired it meanwhile, which would have passed the seat on): the seat stays the offer's.
      if (await this.cards.expireKeepingSeat(m, e)) await this.offers.returned(m, hold.offerEntryId, hold.enrollmentId);
    });
  }

  /** A household's new holds whose PaymentIntent could not be opened: nothing was registered, so their seats are freed. */
  async abandonHolds(organizationId: string, enrollmentIds: string[]): Promise<void> {
    await this.db.transaction(async (m) => {
      for (const id of enrollmentIds) await this.cards.expire(m, { id, organizationId }, false);
    });
  }

  /** The PaymentIntent opened for a hold. */
  setPaymentIntent(enrollmentId: string, paymentIntentId: string) {
    return this.cards.setPaymentIntent(enrollmentId, paymentIntentId);
  }

  /** The PaymentIntent paying for a household's group, on each of its enrollments. */
  setGroupPaymentIntent(groupId: string, paymentIntentId: string) {
    return this.cards.setGroupPaymentIntent(groupId, paymentIntentId);
  }
}
