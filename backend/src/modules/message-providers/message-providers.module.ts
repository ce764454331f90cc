import { Module } from '@nestjs/common';
import { EmailSender } from './email.sender';
import { SmsSender } from './sms.sender';

/**
 * The provider clients alone (SendGrid, Twilio), a module of their own with no dependency on any other: auth sends
 * its password-reset email through them and communications its outbox, and communications depends on auth (it lists
 * the organization's users), so the clients cannot live inside communications without a circle.
 */
@Module({ providers: [EmailSender, SmsSender], exports: [EmailSender, SmsSender] })
export class MessageProvidersModule {}
