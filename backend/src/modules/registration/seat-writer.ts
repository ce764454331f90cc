import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { UsageService } from '../subscriptions/usage.service';
import { CardHoldSeatWriter, type CardHold } from './card-hold-seat.writer';
import { HouseholdSeatWriter, type HouseholdSeats } from './household-seat.writer';
import { InPersonSeatWriter, type RegistrationReply } from './in-person-seat.writer';
import { isStudentLimit, RegistrantsService } from './registrants.service';
import type { CardHoldWrite, HouseholdWrite, InPersonSeat, SeatWrite } from './seat-write';
import { alreadyEnrolledRace, isUniqueViolation, RegistrationError, RegistrationException } from './registration.exception';

export type { CardHold, HouseholdSeats, RegistrationReply };
export type { CardHoldSeat, InPersonSeat, SeatWrite } from './seat-write';

/**
 * The one place a registration's seats are written: one person or a household, in person or as a card hold. One
 * transaction takes the seat (or claims a waitlist offer's), finds or makes the person, writes the enrollment with its
 * activity events and confirmation, redeems the promo code, stores the form's answers and signatures, and announces
 * it: all commit or none. Each kind's own steps live in its writer (in-person-, card-hold-, household-seat.writer.ts).
 */
@Injectable()
export class SeatWriter {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly usage: UsageService,
    private readonly registrants: RegistrantsService,
    private readonly inPerson: InPersonSeatWriter,
    private readonly cardHold: CardHoldSeatWriter,
    private readonly household: HouseholdSeatWriter,
  ) {}

  write(w: HouseholdWrite): Promise<HouseholdSeats>;
  write(w: CardHoldWrite): Promise<CardHold>;
  write(w: SeatWrite<InPersonSeat>): Promise<RegistrationReply>;
  async write(w: SeatWrite): Promise<HouseholdSeats | CardHold | RegistrationReply> {
    const household = !!w.attendees;
    // A last-seat race: a plain "full" is answered before the class lock (one person in person; a card hold and a
    // household take the locked path, whose seat update decides).
    if (!household && w.payment.method === 'in-person') await this.inPerson.refuseEarlyWhenFull(w);
    try {
      return await this.db.transaction(async (m) => {
        if (w.read?.seatPlan) this.usage.useSeatPlan(m, w.organizationId, w.read.seatPlan);
        if (household) return this.household.write(m, w as HouseholdWrite);
        if (w.payment.method === 'card-hold') return this.cardHold.write(m, w as CardHoldWrite);
        return this.inPerson.write(m, w as SeatWrite<InPersonSeat>);
      });
    } catch (e) {
      if (isUniqueViolation(e))
        throw household
          ? new RegistrationException(
              RegistrationError.AlreadyEnrolled,
              'Someone in this registration is already enrolled in this class.',
              {
                isAlreadyEnrolled: true,
              },
            )
          : alreadyEnrolledRace();
      // The limit was reached between the check and the seat: the same student-facing answer on every public path.
      if (w.publicRefusal !== false && isStudentLimit(e)) throw await this.registrants.registrationClosedError(w.organizationId, w.classId);
      throw e;
    }
  }
}
