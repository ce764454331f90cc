import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import sgMail from '@sendgrid/mail';
import type { AllConfigType } from '../../config/config.type';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * The one place that talks to SendGrid. Without SENDGRID_API_KEY the message is written to the server
 * log instead (local mode), so the product works offline and nothing pretends an email went out.
 */
@Injectable()
export class EmailSender {
  private readonly logger = new Logger(EmailSender.name);
  private readonly settings;

  constructor(config: ConfigService<AllConfigType>) {
    this.settings = config.getOrThrow('sendgrid', { infer: true });
    if (this.settings.apiKey) {
      sgMail.setApiKey(this.settings.apiKey);
      // Tests point the official SDK at a local stand-in server.
      if (this.settings.apiUrl)
        (sgMail as unknown as { client: { setDefaultRequest(k: string, v: string): void } }).client.setDefaultRequest(
          'baseUrl',
          this.settings.apiUrl,
        );
    }
  }

  get provider(): 'sendgrid' | 'log' {
    return this.settings.apiKey ? 'sendgrid' : 'log';
  }

  async send(message: EmailMessage): Promise<{ provider: 'sendgrid' | 'log' }> {
    if (!this.settings.apiKey) {
      this.logger.log(`[email:log] to=${message.to} subject="${message.subject}"\n${message.text}`);
      return { provider: 'log' };
    }
    await sgMail.send({ to: message.to, from: this.settings.from, subject: message.subject, text: message.text });
    return { provider: 'sendgrid' };
  }
}
