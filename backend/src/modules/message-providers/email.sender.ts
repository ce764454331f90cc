import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { MailService } from '@sendgrid/mail';
import type { AllConfigType } from '../../config/config.type';
import { httpFailure, networkFailure, ProviderError } from './provider-error';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; type: string; content: string; disposition?: 'attachment' | 'inline' }[];
  /** Echoed by SendGrid in its events; the outbox row's id. */
  customArgs?: Record<string, string>;
}

/**
 * The one place that talks to SendGrid. Without SENDGRID_API_KEY the message is written to the server
 * log instead (local mode), so the product works offline and nothing pretends an email went out.
 * Each instance has its own SDK client (MailService), so its base URL and timeout are its own.
 */
@Injectable()
export class EmailSender {
  private readonly logger = new Logger(EmailSender.name);
  private readonly settings;
  private readonly mail = new MailService();

  constructor(config: ConfigService<AllConfigType>) {
    this.settings = config.getOrThrow('sendgrid', { infer: true });
    const { providerTimeoutMs } = config.getOrThrow('communications', { infer: true });
    if (this.settings.apiKey) {
      this.mail.setApiKey(this.settings.apiKey);
      const client = (this.mail as unknown as { client: { setDefaultRequest(k: string, v: unknown): void } }).client;
      client.setDefaultRequest('timeout', providerTimeoutMs);
      // Tests point the official SDK at a local stand-in server.
      if (this.settings.apiUrl) client.setDefaultRequest('baseUrl', this.settings.apiUrl);
    }
  }

  get provider(): 'sendgrid' | 'log' {
    return this.settings.apiKey ? 'sendgrid' : 'log';
  }

  /** The password-reset path: any failure is thrown as is. */
  async send(message: EmailMessage): Promise<{ provider: 'sendgrid' | 'log' }> {
    if (!this.settings.apiKey) {
      this.logger.log(`[email:log] to=${message.to} subject="${message.subject}"\n${message.text}`);
      return { provider: 'log' };
    }
    await this.mail.send({ to: message.to, from: this.settings.from, subject: message.subject, text: message.text });
    return { provider: 'sendgrid' };
  }

  /** The dispatcher's path: the provider's message id, or a classified ProviderError. */
  async deliver(message: EmailMessage): Promise<{ provider: 'sendgrid' | 'log'; messageId: string | null }> {
    if (!this.settings.apiKey) {
      this.logger.log(`[email:log] to=${message.to} subject="${message.subject}"\n${message.text}`);
      return { provider: 'log', messageId: null };
    }
    try {
      const [response] = await this.mail.send({
        to: message.to,
        from: this.settings.from,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
        ...(message.customArgs ? { customArgs: message.customArgs } : {}),
      });
      const id = response.headers['x-message-id'] as string | undefined;
      return { provider: 'sendgrid', messageId: id ?? null };
    } catch (e) {
      throw classifySendGridError(e);
    }
  }
}

function classifySendGridError(e: unknown): ProviderError {
  const err = e as { code?: unknown; message?: string; response?: { body?: unknown } };
  if (typeof err.code === 'number' && err.response) {
    const body = err.response.body as { errors?: { message?: string }[] } | undefined;
    const message =
      body?.errors
        ?.map((x) => x.message)
        .filter(Boolean)
        .join('; ') ||
      err.message ||
      `HTTP ${err.code}`;
    return httpFailure(err.code, String(message).slice(0, 1000));
  }
  return networkFailure(e);
}
