import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import twilio, { RequestClient } from 'twilio';
import type TwilioRequestClient from 'twilio/lib/base/RequestClient';
import type { AllConfigType } from '../../config/config.type';
import { httpFailure, networkFailure, ProviderError } from './provider-error';

/** Twilio: the recipient has opted out (replied STOP). Record it, never retry. */
export const TWILIO_OPTED_OUT = 21610;

/**
 * Sends every request of the SDK to TWILIO_API_BASE instead of https://api.twilio.com (and its regional hosts):
 * the official SDK speaks to a stand-in in tests and acceptance runs.
 */
class RebasedRequestClient extends RequestClient {
  constructor(
    private readonly base: string,
    opts: TwilioRequestClient.RequestClientOptions,
  ) {
    super(opts);
  }

  request<TData>(opts: TwilioRequestClient.RequestOptions<TData>) {
    return super.request<TData>({ ...opts, uri: opts.uri.replace(/^https?:\/\/[^/]+/, this.base.replace(/\/$/, '')) });
  }
}

/** SMS through Twilio; without all three settings the message goes to the server log (local mode). */
@Injectable()
export class SmsSender {
  private readonly logger = new Logger(SmsSender.name);
  private readonly client: ReturnType<typeof twilio> | null = null;
  private readonly from: string | null;
  private readonly statusCallback: string;

  constructor(config: ConfigService<AllConfigType>) {
    const settings = config.getOrThrow('twilio', { infer: true });
    const { providerTimeoutMs } = config.getOrThrow('communications', { infer: true });
    this.from = settings.fromNumber;
    this.statusCallback = `${config.getOrThrow('app', { infer: true }).publicUrl}/api/webhooks/twilio/status`;
    if (settings.accountSid && settings.authToken && settings.fromNumber) {
      const opts = { timeout: providerTimeoutMs, keepAlive: true };
      this.client = twilio(settings.accountSid, settings.authToken, {
        httpClient: settings.apiBase ? new RebasedRequestClient(settings.apiBase, opts) : new RequestClient(opts),
      });
    }
  }

  get provider(): 'twilio' | 'log' {
    return this.client ? 'twilio' : 'log';
  }

  async deliver(to: string, body: string): Promise<{ provider: 'twilio' | 'log'; messageId: string | null }> {
    if (!this.client) {
      this.logger.log(`[sms:log] to=${to}\n${body}`);
      return { provider: 'log', messageId: null };
    }
    try {
      const message = await this.client.messages.create({ to, from: this.from!, body, statusCallback: this.statusCallback });
      return { provider: 'twilio', messageId: message.sid };
    } catch (e) {
      throw classifyTwilioError(e);
    }
  }
}

function classifyTwilioError(e: unknown): ProviderError {
  const err = e as { status?: unknown; code?: unknown; message?: string };
  if (typeof err.status === 'number') {
    const code = typeof err.code === 'number' ? String(err.code) : null;
    // 21610 is a 400 as well: permanent, and the caller records the opt-out.
    return httpFailure(err.status, err.message || `HTTP ${err.status}`, code);
  }
  return networkFailure(e);
}
