import { Module } from '@nestjs/common';
import { CommunicationsRetentionRepository } from './communications-retention.repository';
import { OutboundLimitsModule } from '../outbound-limits/outbound-limits.module';
import { AuthModule } from '../auth/auth.module';
import { AdminEmails } from './admin-emails';
import { WrittenMessages } from './written-messages';
import { ClassesModule } from '../classes/classes.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { CommunicationsController } from './communications.controller';
import { CommunicationsDispatcher } from './communications.dispatcher';
import { CommunicationsJobs } from './communications.jobs';
import { CommunicationsRepository } from './communications.repository';
import { CommunicationCenterService } from './communication-center.service';
import { CommunicationsService } from './communications.service';
import { MessageComposer } from './message-composer';
import { MessageTemplatesService } from './message-templates.service';
import { ReceiptLinks } from '../../common/links/receipt-links';
import { MessageProvidersModule } from '../message-providers/message-providers.module';
import { RecipientDirectoryPort } from './recipient-directory';
import { ScheduledMessageSources } from './scheduled-messages';
import { TwilioWebhooksController } from './twilio-webhooks.controller';
import { TwilioWebhooksService } from './twilio-webhooks.service';

/**
 * Email and SMS: the outbox, its dispatcher and the Communication Center. Other modules queue their messages through
 * CommunicationsService inside their own transactions. Two ports keep this module below them: the students module
 * fills the recipient directory (who people are, their consent) and the registration module registers its reminders
 * as a scheduled message source.
 */
@Module({
  imports: [MessageProvidersModule, AuthModule, ClassesModule, OrganizationsModule, OutboundLimitsModule],
  controllers: [CommunicationsController, TwilioWebhooksController],
  providers: [
    CommunicationsRetentionRepository,
    CommunicationsRepository,
    CommunicationsService,
    CommunicationCenterService,
    MessageTemplatesService,
    MessageComposer,
    AdminEmails,
    WrittenMessages,
    CommunicationsDispatcher,
    CommunicationsJobs,
    TwilioWebhooksService,
    RecipientDirectoryPort,
    ScheduledMessageSources,
    ReceiptLinks,
  ],
  exports: [CommunicationsService, MessageProvidersModule, RecipientDirectoryPort, ScheduledMessageSources],
})
export class CommunicationsModule {}
