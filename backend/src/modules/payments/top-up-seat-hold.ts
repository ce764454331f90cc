import { HttpStatus, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppException } from '../../common/http/app-exception';
import type { AllConfigType } from '../../config/config.type';
import { ClassesService } from '../classes/classes.service';
import { breakdown } from '../pricing/pricing.service';
import { CardEnrollmentsService, type CardEnrollment } from '../registration/card-enrollments.service';
import { EnrollmentLifecycleService } from '../registration/enrollment-lifecycle.service';
import { UsageService } from '../subscriptions/usage.service';
import { MIN_CARD_CENTS } from './card-payment.types';
import { formatDollars } from './money';
import { PaymentError, PaymentException } from './payments.exception';
import { TopUpsRepository, type TopUp } from './top-ups.repository';

const NOT_FOUND = 'Enrollment not found';

export interface HeldTopUp {
  topUp: TopUp;
  e: CardEnrollment;
  title: string;
  /** The open hold for this class and amount answered again (its intent too). */
  reused: boolean;
  /** The intent of an earlier hold for another class, ended here: to cancel after the commit. */
  released: string | null;
}

/**
 * The first half of paying a switch's difference by card, in one transaction: the checks, the one price quote's
 * difference (exactly what the page showed), the seat in the new class (held through the enrollment's lifecycle) and
 * the timed top-up row that owns it. Asking again for the same class while the hold is open answers the same hold;
 * asking for another class gives the first hold's seat back.
 */
@Injectable()
export class TopUpSeatHold {
  constructor(
    private readonly repo: TopUpsRepository,
    private readonly cards: CardEnrollmentsService,
    private readonly classes: ClassesService,
    private readonly lifecycle: EnrollmentLifecycleService,
    private readonly usage: UsageService,
    private readonly config: ConfigService<AllConfigType>,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  hold(organizationId: string, id: string, toClassId: string, amountCents: number, byStudent: boolean): Promise<HeldTopUp> {
    return this.db.transaction(async (m) => {
      const e = await this.cards.inOrganization(id, organizationId, m, true);
      if (!e) throw new AppException(HttpStatus.NOT_FOUND, NOT_FOUND);
      if (e.status !== 'active' || e.paymentMethod !== 'card' || e.paymentStatus !== 'completed')
        throw new AppException(HttpStatus.CONFLICT, 'Only an active registration paid by card can pay a difference by card.');
      if (e.classId === toClassId) throw new AppException(HttpStatus.CONFLICT, 'This is already the class of this registration.');
      const to = await this.classes.require(toClassId, organizationId, m).catch(() => null);
      if (!to || to.status === 'Archived') throw new AppException(HttpStatus.NOT_FOUND, `Class with ID ${toClassId} not found`);
      if (to.startDate.getTime() <= Date.now())
        throw new AppException(HttpStatus.CONFLICT, 'That class has already started; choose another one.');
      const open = await this.repo.openOf(m, e.id);
      if (open && open.toClassId === toClassId && open.amountCents === amountCents && open.holdExpiresAt! > new Date())
        return { topUp: open, e, title: to.title, reused: true, released: null };
      // The one price quote, keeping the discounts of the original registration's person.
      const price = await this.lifecycle.transferPrice(organizationId, { ...e, email: e.studentEmail }, to);
      const difference = price.totalCents - (e.amountPaidCents - e.refundedCents);
      if (difference <= 0)
        throw new AppException(HttpStatus.CONFLICT, `${to.title} does not cost more; switch without paying.`, {
          differenceAmount: difference / 100,
        });
      if (amountCents !== difference)
        throw new PaymentException(
          PaymentError.PriceChanged,
          `The difference is ${formatDollars(difference)}, not ${formatDollars(amountCents)}. Please reload the page to see the current price.`,
          { amount: difference / 100 },
        );
      if (difference < MIN_CARD_CENTS)
        throw new AppException(HttpStatus.CONFLICT, 'The difference is too small to pay by card; please contact the organization.');
      const released = open ? await this.lifecycle.endTopUpHold(m, open, 'expired') : null;
      await this.usage.assertCanTakeCardPayment(organizationId, m);
      // The seat first (a full class refuses here: nothing is written), then the hold that owns it.
      await this.lifecycle.holdTopUpSeat(m, toClassId, organizationId);
      const topUp = await this.repo.insertHeld(
        m,
        {
          organizationId,
          enrollmentId: e.id,
          fromClassId: e.classId,
          toClassId,
          amountCents: difference,
          newAmountDueCents: price.totalCents,
          priceBreakdown: breakdown(price.lines),
          byStudent,
        },
        this.config.getOrThrow('jobs', { infer: true }).seatHoldMinutes,
      );
      return { topUp, e, title: to.title, reused: false, released };
    });
  }
}
