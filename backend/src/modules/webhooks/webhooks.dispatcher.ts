import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AllConfigType } from '../../config/config.type';
import { EmailSender } from '../message-providers/email.sender';
import { postWebhook, signature } from './webhook.sender';
import { WebhooksRepository, type ClaimedDelivery, type EndpointRow } from './webhooks.repository';

const BATCH = 50;
const MAX_DELAY_MS = 6 * 3600_000;
/** An endpoint failing this long without one success is disabled. */
export const DISABLE_AFTER_MS = 3 * 24 * 3600_000;

/**
 * Sends due webhook deliveries: claims them (SKIP LOCKED, with a lease longer than the 10 s timeout), signs and
 * POSTs each, and records the outcome. A failure is retried with a doubling delay from WEBHOOK_RETRY_BASE_MS until
 * the delivery's 24 hours are over; an endpoint that keeps failing for three days is disabled and its
 * organization's admins get an email.
 */
@Injectable()
export class WebhooksDispatcher {
  private readonly logger = new Logger('WebhooksDispatcher');
  private readonly settings;

  constructor(
    private readonly repo: WebhooksRepository,
    private readonly email: EmailSender,
    private readonly config: ConfigService<AllConfigType>,
  ) {
    this.settings = config.getOrThrow('integrations', { infer: true });
  }

  /** One round: the deliveries it attempted. */
  async run(): Promise<number> {
    const claimed = await this.repo.claimDue(BATCH, this.settings.webhookTimeoutMs * 3);
    await Promise.all(claimed.map((d) => this.send(d)));
    return claimed.length;
  }

  private async send(d: ClaimedDelivery): Promise<void> {
    const body = JSON.stringify(d.payload);
    const result = await postWebhook(
      d.url,
      body,
      {
        'Classlane-Signature': signature(d.secret, body),
        'Classlane-Event-Id': d.eventId,
        'Classlane-Event-Type': d.eventType,
        'User-Agent': 'Classlane-Webhooks/1',
      },
      { timeoutMs: this.settings.webhookTimeoutMs, allowPrivate: this.settings.webhookAllowPrivateHosts },
    );
    if (result.ok) return this.repo.markDelivered(d.id, result.statusCode!, d.endpointId);
    const delay = Math.min(this.settings.webhookRetryBaseMs * 2 ** Math.max(0, d.attempts - 1), MAX_DELAY_MS);
    await this.repo.markFailed(d.id, result.statusCode, result.error ?? 'Failed', new Date(Date.now() + delay));
    const disabled = await this.repo.endpointFailed(d.endpointId, DISABLE_AFTER_MS);
    if (disabled) await this.tellAdmins(disabled, result.error ?? 'Failed');
  }

  /** Once, by whoever disabled the endpoint; a failed email is logged (the endpoint list shows it disabled). */
  private async tellAdmins(endpoint: EndpointRow, lastError: string): Promise<void> {
    const publicUrl = this.config.getOrThrow('app', { infer: true }).publicUrl;
    for (const to of await this.repo.adminEmails(endpoint.organizationId)) {
      try {
        await this.email.send({
          to,
          subject: 'A webhook endpoint was disabled',
          text: [
            `Classlane could not deliver events to ${endpoint.url} for three days, so the endpoint was turned off.`,
            `The last attempt failed with: ${lastError}`,
            '',
            `Fix the receiver, then turn the endpoint on again in Settings → Integrations (${publicUrl}/admin/settings).`,
            'Deliveries that failed can be sent again from its delivery list.',
          ].join('\n'),
        });
      } catch (e) {
        this.logger.error(`The email about disabled webhook endpoint ${endpoint.id} to ${to} failed: ${(e as Error).message}`);
      }
    }
  }
}
