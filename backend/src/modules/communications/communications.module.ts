import { forwardRef, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ClassesModule } from '../classes/classes.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { StudentsModule } from '../students/students.module';
import { CommunicationsController } from './communications.controller';
import { CommunicationsDispatcher } from './communications.dispatcher';
import { CommunicationsJobs } from './communications.jobs';
import { CommunicationsRepository } from './communications.repository';
import { CommunicationsService } from './communications.service';
import { CommunicationProvidersModule } from './providers.module';
import { RemindersService } from './reminders.service';
import { TwilioWebhooksController } from './twilio-webhooks.controller';
import { TwilioWebhooksService } from './twilio-webhooks.service';

/**
 * Email and SMS (issue 11). Students call CommunicationsService inside the registering transaction and this module
 * reads recipients through StudentsService: the two modules refer to each other (forwardRef on both sides).
 */
@Module({
  imports: [CommunicationProvidersModule, forwardRef(() => StudentsModule), AuthModule, ClassesModule, OrganizationsModule],
  controllers: [CommunicationsController, TwilioWebhooksController],
  providers: [
    CommunicationsRepository,
    CommunicationsService,
    CommunicationsDispatcher,
    CommunicationsJobs,
    RemindersService,
    TwilioWebhooksService,
  ],
  exports: [CommunicationsService, CommunicationProvidersModule],
})
export class CommunicationsModule {}
