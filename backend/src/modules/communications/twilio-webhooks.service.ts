import { BadRequestException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import twilio from 'twilio';
import type { AllConfigType } from '../../config/config.type';
import { CommunicationsRepository } from './communications.repository';
import { toE164Phone } from './phone';
import { TWILIO_OPTED_OUT } from '../message-providers/sms.sender';

const STOP = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START = new Set(['START', 'UNSTOP', 'YES']);
export const HELP_TEXT =
  'Classlane class messages: confirmations, schedule changes, payments and reminders, up to 5 a month. Reply STOP to opt out, START to opt back in. Msg&data rates may apply.';

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

  /** STOP-words opt the number out, START-words back in, HELP answers with the help text (TwiML). */
  async inbound(fields: Record<string, string>): Promise<string> {
    const phone = toE164Phone(fields.From) ?? fields.From;
    const word = (fields.Body ?? '').trim().toUpperCase();
    let reply: string | null = null;
    if (phone && STOP.has(word)) await this.repo.setOptOut(phone, true, 'stop');
    else if (phone && START.has(word)) await this.repo.setOptOut(phone, false, 'start');
    else if (word === 'HELP' || word === 'INFO') reply = HELP_TEXT;
    return `<?xml version="1.0" encoding="UTF-8"?><Response>${reply ? `<Message>${xml(reply)}</Message>` : ''}</Response>`;
  }
}
