import { Module } from '@nestjs/common';
import { ClassesModule } from '../classes/classes.module';
import { CommunicationsModule } from '../communications/communications.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { PaymentsModule } from '../payments/payments.module';
import { RegistrationModule } from '../registration/registration.module';
import { GoNoGoJobs } from './go-no-go.jobs';
import { GoNoGoService } from './go-no-go.service';
import { WebhooksModule } from '../webhooks/webhooks.module';

/**
 * Minimum enrolment go/no-go. Its own module because it joins classes (the decision), students
 * (the registrations), payments (refunds) and communications; the classes module cannot import payments.
 */
@Module({
  imports: [ClassesModule, RegistrationModule, PaymentsModule, CommunicationsModule, OrganizationsModule, WebhooksModule],
  providers: [GoNoGoService, GoNoGoJobs],
  exports: [GoNoGoService],
})
export class GoNoGoModule {}
