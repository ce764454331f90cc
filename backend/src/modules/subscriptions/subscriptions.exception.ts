import { HttpStatus } from '@nestjs/common';
import { CodedException } from '../../common/http/app-exception';
import type { PlanAction } from './plan-policy';

/** Why the organization's plan said no: stable codes clients can branch on (beside the message). */
export enum SubscriptionError {
  /** A limit of the plan is reached (classes, students, card payments this month); `upgradePlan` names a plan with more. */
  LimitReached = 'LIMIT_REACHED',
  /** A feature the plan does not include (`upgradePlan` names the cheapest plan that does). */
  PlanRequired = 'PLAN_REQUIRED',
}

const STATUS: Record<SubscriptionError, HttpStatus> = {
  [SubscriptionError.LimitReached]: HttpStatus.FORBIDDEN,
  [SubscriptionError.PlanRequired]: HttpStatus.FORBIDDEN,
};

/**
 * The plan policy's refusal (always a 403). `action` is the plan action refused, kept out of the reply: the
 * registration paths tell the student limit (which closes registration) from the plan's other refusals by it.
 */
export class SubscriptionException extends CodedException<SubscriptionError> {
  constructor(
    code: SubscriptionError,
    message: string,
    details: Record<string, unknown> = {},
    readonly action: PlanAction | null = null,
  ) {
    super(code, STATUS[code], message, details);
  }
}
