import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import { ClassesService } from '../classes/classes.service';
import { CommunicationsService } from '../communications/communications.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { EnrollmentLifecycleService } from '../registration/enrollment-lifecycle.service';
import { CardEnrollmentsService, messageInput } from '../registration/card-enrollments.service';
import { WebhookEvents } from '../webhooks/webhook-events';

export type Decision = 'confirmed' | 'below_minimum' | 'cancelled';

const CANCELLED_OUTCOME =
  'It has been cancelled automatically: every student is told, every card payment is refunded in full and in-person registrations are released.';
const NOTIFY_OUTCOME =
  'The class is not cancelled automatically: it runs as planned unless you cancel it. You can cancel it from the class panel.';

/**
 * Minimum enrolment go/no-go. At start − decisionHoursBefore a class with a minimum is decided once:
 * each decision claims one class with FOR UPDATE SKIP LOCKED and records the outcome, the activity event and the
 * queued messages (outbox, dedupe keys) in one transaction, so several instances and restarts decide it once.
 *
 * Active enrollments count toward the minimum; an open card hold does not (its payment may still fail and it
 * lapses within minutes). A cancelled class's enrollments, holds included, are then released one per transaction
 * through the enrollment's lifecycle (full card refund, a fixed Stripe idempotency key per enrollment): a crash between two
 * refunds leaves the rest for the next run, and each payment is refunded once.
 */
@Injectable()
export class GoNoGoService {
  private readonly logger = new Logger('GoNoGo');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly classes: ClassesService,
    private readonly cards: CardEnrollmentsService,
    private readonly lifecycle: EnrollmentLifecycleService,
    private readonly communications: CommunicationsService,
    private readonly activity: ActivityService,
    private readonly webhooks: WebhookEvents,
    private readonly orgs: OrganizationsService,
  ) {}

  /** One run of the job: every due class decided, then every cancelled class's registrations released. */
  async run(now = new Date(), batch = 100): Promise<{ decided: { classId: string; decision: Decision }[]; released: number }> {
    const decided: { classId: string; decision: Decision }[] = [];
    for (let i = 0; i < batch; i++) {
      const d = await this.db.transaction((m) => this.decideOne(m, now));
      if (!d) break;
      decided.push(d);
    }
    const released = await this.releaseCancelled();
    return { decided, released };
  }

  private async decideOne(m: EntityManager, now: Date): Promise<{ classId: string; decision: Decision } | null> {
    const c = await this.classes.claimDueDecision(m, now);
    if (!c) return null;
    const holders = await this.cards.seatHoldersOfClass(c.id, c.organizationId, m);
    const active = holders.filter((e) => e.status === 'active');
    const enrolled = active.length;
    const meta = { classId: c.id, className: c.title, studentsCount: enrolled, minEnrollment: c.minEnrollment };
    if (enrolled >= c.minEnrollment) {
      await this.classes.recordDecision(m, c, 'confirmed', now, false);
      await this.activity.record(
        c.organizationId,
        'class_confirmed',
        `${c.title} is confirmed: ${enrolled} of the ${c.minEnrollment} students needed`,
        meta,
        m,
      );
      const org = await this.orgs.require(c.organizationId, m);
      if (org.settings?.classConfirmedMessages === true)
        for (const e of active) await this.communications.queueClassDecision(m, messageInput(e), 'class_confirmed');
      return { classId: c.id, decision: 'confirmed' };
    }
    const cancel = c.autoCancelBelowMinimum;
    await this.classes.recordDecision(m, c, cancel ? 'cancelled' : 'pending', now, cancel);
    await this.activity.record(
      c.organizationId,
      cancel ? 'class_cancelled' : 'class_below_minimum',
      cancel
        ? `${c.title} was cancelled automatically: ${enrolled} of the ${c.minEnrollment} students needed`
        : `${c.title} is below its minimum: ${enrolled} of the ${c.minEnrollment} students needed`,
      { ...meta, reason: 'below_minimum' },
      m,
    );
    if (cancel)
      await this.webhooks.publish(m, c.organizationId, 'class.cancelled', { classId: c.id, className: c.title, reason: 'below_minimum' });
    await this.communications.queueBelowMinimumNotice(m, {
      organizationId: c.organizationId,
      classId: c.id,
      enrolled,
      minEnrollment: c.minEnrollment,
      outcome: cancel ? CANCELLED_OUTCOME : NOTIFY_OUTCOME,
    });
    // Everyone who holds a seat is told, a student in the middle of a card payment too.
    if (cancel) for (const e of holders) await this.communications.queueClassDecision(m, messageInput(e), 'class_cancelled');
    return { classId: c.id, decision: cancel ? 'cancelled' : 'below_minimum' };
  }

  /**
   * The registrations still holding a seat in classes the go/no-go cancelled, each released (and a card payment
   * refunded in full) in its own transaction. One failure (the payment provider down) is logged and retried on the
   * next run; the others go on. Answers how many were released.
   */
  async releaseCancelled(limit = 500): Promise<number> {
    const open = await this.cards.openInCancelledClasses(limit);
    let released = 0;
    for (const e of open) {
      try {
        if ((await this.lifecycle.cancelForCancelledClass(e.organizationId, e.id)).cancelled) released += 1;
      } catch (err) {
        this.logger.error(`Releasing enrollment ${e.id} of a cancelled class failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    return released;
  }
}
