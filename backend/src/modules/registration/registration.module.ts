import { EnrollmentCancel } from './enrollment-cancel';
import { EnrollmentSettlements } from './enrollment-settlements';
import { CancelledFees } from './cancelled-fees';
import { EnrollmentLifecycleService } from './enrollment-lifecycle.service';
import { EnrollmentPaymentsPort } from './enrollment-payments';
import { EnrollmentSwitch } from './enrollment-switch';
import { HoldExpiry } from './hold-expiry';
import { TopUpSeats } from './top-up-seats';
import { EnrollmentRemovalService } from './enrollment-removal.service';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { ClassesModule } from '../classes/classes.module';
import { RegistrationFormsModule } from '../registration-forms/registration-forms.module';
import { CommunicationsModule } from '../communications/communications.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { PricingModule } from '../pricing/pricing.module';
import { StudentsModule } from '../students/students.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { CardEnrollmentsRepository } from './card-enrollments.repository';
import { CardEnrollmentsService } from './card-enrollments.service';
import { Admission } from './admission.service';
import { CardHoldSeatWriter } from './card-hold-seat.writer';
import { HouseholdSeatWriter } from './household-seat.writer';
import { InPersonAnnouncements } from './in-person-announcements';
import { InPersonSeatWriter } from './in-person-seat.writer';
import { SeatParts } from './seat-parts';
import { Seats } from './seats';
import { SeatWriter } from './seat-writer';
import { CardHoldsService } from './card-holds.service';
import { ClassRollsRepository } from './class-rolls.repository';
import { EnrollmentsRepository } from './enrollments.repository';
import { EnrollmentsService } from './enrollments.service';
import { HouseholdRepository } from './household.repository';
import { RegistrantsService } from './registrants.service';
import { RegistrationService } from './registration.service';
import { RemindersService } from './reminders.service';
import { SeatOffers } from './seat-offers';
import { RegistrationWindow } from './registration-window.service';
import { TermsModule } from '../terms/terms.module';
import { WaitingRoomModule } from '../waiting-room/waiting-room.module';
import { EarlyAccessJobs } from './early-access.jobs';
import { EarlyAccessService } from './early-access.service';
import { StudentRecordsRepository } from './student-records.repository';
import { StudentRecordsService } from './student-records.service';
import { StudentRecordWrites } from './student-record-writes';
import { StudentEnrollmentEdits } from './student-enrollment-edits';
import { StudentsController } from './students.controller';
import { SeatRequestLimits } from './seat-request-limits';
import { RateLimitGuard } from '../../common/http/rate-limit';

/**
 * Everything that happens to a seat (`enrollments`): public registration in person and by card hold, households,
 * claiming a waitlist offer (through the SeatOffers port the waitlist fills), the enrollment check, the seat's
 * lifecycle (cancel, switch, hold expiry; the money through the EnrollmentPaymentsPort payments fills), the admin's
 * student records, and reminders about enrolled people. People themselves are the students module's; the
 * card payment is the payments module's, which sits above this one.
 */
import { PlanEnrollmentMoney } from './plan-enrollment-money';
import { PlanEnrollmentMoneyRepository } from './plan-enrollment-money.repository';
import { PaymentPlansModule } from '../payment-plans/payment-plans.module';

@Module({
  imports: [
    StudentsModule,
    ClassesModule,
    OrganizationsModule,
    SubscriptionsModule,
    CommunicationsModule,
    WebhooksModule,
    RegistrationFormsModule,
    PricingModule,
    TermsModule,
    WaitingRoomModule,
    // A cancellation cancels the plan's future instalments and refunds by the plan's total (issue 40 §5).
    PaymentPlansModule,
    CreditsModule,
  ],
  controllers: [StudentsController],
  providers: [
    PlanEnrollmentMoney,
    PlanEnrollmentMoneyRepository,
    EnrollmentCancel,
    EnrollmentSettlements,
    CancelledFees,
    EnrollmentLifecycleService,
    EnrollmentPaymentsPort,
    EnrollmentSwitch,
    HoldExpiry,
    TopUpSeats,
    EnrollmentRemovalService,
    EnrollmentsRepository,
    ClassRollsRepository,
    EnrollmentsService,
    StudentRecordsRepository,
    StudentRecordsService,
    StudentRecordWrites,
    StudentEnrollmentEdits,
    RegistrantsService,
    RegistrationService,
    CardEnrollmentsRepository,
    CardEnrollmentsService,
    CardHoldsService,
    Admission,
    HouseholdRepository,
    Seats,
    SeatParts,
    InPersonAnnouncements,
    InPersonSeatWriter,
    CardHoldSeatWriter,
    HouseholdSeatWriter,
    SeatWriter,
    RemindersService,
    SeatOffers,
    RegistrationWindow,
    EarlyAccessService,
    EarlyAccessJobs,
    RateLimitGuard,
    SeatRequestLimits,
  ],
  exports: [
    PlanEnrollmentMoney,
    EnrollmentLifecycleService,
    EnrollmentPaymentsPort,
    SeatRequestLimits,
    EarlyAccessJobs,
    RegistrationWindow,
    RegistrationService,
    CardHoldsService,
    Admission,
    CardEnrollmentsService,
    SeatWriter,
    EnrollmentsService,
    StudentRecordsService,
    StudentRecordWrites,
    StudentEnrollmentEdits,
    RegistrantsService,
    SeatOffers,
    Seats,
  ],
})
export class RegistrationModule {}
