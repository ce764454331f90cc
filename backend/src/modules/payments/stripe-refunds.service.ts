import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import { CommunicationsService } from '../communications/communications.service';
import { StripeClient } from '../stripe/stripe.client';
import { CardEnrollmentsService, messageInput, type CardEnrollment } from '../registration/card-enrollments.service';
import { WebhookEvents } from '../webhooks/webhook-events';
import { formatDollars } from './money';
import { TopUpsRepository } from './top-ups.repository';
import { APP_REFUND_SOURCES, PaymentsRepository, type RefundSource } from './payments.repository';

/** Stripe's refund status in the three the refunds table keeps. */
export const refundStatus = (s: string | null | undefined) =>
  s === 'succeeded' ? 'succeeded' : s === 'failed' || s === 'canceled' ? 'failed' : 'pending';

const MINUTE = 60_000;
/** A refund that is not final yet is looked at again after this long, then less and less often... */
export const REFUND_CHECK_FIRST_MS = 5 * MINUTE;
const REFUND_CHECK_MAX_MS = 6 * 60 * MINUTE;
/** ...and given up (logged as an error for someone to look at) after this long. */
const REFUND_CHECK_GIVE_UP_MS = 30 * 24 * 60 * MINUTE;
/** Bounds one job run; the rest waits for the next one. */
const CHECKS_PER_RUN = 50;
/** No card payment has this many refunds; a listing that goes on is not trusted beyond it. */
const MAX_LISTED = 1000;

/** A refund as `refunds.list` answered it, its fields checked (what a provider sends is untrusted). */
interface ListedRefund {
  id: string;
  amount: number;
  status: string;
  metadata: Record<string, unknown>;
}

const record = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
/** An expandable field: the id, or the expanded object's id. */
const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof record(v)?.id === 'string' ? (record(v)!.id as string) : null;

function listedRefund(raw: unknown, paymentIntentId: string): ListedRefund | null {
  const r = record(raw);
  if (!r || r.object !== 'refund' || typeof r.id !== 'string' || !r.id || r.id.length > 255) return null;
  if (!Number.isSafeInteger(r.amount) || (r.amount as number) <= 0) return null;
  if (idOf(r.payment_intent) !== paymentIntentId) return null;
  if (r.currency !== undefined && r.currency !== 'usd') return null;
  return {
    id: r.id,
    amount: r.amount as number,
    status: typeof r.status === 'string' ? r.status : 'pending',
    metadata: record(r.metadata) ?? {},
  };
}

/**
 * Refunds as Stripe knows them, recorded once per refund id. Since API version 2022-11-15 a Charge
 * carries no refunds (only when expanded, never in an event), so `charge.refunded` and `refund.created` only name the
 * payment: its refunds are read from the source of truth, `refunds.list({ payment_intent })`, and applied under the
 * locks of the enrollments it paid for:
 * - succeeded and not recorded (a refund made in the Stripe dashboard, or one made here whose transaction died after
 *   Stripe refunded): recorded, a household's spread over its people (the one its metadata names, then the contact,
 *   each up to what is left of their share), one notice for the whole refund;
 * - succeeded and recorded as pending (made here): marked succeeded;
 * - failed or canceled after it was counted: its rows marked failed and the amounts no longer count as refunded
 *   (the money stayed with the organization), once whatever tells of it;
 * - not final (pending, waiting for the customer): nothing is recorded yet; the payment is put on `refund_checks` and
 *   the job lists its refunds again until every one is final (the contract's events do not tell of a later change).
 */
@Injectable()
export class StripeRefundsService {
  private readonly logger = new Logger('StripeRefunds');

  constructor(
    private readonly stripe: StripeClient,
    private readonly cards: CardEnrollmentsService,
    private readonly refunds: PaymentsRepository,
    private readonly activity: ActivityService,
    private readonly communications: CommunicationsService,
    @InjectDataSource() private readonly db: DataSource,
    private readonly topUps: TopUpsRepository,
    private readonly webhooks: WebhookEvents,
  ) {}

  /** charge.refunded: the charge must pay for a card enrollment and its metadata (when present) must name it. */
  async chargeRefunded(charge: unknown, m: EntityManager): Promise<void> {
    const c = record(charge);
    const pi = idOf(c?.payment_intent);
    if (!c || !pi) return;
    const first = await this.firstPaidBy(pi, m);
    if (!first) return;
    const meta = record(c.metadata) ?? {};
    if (
      (meta.enrollmentId !== undefined && meta.enrollmentId !== first.id) ||
      (meta.organizationId !== undefined && meta.organizationId !== first.organizationId)
    ) {
      this.logger.warn(`charge.refunded for ${pi} names another enrollment; ignored`);
      return;
    }
    await this.sync(m, pi, first.organizationId);
  }

