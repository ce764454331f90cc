import { HttpStatus } from '@nestjs/common';
import { CodedException } from '../../common/http/app-exception';

/** Why the payer's own payment of a plan from the portal (pay now, a new method) was refused. */
export enum PortalPlanError {
  /** Nothing is left to pay (every instalment paid, waived or cancelled), or the plan is not active. */
  NothingDue = 'PLAN_NOTHING_DUE',
  /** An instalment is being charged right now (by the schedule, or in another window): try again in a few minutes. */
  InstalmentBusy = 'PLAN_INSTALMENT_BUSY',
  /** Stripe does not say the payment (or the saved method) succeeded for this plan: nothing is recorded. */
  NotConfirmed = 'PLAN_PAYMENT_NOT_CONFIRMED',
  /** Card payments are not available for this organization now. */
  PaymentsUnavailable = 'PLAN_PAYMENTS_UNAVAILABLE',
}

const STATUS: Record<PortalPlanError, HttpStatus> = {
  [PortalPlanError.NothingDue]: HttpStatus.CONFLICT,
  [PortalPlanError.InstalmentBusy]: HttpStatus.CONFLICT,
  [PortalPlanError.NotConfirmed]: HttpStatus.CONFLICT,
  [PortalPlanError.PaymentsUnavailable]: HttpStatus.SERVICE_UNAVAILABLE,
};

export class PortalPlanException extends CodedException<PortalPlanError> {
  constructor(code: PortalPlanError, message: string) {
    super(code, STATUS[code], message);
  }
}
