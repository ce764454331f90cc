import { BadRequestException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import twilio from 'twilio';
import type { AllConfigType } from '../../config/config.type';
import { CommunicationsRepository } from './communications.repository';
import { toE164Phone } from './phone';
import { TWILIO_OPTED_OUT } from '../message-providers/sms.sender';

import { smsKeyword, SMS_KEYWORD_REPLIES } from './i18n/sms-keywords';

const xml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Twilio's status callbacks and inbound messages (INTEGRATIONS.md), both signature-checked on PUBLIC_URL + path. */
@Injectable()
export class TwilioWebhooksService {
  private readonly authToken: string | null;
  private readonly publicUrl: string;

  constructor(
    private readonly repo: CommunicationsRepository,
    config: ConfigService<AllConfigType>,
  ) {
    this.authToken = config.getOrThrow('twilio', { infer: true }).authToken;
    this.publicUrl = config.getOrThrow('app', { infer: true }).publicUrl;
  }

  /** A bad or missing signature (or no auth token to check it with) is 400 and changes nothing. */
  verify(path: string, signature: string | undefined, params: Record<string, unknown>): Record<string, string> {
    const fields = Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => [k, String(v)]));
    if (!this.authToken || !signature || !twilio.validateRequest(this.authToken, signature, `${this.publicUrl}${path}`, fields))
      throw new BadRequestException('Invalid Twilio signature');
    return fields;
  }

  /** delivered / undelivered / failed move the SMS row; queued and sent change nothing (never go backwards). */
  async status(fields: Record<string, string>): Promise<{ received: true }> {
    const sid = fields.MessageSid;
    const status = fields.MessageStatus;
    const code = fields.ErrorCode ? fields.ErrorCode : null;
    if (sid && (status === 'delivered' || status === 'undelivered' || status === 'failed')) {
      const row = await this.repo.applySmsStatus(sid, status === 'delivered' ? 'delivered' : 'failed', code);
      if (row && code === String(TWILIO_OPTED_OUT)) await this.repo.setOptOut(row.toAddress, true, 'twilio_21610');
    }
    return { received: true };
  }

  /**
   * STOP-words opt the number out, START-words back in, HELP-words get the help text, in English, Spanish or French
   * (i18n/sms-keywords.ts); the answer (TwiML) is in the language of the word the student texted.
   */
  async inbound(fields: Record<string, string>): Promise<string> {
    const phone = toE164Phone(fields.From) ?? fields.From;
    const keyword = smsKeyword(fields.Body);
    let reply: string | null = null;
    if (keyword?.action === 'help') reply = SMS_KEYWORD_REPLIES[keyword.language].help;
    else if (keyword && phone) {
      await this.repo.setOptOut(phone, keyword.action === 'stop', keyword.action);
      reply = SMS_KEYWORD_REPLIES[keyword.language][keyword.action];
    }
    return `<?xml version="1.0" encoding="UTF-8"?><Response>${reply ? `<Message>${xml(reply)}</Message>` : ''}</Response>`;
  }
}
