import type { ClassEntity } from '../classes/class.entity';
import type { DropInSession } from '../classes/drop-in-seats.service';
import type { OrganizationEntity } from '../organizations/organization.entity';
import type { Quote } from '../pricing/pricing.service';
import type { AnswerInput, ClientInfo, PreparedForm, WaiverAcceptanceInput } from '../registration-forms/registration-forms.service';
import type { StudentFieldsDto } from '../students/dto/student-fields.dto';
import type { SeatPlan } from '../subscriptions/usage.service';
import type { AttendeeDto } from './dto/attendee.dto';
import { DROP_IN_ONE_PERSON, OFFER_ONE_SEAT, RegistrationError, RegistrationException } from './registration.exception';

/**
 * What a registration asks for, whichever way it pays: one person (contact) or a household (attendees), in person or
 * by card. The payment's own checks (the amount the page showed, the card minimum, the connected account) come after
 * admission, in the card path.
 */
export interface AdmissionRequest {
  organizationId: string;
  classId: string;
  /** A drop-in (issue 39 §3): the one session bought; none: the whole class. */
  classSessionId?: string;
  /** The person registering (a household's contact); a one-person registration's date of birth is theirs. */
  contact: StudentFieldsDto & { dateOfBirth?: string };
  attendees?: AttendeeDto[];
  answers?: AnswerInput[];
  waiverAcceptances?: WaiverAcceptanceInput[];
  guardian?: { name: string };
  promoCode?: string;
  earlyAccessToken?: string;
  waitingRoomTicket?: string;
  waitlistOfferToken?: string;
  client: ClientInfo;
  /** The class as the controller's early full check read it for this body (readClass), when it did. */
  read?: SeatRead;
}

/** The class as a registration read it, and whether the email it was read for (exactly as sent) holds a seat in it. */
export interface SeatRead {
  cls: ClassEntity;
  email: string | null;
  emailHoldsSeat: boolean;
  /** A drop-in's session as admission found it bookable (then `cls` is the class as the drop-in buys it: dropInView). */
  dropIn?: DropInSession;
}

/**
 * Everything admission read or worked out, held for the rest of the request: the seat writer and the confirmation use
 * these rows instead of reading them again.
 */
export interface Admitted {
  cls: ClassEntity;
  org: OrganizationEntity;
  seatPlan: SeatPlan;
  form: PreparedForm;
  /** The registration window was open for this person (its opening, closing, early access and waiting room). */
  window: 'open';
  quote: Quote;
  /** The class read, with whether this email already holds a seat in it (noSeatOf). */
  seat: SeatRead;
}

/**
 * The checks, each of which may refuse. `admit` calls them in one order for every path; the Admission service
 * (admission.service.ts) wires them to the modules that own each rule.
 */
export interface AdmissionSteps {
  /** The class, read once: 404 when it is not this organization's (or archived), 409 when plainly full. */
  readClass(r: AdmissionRequest): Promise<SeatRead>;
  /** The organization and the plan its seat checks use, in one statement. */
  readOrganization(organizationId: string): Promise<{ org: OrganizationEntity; seatPlan: SeatPlan }>;
  /** Opening, closing, early access, waiting room. */
  assertOpen(r: AdmissionRequest, cls: ClassEntity, org: OrganizationEntity): Promise<void>;
  /** The form's answers and signatures (400 naming each field). */
  prepareForm(r: AdmissionRequest, cls: ClassEntity, org: OrganizationEntity): Promise<PreparedForm>;
  /** The one price quote (a promo code that does not apply refuses). */
  quote(r: AdmissionRequest, cls: ClassEntity, org: OrganizationEntity): Promise<Quote>;
}

/** The order of admission, named as docs/architecture.md lists it. */
export const ADMISSION_ORDER = ['offer-one-seat', 'class', 'organization', 'window', 'form', 'quote'] as const;

/** A waitlist offer is one seat: a household registration (attendees) cannot use it. */
export function assertOneSeatOffer(dto: { waitlistOfferToken?: string }): void {
  const attendees = (dto as { attendees?: unknown }).attendees;
  if (dto.waitlistOfferToken && Array.isArray(attendees) && attendees.length)
    throw new RegistrationException(RegistrationError.OfferOneSeat, OFFER_ONE_SEAT, { errors: { attendees: OFFER_ONE_SEAT } });
}

/** A drop-in is one person's seat in one session: not a household's, not a waitlist offer's (which is a class seat). */
export function assertDropInAlone(r: Pick<AdmissionRequest, 'classSessionId' | 'attendees' | 'waitlistOfferToken'>): void {
  if (!r.classSessionId) return;
  if (r.attendees?.length || r.waitlistOfferToken)
    throw new RegistrationException(RegistrationError.DropInOnePerson, DROP_IN_ONE_PERSON, {
      errors: { classSessionId: DROP_IN_ONE_PERSON },
    });
}

/**
 * One order of checks for every registration (in person or card, one person or a household), cheapest and most
 * common refusal first. The class's own state comes before anything the person typed: in a last-seat race most
 * callers stop at 'full' after one statement, and a class that is not open yet (or closed) is said so before the form's
 * answers are judged, since fixing them would not help. The price is worked out last, from the checked answers' people.
 */
export async function admit(r: AdmissionRequest, steps: AdmissionSteps): Promise<Admitted> {
  assertOneSeatOffer(r);
  assertDropInAlone(r);
  const seat = await steps.readClass(r);
  const { cls } = seat;
  const { org, seatPlan } = await steps.readOrganization(r.organizationId);
  await steps.assertOpen(r, cls, org);
  const form = await steps.prepareForm(r, cls, org);
  const quote = await steps.quote(r, cls, org);
  return { cls, org, seatPlan, form, window: 'open', quote, seat };
}

/** True when this read says the email a registration is for has no seat in the class (so no held seat to switch or reuse). */
export const noSeatOf = (read: SeatRead | null | undefined, email: string): boolean =>
  !!read && read.email === email && !read.emailHoldsSeat;
