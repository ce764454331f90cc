import { Module } from '@nestjs/common';
import { CommunicationsModule } from '../communications/communications.module';
import { CreditsModule } from '../credits/credits.module';
import { RegistrationModule } from '../registration/registration.module';
import { SessionCancellationsModule } from '../session-cancellations/session-cancellations.module';
import { StudentsModule } from '../students/students.module';
import { AbsencesService } from './absences.service';
import { CancelledSessionTokens } from './cancelled-session-tokens';
import { MakeupBookingsService } from './makeup-bookings.service';
import { MakeupExpiryJobs } from './makeup-expiry.jobs';
import { MakeupOverviewService } from './makeup-overview.service';
import { MakeupPoliciesController } from './makeup-policies.controller';
import { MakeupPoliciesService } from './makeup-policies.service';
import { MakeupsRepository } from './makeups.repository';
import { PortalMakeupsController } from './portal-makeups.controller';
import { ReportingModule } from '../reporting/reporting.module';
import { MakeupReports } from './makeup-reports';
import { MakeupReportsRepository } from './makeup-reports.repository';

/**
 * Make-ups by policy (issue 41 §3): the organization's and classes' make-up policies (`makeup_policies`), absences
 * reported in the portal (`makeup_absences`) with the make-up token each earns on the credits ledger, and make-up
 * bookings written through the registration pipeline's seat writer with the token's use in the same transaction, and
 * the expiry reminders job (7 days before a token's last day, through the outbox), and the tokens of a session the
 * organization cancels (through the session-cancellations module's hook).
 * Self-service layer (beside the portal, whose portal token it accepts); nothing imports it.
 */
@Module({
  imports: [CreditsModule, RegistrationModule, StudentsModule, CommunicationsModule, SessionCancellationsModule, ReportingModule],
  controllers: [MakeupPoliciesController, PortalMakeupsController],
  providers: [
    MakeupsRepository,
    MakeupPoliciesService,
    AbsencesService,
    MakeupBookingsService,
    MakeupOverviewService,
    MakeupExpiryJobs,
    // A cancelled session's tokens (SessionCancelledHooks).
    CancelledSessionTokens,
    // The make-ups report's figures (the reporting module's MakeupReportPort).
    MakeupReportsRepository,
    MakeupReports,
  ],
  exports: [MakeupExpiryJobs],
})
export class MakeupsModule {}
