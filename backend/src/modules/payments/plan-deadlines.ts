import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { CommunicationsService } from '../communications/communications.service';
import { PlanActions, type PlanPastDue, type ReminderDue } from '../payment-plans/plan-actions';
import { CardEnrollmentsService, type CardEnrollment } from '../registration/card-enrollments.service';
import { EnrollmentLifecycleService } from '../registration/enrollment-lifecycle.service';
import { PlanEnrollmentMoney } from '../registration/plan-enrollment-money';
import { WebhookEvents } from '../webhooks/webhook-events';
import { InstalmentAnnouncements } from './instalment-announcements';
import { formatDollars } from './money';

/** Rows each step claims per round. */
const BATCH = 50;
const day = (d: Date) => new Date(d).toISOString().slice(0, 10);
const recipientOf = (e: CardEnrollment) => ({ firstName: e.firstName, lastName: e.lastName, email: e.studentEmail, phone: e.phone });

/**
 * A payment plan's dates (issue 40 §2, §3), one round per job tick on every instance: each payer reminded before a due
 * date (the organization's reminder days, default 3) with the portal link; a plan with an instalment still unpaid after
 * the grace days marked past due (the enrollment flagged for the rosters and the roll call, the payer warned, and told
 * the day the seat will be released when the organization releases seats, the admins told, `payment_plan.past_due`);
 * and, when the organization chose it, the seat released on that day by the one cancellation path (the frozen
 * policy's refund of what was paid). Every claim is a conditional update (payment-plans' PlanActions) and
 * every message has a dedupe key, so however many instances run it each happens once.
 */
@Injectable()
export class PlanDeadlines {
  private readonly logger = new Logger('PlanDeadlines');

  constructor(
    private readonly deadlines: PlanActions,
    private readonly cards: CardEnrollmentsService,
    private readonly money: PlanEnrollmentMoney,
    private readonly lifecycle: EnrollmentLifecycleService,
    private readonly communications: CommunicationsService,
    private readonly webhooks: WebhookEvents,
    private readonly announce: InstalmentAnnouncements,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** One round: answers how many reminders, past dues and releases it handled. */
  async run(): Promise<number> {
    const reminded = await this.db.transaction(async (m) => {
      const due = await this.deadlines.claimReminders(m, BATCH);
      for (const r of due) await this.remind(m, r);
      return due.length;
    });
    const pastDue = await this.db.transaction(async (m) => {
      const plans = await this.deadlines.claimPastDue(m, BATCH);
      for (const p of plans) await this.markPastDue(m, p);
      return plans.length;
    });
    return reminded + pastDue + (await this.release());
  }

  private async remind(m: EntityManager, r: ReminderDue): Promise<void> {
    const e = await this.cards.inOrganization(r.enrollmentId, r.organizationId, m);
    if (!e) return;
    await this.communications.queueSystemEmail(m, {
      organizationId: r.organizationId,
      studentId: e.studentId,
      recipient: recipientOf(e),
      subject: `Upcoming payment: ${e.classTitle}`,
      message:
        `Hello ${e.firstName},\n\nInstalment ${r.seq} (${formatDollars(r.amountCents)}) for ${e.classTitle} will be charged on ` +
        `${day(r.dueAt)} to your saved payment method. To pay it now or change the payment method: {{link}}`,
      link: { url: this.announce.portalLink(e), label: 'Your payment plan' },
      dedupeKey: `payment-plan:${r.id}:reminder:${new Date(r.dueAt).toISOString()}`,
    });
  }

  private async markPastDue(m: EntityManager, p: PlanPastDue): Promise<void> {
    const e = await this.cards.inOrganization(p.enrollmentId, p.organizationId, m);
    if (!e) return;
    await this.money.setPastDue(m, p.organizationId, e.id, new Date());
    const overdue = formatDollars(p.overdueCents);
    const release = p.releaseAt
      ? ` If it is still unpaid on ${day(p.releaseAt)}, the place in ${e.classTitle} will be released to the waitlist.`
      : '';
    await this.communications.queueSystemEmail(m, {
      organizationId: p.organizationId,
      studentId: e.studentId,
      recipient: recipientOf(e),
      subject: `Payment overdue: ${e.classTitle}`,
      message: `Hello ${e.firstName},\n\n${overdue} of your payment plan for ${e.classTitle} is overdue.${release} Please pay it here: {{link}}`,
      link: { url: this.announce.portalLink(e), label: 'Your payment plan' },
      dedupeKey: `payment-plan:${p.id}:past-due:${e.id}`,
    });
    await this.communications.queueAdminEmail(m, p.organizationId, {
      subject: `Payment plan past due: ${e.studentName}, ${e.classTitle}`,
      message:
        `${e.studentName}'s payment plan for ${e.classTitle} is past due (${overdue} overdue).` +
        (p.releaseAt ? ` The place will be released on ${day(p.releaseAt)} unless it is paid.` : ''),
      dedupeKey: `payment-plan:${p.id}:past-due`,
    });
    await this.webhooks.publish(m, p.organizationId, 'payment_plan.past_due', {
      paymentPlanId: p.id,
      enrollmentId: e.id,
      studentId: e.studentId,
      classId: e.classId,
      className: e.classTitle,
      overdue: p.overdueCents / 100,
    });
  }

  /**
   * Seats whose release day came: each cancelled by the one cancellation path (its own transaction; a second call for
   * the same enrollment finds it cancelled and changes nothing), then its plan marked released.
   */
  private async release(): Promise<number> {
    const due = await this.deadlines.releasesDue(BATCH);
    for (const p of due) {
      try {
        await this.lifecycle.cancel(p.organizationId, null, p.enrollmentId, {});
        await this.db.transaction((m) => this.deadlines.markReleased(m, p.id));
      } catch (err) {
        this.logger.error(`Payment plan ${p.id}: the seat of enrollment ${p.enrollmentId} was not released: ${(err as Error).message}`);
      }
    }
    return due.length;
  }
}
