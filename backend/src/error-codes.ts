import { ClassError } from './modules/classes/classes.exception';
import { OrganizationError } from './modules/organizations/organizations.exception';
import { InstructorError } from './modules/instructors/instructors.exception';
import { PaymentError } from './modules/payments/payments.exception';
import { PortalError } from './modules/portal/portal.exception';
import { PricingError } from './modules/pricing/pricing.exception';
import { RegistrationFormsError } from './modules/registration-forms/registration-forms.exception';
import { RegistrationError } from './modules/registration/registration.exception';
import { ScheduleConflictError } from './modules/schedule-conflicts/schedule-conflicts.exception';
import { SubscriptionError } from './modules/subscriptions/subscriptions.exception';
import { TermsError } from './modules/terms/terms.exception';
import { VenueError } from './modules/venues/venues.exception';
import { WaitingRoomError } from './modules/waiting-room/waiting-room.exception';
import { WaitlistError } from './modules/waitlist/waitlist.exception';
import { PaymentPlanError } from './modules/payment-plans/payment-plans.exception';
import { PortalPlanError } from './modules/portal/portal-plans.exception';
import { CreditError } from './modules/credits/credits.exception';
import { CreditProductError } from './modules/credit-products/credit-products.exception';
import { MembershipError } from './modules/credit-products/memberships.exception';
import { MakeupError } from './modules/makeups/makeups.exception';

/**
 * Every feature's failure codes, by the enum's name: the OpenAPI document lists them (one schema each, and their
 * union as `ErrorCode`, the type of the envelope's `code`), and `npm run api:types` writes them to
 * shared/api/error-codes.ts for both front ends. A new `<feature>.exception.ts` enum is added here;
 * test/architecture/error-codes.spec.ts fails until it is.
 */
export const ERROR_CODES: Record<string, Record<string, string>> = {
  ClassError,
  OrganizationError,
  InstructorError,
  PaymentError,
  PortalError,
  PricingError,
  RegistrationError,
  RegistrationFormsError,
  ScheduleConflictError,
  SubscriptionError,
  TermsError,
  VenueError,
  WaitingRoomError,
  WaitlistError,
  PaymentPlanError,
  PortalPlanError,
  CreditError,
  CreditProductError,
  MakeupError,
  MembershipError,
};
