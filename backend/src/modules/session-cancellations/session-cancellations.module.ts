import { Module } from '@nestjs/common';
import { ClassesModule } from '../classes/classes.module';
import { CommunicationsModule } from '../communications/communications.module';
import { CreditsModule } from '../credits/credits.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { RegistrationModule } from '../registration/registration.module';
import { SessionCancellationsController } from './session-cancellations.controller';
import { SessionCancellationsService } from './session-cancellations.service';
import { SessionCancelledHooks } from './session-cancelled.hooks';
import { SessionRemediesService } from './session-remedies.service';

/**
 * Cancelling one session of a class, giving its students the remedy (credit on the credits ledger, a refund through
 * registration's payments port; make-up tokens through the hook) and telling its people. Its own module because it
 * joins classes (the session), registration (who holds a seat), credits and communications (the outbox).
 */
@Module({
  imports: [ClassesModule, RegistrationModule, CommunicationsModule, OrganizationsModule, CreditsModule],
  controllers: [SessionCancellationsController],
  providers: [SessionCancellationsService, SessionCancelledHooks, SessionRemediesService],
  // Modules above register what a cancelled session gives (the makeups module's tokens).
  exports: [SessionCancelledHooks],
})
export class SessionCancellationsModule {}
