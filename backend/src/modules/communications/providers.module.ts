import { Module } from '@nestjs/common';
import { EmailSender } from './email.sender';
import { SmsSender } from './sms.sender';

/**
 * The provider clients alone (SendGrid, Twilio), with no dependency on other modules: auth's password-reset email
 * imports this, so auth does not depend on the whole communications module (which depends on students, classes and
 * organizations, which depend on auth).
 */
@Module({ providers: [EmailSender, SmsSender], exports: [EmailSender, SmsSender] })
export class CommunicationProvidersModule {}
