import { Module } from '@nestjs/common';
import { ClassesModule } from '../classes/classes.module';
import { CommunicationsModule } from '../communications/communications.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { RegistrationModule } from '../registration/registration.module';
import { SessionCancellationsController } from './session-cancellations.controller';
import { SessionCancellationsService } from './session-cancellations.service';
import { SessionCancelledHooks } from './session-cancelled.hooks';

/**
 * Cancelling one session of a class and telling its people. Its own module because it joins classes (the session),
 * registration (who holds a seat) and communications (the outbox); the classes module sits below both.
 */
@Module({
  imports: [ClassesModule, RegistrationModule, CommunicationsModule, OrganizationsModule],
  controllers: [SessionCancellationsController],
  providers: [SessionCancellationsService, SessionCancelledHooks],
  // Modules above register what a cancelled session gives (the makeups module's tokens).
  exports: [SessionCancelledHooks],
})
export class SessionCancellationsModule {}
