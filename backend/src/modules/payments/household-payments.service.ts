import { Injectable, Logger } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import type { RegistrationMessageInput } from '../communications/communication.types';
import { CommunicationsService } from '../communications/communications.service';
import { mergedPriceLines } from '../communications/message-format';
import { ConnectService } from '../connect/connect.service';
import { CardEnrollmentsService, messageInput, type CardEnrollment } from '../registration/card-enrollments.service';
import { UUID, type IntentFacts, type SettleOutcome } from './card-payment.types';
import { formatDollars } from './money';
import { LatePaymentRefunds } from './late-payment-refunds';
import { WebhookEvents } from '../webhooks/webhook-events';
import { Seats } from '../registration/seats';

/**
 * A household's card payment: one PaymentIntent for the total, one held enrollment per attendee
 * (each with its own price due: the discount rule per person), completed together by `settle` from the confirm
 * route or the webhook, released together when the hold lapses or the payment fails. Each enrollment records its
 * own share of the amount and fee, so a cancellation refunds at most that person's share of the shared intent.
 */
@Injectable()
export class HouseholdPaymentsService {
  private readonly logger = new Logger('HouseholdPayments');

  constructor(
    private readonly cards: CardEnrollmentsService,
    private readonly classSeats: Seats,
    private readonly connect: ConnectService,
    private readonly activity: ActivityService,
    private readonly webhooks: WebhookEvents,
    private readonly communications: CommunicationsService,
    private readonly late: LatePaymentRefunds,
  ) {}

  /** The group a PaymentIntent's metadata names, when it is a household's. */
  static groupOf(pi: IntentFacts): string | null {
    return pi.metadata.household === 'true' && UUID.test(pi.metadata.enrollmentId ?? '') ? pi.metadata.enrollmentId : null;
  }