  /** refund.created: the refund names its payment, whose refunds are read again (the event's copy may be stale). */
  async refundCreated(refund: unknown, m: EntityManager): Promise<void> {
    const pi = idOf(record(refund)?.payment_intent);
    if (!pi) return;
    const first = await this.firstPaidBy(pi, m);
    if (first) await this.sync(m, pi, first.organizationId);
  }

  /**
   * The job (every JOBS_INTERVAL_MS): payments whose refunds were not final at the last look, each claimed under a
   * lease (instances share the work), listed again outside any transaction, then applied like an event; looked at less
   * often each time, given up after 30 days. A listing that fails is tried again later. Answers how many were looked at.
   */
  async followUp(now: Date = new Date()): Promise<number> {
    if (!this.stripe.isConfigured) return 0;
    let looked = 0;
    for (; looked < CHECKS_PER_RUN; looked++) {
      const check = await this.refunds.claimDueCheck(now, new Date(now.getTime() + REFUND_CHECK_FIRST_MS));
      if (!check) break;
      const pi = check.paymentIntentId;
      const next = new Date(now.getTime() + Math.min(REFUND_CHECK_FIRST_MS * 2 ** check.attempts, REFUND_CHECK_MAX_MS));
      if (now.getTime() - new Date(check.createdAt).getTime() > REFUND_CHECK_GIVE_UP_MS) {
        this.logger.error(`The refunds of ${pi} are still not final after 30 days; no longer checked. Look at it in Stripe.`);
        await this.refunds.unwatch(undefined, pi);
        continue;
      }
      let listed: ListedRefund[];
      try {
        listed = await this.list(pi);
      } catch (e) {
        this.logger.warn(`Listing the refunds of ${pi} failed (${e instanceof Error ? e.message : String(e)}); tried again later`);
        await this.refunds.rescheduleCheck(undefined, pi, next);
        continue;
      }
      // The enrollments are locked before the check row, as on every path that writes both.
      await this.db.transaction(async (m) => {
        if (await this.apply(m, pi, listed)) await this.refunds.rescheduleCheck(m, pi, next);
        else await this.refunds.unwatch(m, pi);
      });
    }
    return looked;
  }

  /** Lists the payment's refunds and applies them; a payment with a refund not final yet is checked again later. */
  private async sync(m: EntityManager, pi: string, organizationId: string): Promise<void> {
    // A listing that fails throws: the event stays unprocessed and is retried (reading again is always safe).
    const listed = await this.list(pi);
    if (await this.apply(m, pi, listed)) await this.refunds.watch(m, pi, organizationId, new Date(Date.now() + REFUND_CHECK_FIRST_MS));
    else await this.refunds.unwatch(m, pi);
  }

  /** `refunds.list({ payment_intent })` with auto-pagination, oldest first; items that are not its refunds are skipped. */
  private async list(pi: string): Promise<ListedRefund[]> {
    const out: ListedRefund[] = [];
    let n = 0;
    for await (const raw of this.stripe.api.refunds.list({ payment_intent: pi, limit: 100 })) {
      if (++n > MAX_LISTED) {
        this.logger.error(`refunds.list for ${pi} goes on beyond ${MAX_LISTED} refunds; the rest is not read`);
        break;
      }
      const r = listedRefund(raw, pi);
      if (r) out.push(r);
      else this.logger.warn(`refunds.list for ${pi} returned an item that is not one of its refunds; skipped`);
    }
    return out.reverse();
  }

  /**
   * The enrollment a payment is for: the registration's own PaymentIntent (a household's first member), or the second
   * payment of a switch to a dearer class once it was applied (a top-up refunded unapplied never counted as paid).
   */
  private async firstPaidBy(pi: string, m: EntityManager, lock = false): Promise<CardEnrollment | null> {
    const own = await this.cards.byPaymentIntent(pi, m, lock);
    if (own) return own;
    const topUp = await this.topUps.byIntent(pi, m);
    return topUp?.status === 'completed' ? this.cards.byId(topUp.enrollmentId, m, lock) : null;
  }

  /** Applies the listed refunds under the locks of the enrollments the payment is for. True when one is not final yet. */
  private async apply(m: EntityManager, pi: string, listed: ListedRefund[]): Promise<boolean> {
    // Locked in id order (as every path that locks a household's rows).
    let paid = await this.cards.paidTogether(pi, m, true);
    if (!paid.length) {
      const topUpOf = await this.firstPaidBy(pi, m, true);
      paid = topUpOf ? [topUpOf] : [];
    }
    const first = paid.length ? ((await this.cards.byPaymentIntent(pi, m)) ?? paid[0]) : null;
    if (!first) return false;
    let open = false;
    for (const r of listed) {
      const rows = await this.refunds.allByStripeId(m, r.id);
      if (r.status === 'succeeded') {
        if (rows.length) await this.refunds.markSucceeded(m, r.id);
        else await this.recordNew(m, pi, r, first, paid);
      } else if (r.status === 'failed' || r.status === 'canceled') {
        if (rows.length) await this.undo(m, pi, r);
      } else open = true;
    }
    return open;
  }

