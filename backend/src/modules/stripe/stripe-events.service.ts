import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { AppException } from '../../common/http/app-exception';
import type { WebhookOutcome } from './dto/stripe-webhook.response';
import { StripeClient } from './stripe.client';
import { StripeEventHandlers } from './stripe-event-handlers';
import { StripeEventsRepository } from './stripe-events.repository';

/** Stripe's own default: a signature older than 5 minutes is refused (replays). */
export const SIGNATURE_TOLERANCE_S = 300;
/** Each run lists again from this far before the last run started: events can show up in the list late. */
export const RECONCILE_OVERLAP_MS = 10 * 60 * 1000;
/** A stored event whose handler keeps failing is retried by the job this many times, then left for review. */
export const RECONCILE_MAX_ATTEMPTS = 25;
/** Bounds one run (memory and time); the rest waits for the next run. */
const RECONCILE_MAX_EVENTS_PER_TYPE = 5000;
const RECONCILE_BATCH = 500;

export interface VerifiedEvent {
  id: string;
  type: string;
  created: number;
  payload: Record<string, unknown>;
}

/** What Stripe (or anything speaking for it) sends is untrusted: the fields we key on must have their shapes. */
export function verifiedShape(value: unknown): VerifiedEvent | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const e = value as Record<string, unknown>;
  const text = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 255 && !v.includes('\u0000');
  if (!text(e.id) || !text(e.type)) return null;
  if (typeof e.created !== 'number' || !Number.isSafeInteger(e.created) || e.created < 0) return null;
  return { id: e.id as string, type: e.type as string, created: e.created, payload: e };
}

export interface ReconcileResult {
  listed: number;
  stored: number;
  processed: number;
  failed: number;
}

/**
 * Stripe events, exactly once: every verified event (webhook or reconciliation) is stored by id, then claimed
 * in a transaction (`FOR UPDATE SKIP LOCKED` on an unprocessed row), handled inside that transaction and marked
 * processed in it. A handler that throws rolls its work back; the error is recorded and the event stays
 * unprocessed for Stripe's retry or the next reconciliation run.
 */
@Injectable()
export class StripeEventsService {
  private readonly logger = new Logger('StripeEvents');

