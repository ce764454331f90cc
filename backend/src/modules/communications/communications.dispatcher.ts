import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AllConfigType } from '../../config/config.type';
import { type CommunicationRow, MONTHLY_CAP, OUTCOME_UNKNOWN, TRANSACTIONAL_KINDS } from './communication.types';
import { CommunicationsRepository } from './communications.repository';
import { EmailSender } from '../message-providers/email.sender';
import { countByOrganization, OutboundBudget } from '../outbound-limits/outbound-budget';
import { ProviderError } from '../message-providers/provider-error';
import { RecipientDirectoryPort } from './recipient-directory';
import { SmsSender, TWILIO_OPTED_OUT } from '../message-providers/sms.sender';
import { unsubscribeHeaders } from './unsubscribe';

const SENT_FLUSH = 50;

/** The first hour after quiet hours when `now` is inside them, else null (server time). */
export function quietUntil(now: Date, quiet: { start: number; end: number }): Date | null {
  const { start, end } = quiet;
  if (start === end) return null;
  const h = now.getHours();
  const inside = start < end ? h >= start && h < end : h >= start || h < end;
  if (!inside) return null;
  const until = new Date(now);
  until.setHours(end, 0, 0, 0);
  if (until <= now) until.setDate(until.getDate() + 1);
  return until;
}

/**
 * Sends due outbox rows exactly once, on any number of instances:
 * 1. claim: one short transaction locks due rows (FOR UPDATE SKIP LOCKED, so instances never take the same row),
 *    applies the rules that protect students (STOP list, opt-in, monthly cap, quiet hours) and marks the rest
 *    'sending' with a lease, then commits before any provider is called. The monthly cap is decided under a lock
 *    per student held to the commit, so it counts the rows of this batch and those other instances claimed;
 * 2. send each claimed row once and record the outcome on the row, only if it is still 'sending'.
 * A process that dies between 1 and 2 leaves 'sending' rows; when their lease runs out they become failed with
 * 'outcome unknown' (the provider may have sent them) and are never sent again by the dispatcher.
 */
@Injectable()
export class CommunicationsDispatcher {
  private readonly logger = new Logger('CommunicationsDispatcher');
  private readonly settings;
  private readonly publicUrl: string;
  private readonly secret: string;

  constructor(
    private readonly repo: CommunicationsRepository,
    private readonly email: EmailSender,
    private readonly sms: SmsSender,
    private readonly students: RecipientDirectoryPort,
    private readonly budget: OutboundBudget,
    @InjectDataSource() private readonly db: DataSource,
    config: ConfigService<AllConfigType>,
  ) {
    this.settings = config.getOrThrow('communications', { infer: true });
    this.publicUrl = config.getOrThrow('app', { infer: true }).publicUrl;
    this.secret = config.getOrThrow('auth', { infer: true }).jwtSecret;
  }

  /** Rounds of claim-and-send until nothing is due; returns how many rows were claimed for sending. */
  async runUntilIdle(shouldStop: () => boolean = () => false): Promise<number> {
    let total = 0;
    await this.repo.expireLeases();
    while (!shouldStop()) {
      const { claimed, looked } = await this.claim();
      total += claimed.length;
      await this.sendAll(claimed);
      if (looked < this.settings.batchSize) break;
    }
    return total;
  }

