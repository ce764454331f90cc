import { Injectable } from '@nestjs/common';
import { InstalmentDisputesRepository } from './instalment-disputes.repository';
import { PlanActionsRepository } from './plan-actions.repository';
import { PlanDeadlinesRepository } from './plan-deadlines.repository';

export type { PlanInstalment } from './plan-actions.repository';
export type { ChargedInstalment, InstalmentDisputeState } from './instalment-disputes.repository';
export type { PlanPastDue, ReminderDue } from './plan-deadlines.repository';

type Args<K extends keyof PlanActionsRepository> = PlanActionsRepository[K] extends (...a: infer A) => unknown ? A : never;
type XArgs<K extends keyof InstalmentDisputesRepository> = InstalmentDisputesRepository[K] extends (...a: infer A) => unknown ? A : never;
type DArgs<K extends keyof PlanDeadlinesRepository> = PlanDeadlinesRepository[K] extends (...a: infer A) => unknown ? A : never;

/**
 * Every change of a payer's plan and its instalments after the plan started (issue 40 §2-§5), for the modules above:
 * the admin's actions and a bank debit's settling (PlanActionsRepository), the dates (reminders, past due, release)
 * and the cancellation's part (PlanDeadlinesRepository). Each is one conditional update that changes nothing when the
 * row is no longer in the state it needs; the callers answer that with a 409 or by doing nothing.
 */
@Injectable()
export class PlanActions {
  constructor(
    private readonly actions: PlanActionsRepository,
    private readonly deadlines: PlanDeadlinesRepository,
    private readonly disputes: InstalmentDisputesRepository,
  ) {}

  // --- an admin's actions, a bank debit's settling, the payer's on-session payment ---
  instalment = (...a: Args<'instalment'>) => this.actions.instalment(...a);
  plan = (...a: Args<'plan'>) => this.actions.plan(...a);
  reply = (...a: Args<'reply'>) => this.actions.reply(...a);
  claimOne = (...a: Args<'claimOne'>) => this.actions.claimOne(...a);
  setPaused = (...a: Args<'setPaused'>) => this.actions.setPaused(...a);
  move = (...a: Args<'move'>) => this.actions.move(...a);
  end = (...a: Args<'end'>) => this.actions.end(...a);
  cancelRemaining = (...a: Args<'cancelRemaining'>) => this.actions.cancelRemaining(...a);
  settleProcessing = (...a: Args<'settleProcessing'>) => this.actions.settleProcessing(...a);
  payOnSession = (...a: Args<'payOnSession'>) => this.actions.payOnSession(...a);
  paidInstalments = (...a: Args<'paidInstalments'>) => this.actions.paidInstalments(...a);
  completeIfDone = (...a: Args<'completeIfDone'>) => this.actions.completeIfDone(...a);
  refundedAfterCancel = (...a: Args<'refundedAfterCancel'>) => this.actions.refundedAfterCancel(...a);

  // --- a dispute of an instalment's charge ---
  chargedBy = (...a: XArgs<'byIntent'>) => this.disputes.byIntent(...a);
  markDisputed = (...a: XArgs<'mark'>) => this.disputes.mark(...a);

  // --- dates, and the cancellation's part ---
  claimReminders = (...a: DArgs<'claimReminders'>) => this.deadlines.claimReminders(...a);
  claimPastDue = (...a: DArgs<'claimPastDue'>) => this.deadlines.claimPastDue(...a);
  releasesDue = (...a: DArgs<'releasesDue'>) => this.deadlines.releasesDue(...a);
  markReleased = (...a: DArgs<'markReleased'>) => this.deadlines.markReleased(...a);
  clearPastDue = (...a: DArgs<'clearPastDue'>) => this.deadlines.clearPastDue(...a);
  cancelWithEnrollment = (...a: DArgs<'cancelWithEnrollment'>) => this.deadlines.cancelWithEnrollment(...a);
}