  constructor(
    private readonly stripe: StripeClient,
    private readonly handlers: StripeEventHandlers,
    private readonly repo: StripeEventsRepository,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  async receiveWebhook(rawBody: Buffer | undefined, signature: string | undefined): Promise<{ eventId: string; status: WebhookOutcome }> {
    const secret = this.stripe.settings.webhookSecret;
    if (!this.stripe.isConfigured || !secret) {
      throw new AppException(
        HttpStatus.BAD_REQUEST,
        'Stripe webhooks are not configured on this server (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET)',
      );
    }
    if (typeof signature !== 'string' || !signature.trim())
      throw new AppException(HttpStatus.BAD_REQUEST, 'Missing Stripe-Signature header');
    if (!rawBody?.length) throw new AppException(HttpStatus.BAD_REQUEST, 'The webhook has no body to verify');
    let event: unknown;
    try {
      event = this.stripe.api.webhooks.constructEvent(rawBody, signature, secret, SIGNATURE_TOLERANCE_S);
    } catch {
      throw new AppException(HttpStatus.BAD_REQUEST, 'Invalid Stripe signature');
    }
    const verified = verifiedShape(event);
    if (!verified) throw new AppException(HttpStatus.BAD_REQUEST, 'The body is not a Stripe event');
    await this.repo.insert(verified);
    const outcome = await this.process(verified.id);
    if (outcome === 'failed') {
      // 500 so Stripe retries; the event is stored and the reconciliation job retries it too.
      throw new AppException(HttpStatus.INTERNAL_SERVER_ERROR, 'Processing the event failed; it is kept and will be retried');
    }
    return { eventId: verified.id, status: outcome };
  }

  /** Runs a stored event's handlers once, whoever calls (webhook, job, another instance at the same moment). */
  async process(id: string): Promise<WebhookOutcome | 'failed'> {
    try {
      const ran = await this.db.transaction(async (m) => {
        // Claimed and marked processed in one statement: a handler that throws rolls both back.
        const event = await this.repo.claim(m, id);
        if (!event) return false;
        for (const handler of this.handlers.for(event.type)) await handler.handle(event.payload as unknown as Stripe.Event, m);
        return true;
      });
      if (ran) return 'processed';
      return (await this.repo.isProcessed(id)) ? 'duplicate' : 'in_progress';
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      this.logger.error(`Stripe event ${id} failed: ${message}`);
      const failed = await this.repo
        .recordFailure(id, message)
        .catch((err) => void this.logger.error(`Recording the failure of ${id} failed: ${err}`));
      // Money may be stuck behind it (a payment never marked paid, a refund never recorded): say so loudly, once the
      // job stops retrying, so someone looks (the IT-admin portal's system info lists these events too).
      if (failed && failed.attempts >= RECONCILE_MAX_ATTEMPTS)
        this.logger.error(
          `Stripe event ${id} (${failed.type}) still fails after ${failed.attempts} attempts and is no longer retried: ` +
            `what it records (a payment, a refund, a subscription change) is missing until someone fixes the cause ` +
            `and processes it again. Last error: ${message}`,
        );
      return 'failed';
    }
  }

  /** Events the job gave up on (still failing after RECONCILE_MAX_ATTEMPTS): the IT-admin portal shows them. */
  stuckEvents() {
    return this.repo.stuck(RECONCILE_MAX_ATTEMPTS);
  }

  /**
   * One reconciliation run: `events.list({ type, created: { gte: checkpoint } })` for each handled type (the
   * contract's call; an unhandled type needs no catching up), stores what is new, processes every stored event
   * still unprocessed, then moves the checkpoint to this run's start minus the overlap. The checkpoint row is
   * locked for the run (SKIP LOCKED): a second instance finds it taken and returns null at once. A failed
   * listing leaves the checkpoint where it was. Null too in local mode.
   */
  async reconcile(now: Date = new Date()): Promise<ReconcileResult | null> {
    if (!this.stripe.isConfigured) return null;
    const runner = this.db.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      const checkpoint = await this.repo.lockCheckpoint(runner.manager);
      if (!checkpoint) {
        await runner.rollbackTransaction();
        return null;
      }
      const gte = Math.floor(checkpoint.getTime() / 1000);
      const listed = new Map<string, VerifiedEvent>();
      for (const type of this.handlers.types()) {
        let n = 0;
        for await (const raw of this.stripe.api.events.list({ type, created: { gte }, limit: 100 })) {
          const event = verifiedShape(raw);
          if (!event) this.logger.warn(`events.list returned an item that is not an event; skipped`);
          else listed.set(event.id, event);
          if (++n >= RECONCILE_MAX_EVENTS_PER_TYPE) break;
        }
      }
      let stored = 0;
      for (const event of [...listed.values()].sort((a, b) => a.created - b.created || a.id.localeCompare(b.id))) {
        if (await this.repo.insert(event)) stored++;
      }
      let processed = 0;
      let failed = 0;
      for (const id of await this.repo.unprocessedIds(RECONCILE_BATCH, RECONCILE_MAX_ATTEMPTS)) {
        const outcome = await this.process(id);
        if (outcome === 'processed') processed++;
        if (outcome === 'failed') failed++;
      }
      await this.repo.saveCheckpoint(runner.manager, new Date(now.getTime() - RECONCILE_OVERLAP_MS));
      await runner.commitTransaction();
      if (stored || processed || failed)
        this.logger.log(`Reconciled Stripe events: ${stored} new, ${processed} processed, ${failed} failed`);
      return { listed: listed.size, stored, processed, failed };
    } catch (e) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw e;
    } finally {
      await runner.release();
    }
  }
}
