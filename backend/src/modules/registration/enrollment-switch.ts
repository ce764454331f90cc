import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AppException } from '../../common/http/app-exception';
import { ActivityService } from '../activity/activity.service';
import type { ClassEntity } from '../classes/class.entity';
import { ClassesService } from '../classes/classes.service';
import type { QuoteLine } from '../pricing/price-rules';
import { breakdown, PricingService } from '../pricing/pricing.service';
import { CardEnrollmentsService } from './card-enrollments.service';
import { ENROLLMENT_NOT_FOUND } from './enrollment-cancel';
import { EnrollmentPaymentsPort, type SeatRefund } from './enrollment-payments';
import { readMoneyReply } from './enrollment-reply';
import type { PriceLine } from './enrollment.entity';
import { formatDollars } from './refund-quote';
import { TopUpSeats } from './top-up-seats';

/** What a registration keeps of its original price quote when it moves (see PricingService.transferQuote). */
export interface TransferOrigin {
  id: string;
  enrollmentDate: Date;
  email: string;
  dateOfBirth: string | null;
  householdGroupId: string | null;
  priceBreakdown: PriceLine[] | null;
}

/**
 * An active registration switching to another class of its organization: the classes it may switch to with their
 * price, and the switch itself (new seat taken, old one freed, in one transaction). A dearer class for a card payment
 * is paid by card first (the payments module's top-up, which holds its seat through TopUpSeats) or left due in person.
 */
