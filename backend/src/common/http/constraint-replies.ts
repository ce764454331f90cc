import type { HttpStatus } from '@nestjs/common';

/** What a failure reply says when a named database constraint refused a write: a status, a feature's code, a message. */
export interface ConstraintReply {
  status: HttpStatus;
  code: string;
  error: string;
}

/**
 * Readable replies for constraints that guard a feature's rule at the database (an exclusion constraint checked at
 * commit, which no service check can stand in for under racing writes). The feature that owns the rule registers its
 * reply at start-up; the exception filter answers with it instead of the generic text for the error's SQLSTATE.
 */
const replies = new Map<string, ConstraintReply>();

export function registerConstraintReply(constraint: string, reply: ConstraintReply): void {
  replies.set(constraint, reply);
}

export function constraintReply(constraint: string | undefined): ConstraintReply | undefined {
  return constraint ? replies.get(constraint) : undefined;
}