  /**
   * Completes every enrollment of the group exactly once (rows locked in id order). The intent must match the group:
   * the sum of the prices held, usd, the connected account, and metadata naming the organization, class and group.
   * A payment whose holds lapsed takes the seats again, all or none; with none left it is refunded, share by share.
   */
  async settle(pi: IntentFacts, m: EntityManager): Promise<SettleOutcome> {
    const groupId = HouseholdPaymentsService.groupOf(pi);
    if (!groupId) return { kind: 'unknown' };
    const rows = await this.cards.group(groupId, m, true);
    const primary = rows.find((r) => r.id === groupId);
    if (!primary) return { kind: 'unknown' };
    const problem = await this.mismatch(pi, rows, m);
    if (problem) return { kind: 'mismatch', reason: problem };
    const open = rows.filter((r) => r.paymentStatus !== 'completed');
    if (!open.length)
      return primary.status === 'expired'
        ? { kind: 'refunded', enrollment: primary, amountCents: rows.reduce((n, r) => n + r.amountPaidCents, 0) }
        : { kind: 'already', enrollment: primary };
    if (pi.status !== 'succeeded') return { kind: 'unpaid', enrollment: primary };

    // Seats: held and active rows keep theirs; lapsed ones take a seat again, all of them or none.
    const retaken: CardEnrollment[] = [];
    let keepsSeats = true;
    for (const r of open) {
      if (r.status === 'held' || r.status === 'active') continue;
      if (r.status === 'expired' && (await this.cards.retakeSeat(m, r))) retaken.push(r);
      else {
        keepsSeats = false;
        break;
      }
    }
    if (!keepsSeats && retaken.length)
      await this.classSeats.release(
        m,
        'enrollment',
        primary.organizationId,
        retaken.map((r) => r.classId),
      );

    // Each enrollment records its own share; the platform fee is split the same way (the first takes the remainder).
    const total = rows.reduce((n, r) => n + (r.amountDueCents ?? 0), 0);
    const fees = rows.map((r) => Math.floor((pi.applicationFee * (r.amountDueCents ?? 0)) / total));
    fees[0] += pi.applicationFee - fees.reduce((a, b) => a + b, 0);
    for (const [i, r] of rows.entries()) {
      if (r.paymentStatus === 'completed') continue;
      await this.cards.recordPayment(
        m,
        r.id,
        { amountCents: r.amountDueCents ?? 0, platformFeeCents: fees[i], chargeId: pi.chargeId, paymentIntentId: pi.id },
        keepsSeats,
      );
      const base = { studentId: r.studentId, studentName: r.studentName, classId: r.classId, className: r.classTitle };
      await this.activity.record(
        r.organizationId,
        'payment_received',
        `${r.studentName} paid ${formatDollars(r.amountDueCents ?? 0)} by card for ${r.classTitle}`,
        {
          ...base,
          amount: (r.amountDueCents ?? 0) / 100,
          platformFee: fees[i] / 100,
          paymentMethod: 'card',
          enrollmentId: r.id,
          paymentIntentId: pi.id,
        },
        m,
      );
      await this.webhooks.paymentSucceeded(m, r.organizationId, {
        ...base,
        enrollmentId: r.id,
        amountCents: r.amountDueCents ?? 0,
        paymentMethod: 'card',
      });
      if (keepsSeats && r.status !== 'active')
        await this.activity.record(
          r.organizationId,
          'class_enrollment',
          `${r.studentName} enrolled in ${r.classTitle}`,
          { ...base, paymentMethod: 'card', source: 'online' },
          m,
        );
      if (keepsSeats && r.status !== 'active')
        await this.webhooks.publish(m, r.organizationId, 'enrollment.created', {
          ...base,
          enrollmentId: r.id,
          paymentMethod: 'card',
          paymentStatus: 'completed',
          source: 'online',
        });
    }
    const contact = messageInput(primary);
    if (keepsSeats) {
      // One confirmation listing everyone and one receipt for the total, to the contact's email.
      // In the order the form listed them (the intent's metadata), not the locking order.
      const order = (pi.metadata.enrollmentIds ?? '').split(',');
      const people = [...rows]
        .sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id))
        .map((r) => ({ firstName: r.firstName, lastName: r.lastName }));
      // What everyone's shares came to, line by line (each enrollment keeps its own share of the quote).
      const priceLines = mergedPriceLines(rows.map((r) => r.priceBreakdown));
      await this.communications.queueRegistrationConfirmation(m, { ...contact, ...this.contactName(pi), attendees: people, priceLines });
      await this.communications.queuePaymentReceipt(m, {
        ...contact,
        ...this.contactName(pi),
        priceLines,
        paymentReference: pi.id,
        amountCents: pi.amount,
      });
      return { kind: 'completed', enrollment: primary, late: open.some((r) => r.status !== 'held') };
    }
    for (const r of open) await this.refundShare(m, r, pi);
    return { kind: 'refunded', enrollment: primary, amountCents: open.reduce((n, r) => n + (r.amountDueCents ?? 0), 0) };
  }

  /** payment_intent.payment_failed: every hold of the group ends and its seat is freed once. */
  async paymentFailed(pi: IntentFacts, m: EntityManager): Promise<void> {
    const groupId = HouseholdPaymentsService.groupOf(pi);
    if (!groupId) return;
    const rows = await this.cards.group(groupId, m, true);
    if (!rows.length || (await this.mismatch(pi, rows, m)) !== null) {
      this.logger.warn(`payment_intent.payment_failed ${pi.id} does not match household ${groupId}; ignored`);
      return;
    }
    for (const r of rows) await this.cards.expire(m, r, true);
  }

  /** The messages go to the contact, by the name typed at registration (kept in the intent's metadata we wrote). */
  private contactName(pi: IntentFacts): Partial<RegistrationMessageInput> {
    const meta = pi.metadata;
    return {
      ...(UUID.test(meta.contactId ?? '') ? { studentId: meta.contactId } : {}),
      ...(meta.contactFirstName ? { firstName: meta.contactFirstName, lastName: meta.contactLastName ?? '' } : {}),
    };
  }

  private async mismatch(pi: IntentFacts, rows: CardEnrollment[], m: EntityManager): Promise<string | null> {
    const first = rows[0];
    if (rows.some((r) => r.organizationId !== first.organizationId || r.classId !== first.classId)) return 'group';
    if (rows.some((r) => r.stripePaymentIntentId !== null && r.stripePaymentIntentId !== pi.id)) return 'another PaymentIntent';
    if (rows.some((r) => r.paymentMethod !== 'card')) return 'not a card enrollment';
    if (pi.metadata.organizationId !== first.organizationId || pi.metadata.classId !== first.classId) return 'metadata';
    if (pi.currency !== 'usd') return 'currency';
    if (rows.some((r) => r.amountDueCents === null) || pi.amount !== rows.reduce((n, r) => n + (r.amountDueCents ?? 0), 0)) return 'amount';
    if (pi.applicationFee < 0 || pi.applicationFee > pi.amount) return 'application fee';
    const ready = await this.connect.readiness(first.organizationId, m);
    if (!pi.destination || pi.destination !== ready.stripeAccountId) return 'destination';
    return null;
  }

  /** A late payment that found no seats: this person's share refunded, recorded once (source late_payment). */
  private refundShare(m: EntityManager, e: CardEnrollment, pi: IntentFacts): Promise<void> {
    return this.late.refund(
      m,
      e,
      pi.id,
      e.amountDueCents ?? 0,
      'Paid after the seat hold lapsed, and the class had no seats left for everyone',
    );
  }
}