@Injectable()
export class EnrollmentSwitch {
  constructor(
    private readonly cards: CardEnrollmentsService,
    private readonly port: EnrollmentPaymentsPort,
    private readonly topUpSeats: TopUpSeats,
    private readonly classes: ClassesService,
    private readonly pricing: PricingService,
    private readonly activity: ActivityService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** The price of a registration in the class it would switch to: the one price quote, with the person's discounts kept. */
  transferPrice(
    organizationId: string,
    e: TransferOrigin,
    to: Pick<ClassEntity, 'id' | 'priceCents' | 'discountPriceCents' | 'startDate'>,
  ): Promise<{ totalCents: number; lines: QuoteLine[] }> {
    return this.pricing.transferQuote({
      organizationId,
      cls: to,
      original: {
        enrollmentId: e.id,
        enrollmentDate: e.enrollmentDate,
        email: e.email,
        dateOfBirth: e.dateOfBirth,
        // A household's later attendees (not the group's first enrollment) had the sibling discount's place.
        sibling: !!e.householdGroupId && e.householdGroupId !== e.id,
        priceBreakdown: e.priceBreakdown,
      },
    });
  }

  /**
   * The classes an active registration may switch to (open, a free seat, not started), each priced by the one price
   * quote with the discounts of the registration's person kept, and the difference: a card payment is compared with
   * what it kept, an in-person one with what it owes now. `needsPayment`: a dearer class for a card payment, whose
   * difference is paid by card (the portal) or left due in person.
   */
  async transferOptions(organizationId: string, id: string) {
    const e = await this.cards.inOrganization(id, organizationId);
    if (!e) throw new AppException(HttpStatus.NOT_FOUND, ENROLLMENT_NOT_FOUND);
    if (e.status !== 'active') throw new AppException(HttpStatus.CONFLICT, 'Only an active registration can switch classes.');
    const origin = { ...e, email: e.studentEmail };
    const paidByCard = e.paymentMethod === 'card' && e.paymentStatus === 'completed';
    const kept = e.amountPaidCents - e.refundedCents;
    const open = (await this.classes.openWithSeats(organizationId)).filter((c) => c.id !== e.classId);
    const prices = await Promise.all(open.map((c) => this.transferPrice(organizationId, origin, c)));
    // One from before price quotes has no amount due: its own class's quote stands in.
    const own =
      e.amountDueCents ??
      (await this.transferPrice(organizationId, origin, await this.classes.require(e.classId, organizationId))).totalCents;
    return open.map((c, i) => {
      const price = prices[i].totalCents;
      return {
        id: c.id,
        title: c.title,
        location: c.location,
        instructor: c.instructor,
        startDate: c.startDate,
        seatsLeft: c.seatsLeft,
        price: price / 100,
        priceDifference: (price - (paidByCard ? kept : own)) / 100,
        available: true,
        needsPayment: paidByCard && price > kept,
      };
    });
  }

  /**
   * Moves an active registration to another class of the organization in one transaction: the new seat taken, the
   * old one freed (never both kept, never both lost). A card payment for a cheaper class gets the difference back on
   * the card; a dearer one answers TRANSFER_NEEDS_PAYMENT (the difference is paid by card through the payments
   * module's top-up, which switches on payment). An in-person registration is settled in person at the new class's price.
   */
  async transfer(
    organizationId: string,
    id: string,
    toClassId: string,
    /** differenceInPerson: a dearer class for a card payment switches now, the difference due in person at class. */
    opts: { byStudent?: boolean; differenceInPerson?: boolean } = {},
  ) {
    let openTopUp: string | null = null;
    const reply = await this.db.transaction(async (m) => {
      const e = await this.cards.inOrganization(id, organizationId, m, true);
      if (!e) throw new AppException(HttpStatus.NOT_FOUND, ENROLLMENT_NOT_FOUND);
      if (e.status !== 'active') throw new AppException(HttpStatus.CONFLICT, 'Only an active registration can switch classes.');
      if (e.classId === toClassId) throw new AppException(HttpStatus.CONFLICT, 'This is already the class of this registration.');
      const to = await this.classes.require(toClassId, organizationId, m).catch(() => null);
      if (!to || to.status === 'Archived') throw new AppException(HttpStatus.NOT_FOUND, `Class with ID ${toClassId} not found`);
      if (to.startDate.getTime() <= Date.now())
        throw new AppException(HttpStatus.CONFLICT, 'That class has already started; choose another one.');
      const paidByCard = e.paymentMethod === 'card' && e.paymentStatus === 'completed';
      const kept = e.amountPaidCents - e.refundedCents;
      // The one price quote, keeping the discounts of the original registration's person.
      const price = await this.transferPrice(organizationId, { ...e, email: e.studentEmail }, to);
      const difference = price.totalCents - kept;
      // A dearer class for a card payment: the difference is paid by card first (a top-up), the switch follows.
      const dueInPerson = paidByCard && difference > 0 && !!opts.differenceInPerson;
      if (paidByCard && difference > 0 && !dueInPerson) throw this.port.payments.differenceNeedsPayment(to.title, difference);
      // A switch being paid for elsewhere gives its held seat back (this one wins).
      openTopUp = await this.topUpSeats.endOpenOf(m, e.id);
      // The new difference is counted from what was paid: one left due by an earlier switch is owed no more.
      await this.port.payments.cancelDifferenceDue(m, e.id);
      await this.cards.moveToClass(m, e, toClassId, { amountDueCents: price.totalCents, priceBreakdown: breakdown(price.lines) });
      // The balance (amount due above what was kept) is what the teacher roll collects and mark-paid takes.
      if (dueInPerson)
        await this.port.payments.leaveDifferenceDue(m, {
          organizationId,
          enrollmentId: e.id,
          fromClassId: e.classId,
          toClassId,
          amountCents: difference,
          newAmountDueCents: price.totalCents,
        });
      let refund: SeatRefund | null = null;
      if (paidByCard && difference < 0)
        refund = await this.port.payments.refund(m, e, -difference, `Switched to ${to.title}: the difference in price`, null, undefined, {
          source: opts.byStudent ? 'self_service' : 'admin',
          // One refund per move to that class: a retried request after a crash gets the same Stripe refund back.
          stripeKey: `classlane-enrollment-${e.id}-transfer-${toClassId}-${e.refundedCents}-refund`,
        });
      await this.activity.record(
        organizationId,
        'enrollment_transferred',
        `${e.studentName} switched from ${e.classTitle} to ${to.title}${refund ? ` (refund ${formatDollars(refund.amountCents)})` : ''}${dueInPerson ? ` (${formatDollars(difference)} due in person)` : ''}`,
        {
          studentId: e.studentId,
          studentName: e.studentName,
          enrollmentId: e.id,
          fromClassId: e.classId,
          fromClassName: e.classTitle,
          classId: to.id,
          className: to.title,
          refund: refund ? refund.amountCents / 100 : 0,
          dueInPerson: dueInPerson ? difference / 100 : 0,
          ...(opts.byStudent ? { source: 'self_service' } : {}),
        },
        m,
      );
      return {
        ...(await this.reply(m, e.id, refund)),
        classId: to.id,
        className: to.title,
        balanceDue: dueInPerson ? difference / 100 : 0,
      };
    });
    if (openTopUp) await this.port.payments.cancelIntent(openTopUp);
    return reply;
  }

  private reply(m: EntityManager, id: string, refund: SeatRefund | null) {
    return readMoneyReply(m, id, refund, { cards: this.cards, refundsOf: (mm, i) => this.port.payments.refundsOf(mm, i) });
  }
}
