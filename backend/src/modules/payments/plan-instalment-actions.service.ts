import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { PaymentPlanError, PaymentPlanException } from '../payment-plans/payment-plans.exception';
import { PayerPlanReads } from '../payment-plans/payer-plan-reads.service';
import { PlanActions, type PlanInstalment } from '../payment-plans/plan-actions';
import { PlanClassEnd } from '../payment-plans/plan-class-end';
import { PlanEnrollmentMoney } from '../registration/plan-enrollment-money';
import { InstalmentAnnouncements } from './instalment-announcements';
import { InstalmentCharges, LEASE_MS } from './instalment-charges';

const PLAN_NOT_FOUND = 'Payment plan not found';
const INSTALMENT_NOT_FOUND = 'Payment plan instalment not found';
const ATTEMPTED = ['soft_decline', 'hard_decline', 'authentication_required', 'bank_debit_failed', 'dispute_lost'];

const busy = () =>
  new PaymentPlanException(
    PaymentPlanError.InstalmentBusy,
    'This instalment is being charged or changed right now. Reload the plan to see its outcome.',
  );
const notActive = (why: string) => new PaymentPlanException(PaymentPlanError.PlanNotActive, why);
const notOpen = (status: string) =>
  new PaymentPlanException(PaymentPlanError.InstalmentNotOpen, `This instalment is ${status}: there is nothing to do to it.`, { status });

/**
 * The organization's actions on one payer's plan (issue 40 §4): charge an instalment now, retry a failed one, pause and
 * resume the plan, move a due date, waive an instalment, mark one paid in person (also a teacher at the door), cancel
 * the remaining instalments. Every change is one conditional write in the payment-plans module's tables: two admins at
 * once get one change and one 409, and a charge is claimed under the job's own lease and attempt key, so the job and
 * an admin never charge the same instalment twice.
 */
@Injectable()
export class PlanInstalmentActions {
  constructor(
    private readonly plans: PlanActions,
    private readonly charges: InstalmentCharges,
    private readonly announce: InstalmentAnnouncements,
    private readonly money: PlanEnrollmentMoney,
    private readonly reads: PayerPlanReads,
    private readonly classEnd: PlanClassEnd,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /**
   * Charges the instalment off-session now (`retry`: only one that failed, or waits for a retry). Refused when the
   * last attempt was a hard decline of the method still saved (409 PLAN_NEEDS_NEW_METHOD), and when someone is
   * charging it already (409 PLAN_INSTALMENT_BUSY). Answers the instalment after the attempt.
   */
  async charge(organizationId: string, planId: string, seq: number, retry: boolean) {
    const i = await this.instalment(organizationId, planId, seq);
    if (i.status !== 'scheduled' && i.status !== 'failed') throw notOpen(i.status);
    if (i.planStatus !== 'active') throw notActive(`This plan is ${i.planStatus}: nothing is charged.`);
    if (i.paused) throw notActive('This plan is paused: resume it to charge its instalments.');
    if (retry && !(i.lastOutcome && ATTEMPTED.includes(i.lastOutcome)))
      throw new PaymentPlanException(PaymentPlanError.InstalmentNotOpen, 'This instalment has not failed: charge it now instead.', {
        status: i.status,
      });
    if (i.lastOutcome === 'hard_decline' && i.hardDeclinedMethod === i.paymentMethodId)
      throw new PaymentPlanException(
        PaymentPlanError.NeedsNewMethod,
        'The saved payment method was declined and will not be tried again. The payer must add another payment method first.',
      );
    if (i.leased) throw busy();
    const claimed = await this.plans.claimOne(organizationId, i.id, LEASE_MS);
    if (!claimed) throw busy();
    await this.charges.chargeOne(claimed);
    return this.plans.reply(organizationId, i.id);
  }

  async pause(organizationId: string, planId: string, paused: boolean) {
    const plan = await this.db.transaction(async (m) => {
      const done = await this.plans.setPaused(m, organizationId, planId, paused);
      const now = await this.plans.plan(organizationId, planId, m);
      if (!now) throw new NotFoundException(PLAN_NOT_FOUND);
      if (!done)
        throw notActive(
          now.status !== 'active' ? `This plan is ${now.status}.` : `This plan is ${paused ? 'already paused' : 'not paused'}.`,
        );
      return now;
    });
    return { id: plan.id, status: plan.status, paused: plan.paused, cancelledInstalments: 0 };
  }

  /**
   * A scheduled instalment due at another time; a past time makes it due now (the job charges it on its next round).
   * Never after the class's last session (400 PLAN_AFTER_CLASS_ENDS), as the plan's definition and quote were held.
   */
  async move(organizationId: string, planId: string, seq: number, dueAt: Date) {
    const i = await this.instalment(organizationId, planId, seq);
    if (i.status !== 'scheduled') throw notOpen(i.status);
    const plan = await this.reads.one(organizationId, planId);
    if (!plan) throw new NotFoundException(PLAN_NOT_FOUND);
    await this.classEnd.checkDue(organizationId, plan.classId, dueAt);
    const when = dueAt.getTime() < Date.now() ? new Date() : dueAt;
    const row = await this.db.transaction((m) => this.plans.move(m, organizationId, i.id, when));
    if (!row) throw busy();
    return this.plans.reply(organizationId, i.id);
  }

  /** The organization forgoes the instalment (`waived`) or took it at the door (`in-person`: recorded as paid, with a receipt). */
  async end(organizationId: string, planId: string, seq: number, how: 'waived' | 'in-person') {
    const i = await this.instalment(organizationId, planId, seq);
    if (i.status !== 'scheduled' && i.status !== 'failed') throw notOpen(i.status);
    if (i.planStatus !== 'active') throw notActive(`This plan is ${i.planStatus}.`);
    await this.db.transaction(async (m) => {
      const row = await this.plans.end(m, organizationId, i.id, how);
      if (!row) throw busy();
      if (how === 'in-person') await this.announce.paid(m, row, { via: 'in-person', paymentIntentId: null, chargeId: null, feeCents: 0 });
      else await this.announce.settled(m, row);
    });
    return this.plans.reply(organizationId, i.id);
  }

  /** Nothing more is charged: every instalment not yet paid is cancelled, and the plan with them (the seat stays). */
  async cancelRemaining(organizationId: string, planId: string) {
    return this.db.transaction(async (m) => {
      const plan = await this.plans.plan(organizationId, planId, m);
      if (!plan) throw new NotFoundException(PLAN_NOT_FOUND);
      if (plan.status !== 'active' && plan.status !== 'pending') throw notActive(`This plan is ${plan.status}.`);
      const done = await this.plans.cancelRemaining(m, organizationId, planId);
      if (!done) throw busy();
      await this.money.setPastDue(m, organizationId, plan.enrollmentId, null);
      return { id: plan.id, status: 'cancelled', paused: false, cancelledInstalments: done.cancelled };
    });
  }

  private async instalment(organizationId: string, planId: string, seq: number): Promise<PlanInstalment> {
    const i = await this.plans.instalment(organizationId, planId, seq);
    if (!i) {
      const plan = await this.plans.plan(organizationId, planId);
      throw new NotFoundException(plan ? INSTALMENT_NOT_FOUND : PLAN_NOT_FOUND);
    }
    return i;
  }
}
