import { HttpStatus } from '@nestjs/common';
import { CodedException } from '../../common/http/app-exception';

/** Why a payment plan (its definition, or a registration's choice of it) was refused: stable codes beside the message. */
export enum PaymentPlanError {
  /** A plan on a class whose price is 0: there is nothing to pay over time. */
  FreeClass = 'PLAN_ON_FREE_CLASS',
  /** The deposit is more than the class's price (or 100% of it): nothing would be left for the instalments. */
  DepositAbovePrice = 'PLAN_DEPOSIT_ABOVE_PRICE',
  /** An instalment would fall after the class's last session. */
  AfterClassEnds = 'PLAN_AFTER_CLASS_ENDS',
  /** Explicit due dates whose shares of the balance do not add up to 100%, or are in the wrong order. */
  SharesDoNotAddUp = 'PLAN_SHARES_DO_NOT_ADD_UP',
  /** The plan is not offered for this registration (another class, past its last day, below its minimum price, too late). */
  NotOffered = 'PLAN_NOT_OFFERED',
  /** A plan was chosen without accepting the consent to charge the saved method later. */
  ConsentRequired = 'PLAN_CONSENT_REQUIRED',
  /** A plan is chosen by one payer for one seat: a household registration pays at once. */
  OnePersonOnly = 'PLAN_ONE_PERSON_ONLY',
  /** The plan is not active (completed, cancelled, not started) or is paused: nothing is charged or changed. */
  PlanNotActive = 'PLAN_NOT_ACTIVE',
  /** The instalment is not in a state this action applies to (paid, waived, cancelled, processing, or not yet failed). */
  InstalmentNotOpen = 'PLAN_INSTALMENT_NOT_OPEN',
  /** Someone (the job, or another admin) is charging this instalment right now: one charge, this request refused. */
  InstalmentBusy = 'PLAN_INSTALMENT_BUSY',
  /** The last attempt was a hard decline (lost, stolen, expired card…) and no other payment method was saved since. */
  NeedsNewMethod = 'PLAN_NEEDS_NEW_METHOD',
}

const STATUS: Record<PaymentPlanError, HttpStatus> = {
  [PaymentPlanError.FreeClass]: HttpStatus.BAD_REQUEST,
  [PaymentPlanError.DepositAbovePrice]: HttpStatus.BAD_REQUEST,
  [PaymentPlanError.AfterClassEnds]: HttpStatus.BAD_REQUEST,
  [PaymentPlanError.SharesDoNotAddUp]: HttpStatus.BAD_REQUEST,
  [PaymentPlanError.NotOffered]: HttpStatus.CONFLICT,
  [PaymentPlanError.ConsentRequired]: HttpStatus.BAD_REQUEST,
  [PaymentPlanError.OnePersonOnly]: HttpStatus.BAD_REQUEST,
  [PaymentPlanError.PlanNotActive]: HttpStatus.CONFLICT,
  [PaymentPlanError.InstalmentNotOpen]: HttpStatus.CONFLICT,
  [PaymentPlanError.InstalmentBusy]: HttpStatus.CONFLICT,
  [PaymentPlanError.NeedsNewMethod]: HttpStatus.CONFLICT,
};

export class PaymentPlanException extends CodedException<PaymentPlanError> {
  constructor(code: PaymentPlanError, message: string, details: Record<string, unknown> = {}) {
    super(code, STATUS[code], message, details);
  }
}

/** The consent a payer accepts when the organization has not written its own. */
export const DEFAULT_CONSENT_TEXT =
  'I authorize this organization to charge my saved payment method for each instalment of this payment plan on its due date, ' +
  'until the balance is paid. I can ask the organization to cancel future instalments at any time.';