  /** Step 1, one transaction. `looked` counts every due row taken, sent or not (a full batch means: look again). */
  async claim(): Promise<{ claimed: CommunicationRow[]; looked: number }> {
    return this.db.transaction(async (m) => {
      const due = await this.repo.lockDue(m, this.settings.batchSize, this.budget);
      if (!due.length) return { claimed: [], looked: 0 };
      const optedOut = await this.repo.optedOutPhones(
        m,
        due.filter((r) => r.channel === 'sms').map((r) => r.toAddress),
      );
      const studentIds = [...new Set(due.filter((r) => r.recipientType === 'student').map((r) => r.recipientId))];
      const optIns = await this.students.optIns(studentIds, m);
      const quiet = quietUntil(new Date(), this.settings.smsQuietHours);
      const claimed: CommunicationRow[] = [];
      // Capped messages per student this month, counting the rows claimed in this batch: they are marked 'sending'
      // only after the loop, so the database count alone would let a whole batch through.
      const capped = new Map<string, number>();
      // Recipient order: the advisory locks of the monthly cap are always taken in the same order (no deadlock).
      const ordered = [...due].sort((a, b) => (a.recipientId < b.recipientId ? -1 : a.recipientId > b.recipientId ? 1 : 0));
      for (const row of ordered) {
        const transactional = TRANSACTIONAL_KINDS.includes(row.kind);
        if (row.channel === 'sms' && optedOut.has(row.toAddress)) {
          await this.repo.skip(m, row.id, 'opted out (STOP)');
          continue;
        }
        const optIn = row.recipientType === 'student' ? optIns.get(row.recipientId) : true;
        if (optIn === false && (row.channel === 'sms' || !transactional)) {
          await this.repo.skip(m, row.id, 'opted out');
          continue;
        }
        if (row.channel === 'sms' && quiet) {
          await this.repo.postpone(m, row.id, quiet, 'quiet hours');
          continue;
        }
        if (!transactional && row.recipientType === 'student') {
          let count = capped.get(row.recipientId);
          if (count === undefined) {
            // Held until this transaction commits: another instance claiming rows for the same student waits here,
            // then counts ours as 'sending' (each statement sees what was committed before it began).
            await this.repo.lockRecipient(m, row.recipientId);
            count = await this.repo.countCappedThisMonth(m, row.recipientId);
          }
          if (count >= MONTHLY_CAP) {
            capped.set(row.recipientId, count);
            await this.repo.skip(m, row.id, `monthly limit of ${MONTHLY_CAP} messages reached`);
            continue;
          }
          capped.set(row.recipientId, count + 1);
        }
        claimed.push(row);
      }
      await this.repo.markSending(
        m,
        claimed.map((r) => r.id),
        this.settings.leaseMs,
      );
      // Counted before the claim commits: the next instance to claim for these organizations sees it.
      await this.budget.spend(m, 'message', countByOrganization(claimed));
      return { claimed, looked: due.length };
    });
  }

  /**
   * Step 2: at most `concurrency` provider calls at once. Successes are recorded together, in one statement per
   * SENT_FLUSH of them (a row per statement was the bottleneck at volume); a crash before that statement leaves those
   * rows 'sending', and they end as 'outcome unknown' like any other send a crash interrupted: never sent again.
   */
  async sendAll(rows: CommunicationRow[]): Promise<void> {
    let next = 0;
    let sent: { id: string; provider: string; messageId: string }[] = [];
    const flush = async () => {
      const batch = sent;
      sent = [];
      if (batch.length) await this.repo.markSentMany(batch);
    };
    const worker = async () => {
      while (next < rows.length) {
        const ok = await this.sendOne(rows[next++]);
        if (ok) sent.push(ok);
        if (sent.length >= SENT_FLUSH) await flush();
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.settings.concurrency, rows.length) }, worker));
    await flush();
  }

  /** Sends one row; its success is returned for the caller to record, a failure is recorded here. */
  private async sendOne(row: CommunicationRow): Promise<{ id: string; provider: string; messageId: string } | null> {
    const provider = row.channel === 'email' ? this.email.provider : this.sms.provider;
    try {
      const result =
        row.channel === 'email'
          ? await this.email.deliver({
              to: row.toAddress,
              subject: row.subject ?? '',
              text: row.message,
              html: row.html ?? undefined,
              attachments: row.attachments.map((a) => ({ ...a, disposition: 'attachment' as const })),
              customArgs: { communicationId: row.id },
              headers:
                TRANSACTIONAL_KINDS.includes(row.kind) || row.recipientType !== 'student'
                  ? undefined
                  : unsubscribeHeaders(this.publicUrl, this.secret, row.organizationId, row.recipientId),
            })
          : await this.sms.deliver(row.toAddress, row.message);
      return { id: row.id, provider: result.provider, messageId: result.messageId ?? `${result.provider}-${row.id}` };
    } catch (e) {
      await this.recordFailure(row, provider, e);
      return null;
    }
  }

  private async recordFailure(row: CommunicationRow, provider: string, e: unknown): Promise<void> {
    // Anything not classified (a bug of ours while sending) may have reached the provider: treat it as unknown.
    const err =
      e instanceof ProviderError ? e : new ProviderError('ambiguous', `${OUTCOME_UNKNOWN}: ${String((e as Error)?.message ?? e)}`);
    if (err.kind === 'retry') {
      const delay = this.settings.retryBaseMs * 2 ** Math.max(0, row.attempts) * (0.75 + Math.random() / 2);
      await this.repo.markRetry(row.id, err.message, Math.round(delay), err.code);
    } else if (err.kind === 'permanent') {
      const optedOut = err.code === String(TWILIO_OPTED_OUT);
      if (optedOut) await this.repo.setOptOut(row.toAddress, true, 'twilio_21610');
      await this.repo.markFailed(row.id, optedOut ? 'opted out (STOP)' : 'rejected by the provider', err.message, err.code, provider);
    } else {
      this.logger.warn(`Message ${row.id}: ${err.message}`);
      await this.repo.markFailed(row.id, OUTCOME_UNKNOWN, err.message, null, provider);
    }
  }
}
