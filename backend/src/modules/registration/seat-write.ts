import type { EntityManager } from 'typeorm';
import type { ClassEntity } from '../classes/class.entity';
import type { OrganizationEntity } from '../organizations/organization.entity';
import type { Quote } from '../pricing/pricing.service';
import type { PreparedForm } from '../registration-forms/registration-forms.service';
import type { StudentFieldsDto } from '../students/dto/student-fields.dto';
import type { SeatPlan } from '../subscriptions/usage.service';
import type { AttendeeDto } from './dto/attendee.dto';
import type { PaymentStatus } from './enrollment.entity';

/** In person: the enrollment is made now (payment pending, or paid on the spot at a walk-in). */
export interface InPersonSeat {
  method: 'in-person';
  status: PaymentStatus;
  source: 'online' | 'walk_in';
  amountPaidCents: number;
  /** Paid with this credit (issue 41): its use is taken in the seat's transaction; nothing is owed and no money moves. */
  creditId?: string;
}

/** A card hold: the seat is held for `holdMinutes` while the payments module opens and settles the PaymentIntent. */
export interface CardHoldSeat {
  method: 'card-hold';
  holdMinutes: number;
  /** The plan's card checks, run after the class row is locked (they serialise what they count themselves). */
  assertAllowed: (m: EntityManager) => Promise<void>;
}

/** The seats one registration writes: of one person, or of a household's attendees (every seat or none). */
export interface SeatWrite<P extends InPersonSeat | CardHoldSeat = InPersonSeat | CardHoldSeat> {
  organizationId: string;
  classId: string;
  /** A drop-in's session (issue 39 §3): the seat is taken in that session only, and the enrollment names it. */
  classSessionId?: string;
  /** The person registering (a household's contact). */
  fields: StudentFieldsDto;
  attendees?: AttendeeDto[];
  payment: P;
  /** The one price quote: its total (or each attendee's share) is what the enrollments owe; its code is redeemed here. */
  quote?: Quote;
  /** The registration form's checked answers and signatures, stored on the new enrollments. */
  form?: PreparedForm;
  /** One person's date of birth the quote used (kept on a student without one). */
  dateOfBirth?: string;
  waitlistOfferToken?: string;
  /** What admission read for this request (admission.ts): these rows are not read again. */
  read?: { cls: ClassEntity; org: OrganizationEntity; seatPlan?: SeatPlan; noSeatOfEmail?: boolean };
  /**
   * A make-up (issue 41 §3): the seat in `classSessionId` is a free seat or one of `extraSeats` beyond the class
   * maximum (not a drop-in seat), the enrollment is marked as a make-up, and `withSeat` (the token's use) runs in the
   * same transaction once the enrollment exists: a refused use rolls the seat back.
   */
  makeUp?: { extraSeats: number; withSeat: (m: EntityManager, seat: { enrollmentId: string; studentId: string }) => Promise<void> };
  /**
   * The plan's student limit as the registrant sees it (the organization's contact, never the admin's plan text).
   * False for a teacher's walk-in, who is told the plan's own answer.
   */
  publicRefusal?: boolean;
}

/** A household's write: its attendees, priced by the quote. */
export type HouseholdWrite = SeatWrite & { attendees: AttendeeDto[]; quote: Quote };
/** One person's card hold, priced by the quote. */
export type CardHoldWrite = SeatWrite<CardHoldSeat> & { quote: Quote };