  /**
   * A succeeded refund nobody recorded: spread over the payment's people, the one its metadata names first (a refund
   * made here whose transaction did not commit), then the contact, each up to what is left of their share.
   */
  private async recordNew(m: EntityManager, pi: string, r: ListedRefund, first: CardEnrollment, paid: CardEnrollment[]): Promise<void> {
    const named = paid.find((e) => e.id === r.metadata.enrollmentId);
    const lead = named ?? first;
    const members = [
      lead,
      ...paid.filter((e) => e.id === first.id && e.id !== lead.id),
      ...paid.filter((e) => e.id !== lead.id && e.id !== first.id),
    ];
    const source: RefundSource =
      named && APP_REFUND_SOURCES.includes(r.metadata.source as RefundSource) ? (r.metadata.source as RefundSource) : 'stripe_dashboard';
    const dashboard = source === 'stripe_dashboard';
    let left = r.amount;
    let recordedCents = 0;
    for (const member of members) {
      if (left <= 0) break;
      const latest = (await this.cards.byId(member.id, m))!;
      // A refund of one payment never counts beyond it (a registration may have two: see CardRefundsService).
      const ofPayment = paid.length === 1 ? await this.leftOnPayment(m, latest, pi) : Infinity;
      const amount = Math.min(left, latest.amountPaidCents - latest.refundedCents, ofPayment);
      if (amount <= 0) continue;
      const reason = dashboard ? 'Refunded in the Stripe dashboard' : 'Refunded through Classlane (recorded from Stripe)';
      const recorded = await this.refunds.insert(m, {
        organizationId: latest.organizationId,
        enrollmentId: latest.id,
        amountCents: amount,
        stripeRefundId: r.id,
        status: 'succeeded',
        reason,
        source,
        paymentIntentId: pi,
      });
      if (!recorded) continue;
      left -= amount;
      recordedCents += amount;
      await this.cards.addRefunded(m, latest.id, amount);
      // Announced where it is recorded, once per row: a refund already recorded (by the path that made it here, or by
      // an earlier event about it) is found by its Stripe id in apply() and never reaches this line again.
      await this.webhooks.publish(m, latest.organizationId, 'payment.refunded', {
        enrollmentId: latest.id,
        studentId: latest.studentId,
        classId: latest.classId,
        amount: amount / 100,
        status: 'succeeded',
        reason,
      });
      await this.activity.record(
        latest.organizationId,
        'payment_refunded',
        `${latest.studentName} was refunded ${formatDollars(amount)} for ${latest.classTitle}${dashboard ? ' in the Stripe dashboard' : ''}`,
        {
          amount: amount / 100,
          studentId: latest.studentId,
          studentName: latest.studentName,
          classId: latest.classId,
          className: latest.classTitle,
          source,
        },
        m,
      );
    }
    if (left > 0) this.logger.error(`Refund ${r.id} of ${pi} exceeds what is left to refund by ${left} cents; the excess is not recorded`);
    // One notice per Stripe refund id, to the person who paid, for all of it.
    if (recordedCents > 0)
      await this.communications.queueRefundNotice(m, { ...messageInput(lead), refundReference: r.id, refundCents: recordedCents });
  }

  /** What is left to refund of one card payment of a registration. */
  private async leftOnPayment(m: EntityManager, e: CardEnrollment, pi: string): Promise<number> {
    const payment = (await this.topUps.refundable(m, e)).find((p) => p.paymentIntentId === pi);
    return payment ? payment.leftCents : 0;
  }

  /** A counted refund that failed (or was canceled) at Stripe: its rows failed, their amounts no longer refunded. Once. */
  private async undo(m: EntityManager, pi: string, r: ListedRefund): Promise<void> {
    const undone = await this.refunds.markFailed(m, r.id);
    for (const u of undone)
      if (!(await this.cards.subtractRefunded(m, u.enrollmentId, u.amountCents)))
        this.logger.error(`Refund ${r.id}: enrollment ${u.enrollmentId} counts less than the ${u.amountCents} cents it refunded`);
    if (undone.length)
      this.logger.warn(
        `Refund ${r.id} of ${pi} ${r.status} at Stripe: ${formatDollars(undone.reduce((n, u) => n + u.amountCents, 0))} no longer counts as refunded`,
      );
  }
}
