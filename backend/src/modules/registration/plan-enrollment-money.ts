import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PlanEnrollmentMoneyRepository } from './plan-enrollment-money.repository';

/**
 * What a payment plan's instalments change on the enrollment they pay for (issue 40 §2): the money paid, in the
 * columns every payment fills, and the past-due flag rosters and the roll call show. The payments module calls these
 * in the transaction that records the instalment.
 */
@Injectable()
export class PlanEnrollmentMoney {
  constructor(private readonly repo: PlanEnrollmentMoneyRepository) {}

  /** One instalment paid (`feeCents` of it the platform's); false when the enrollment is no longer paid and active. */
  addInstalment(m: EntityManager, organizationId: string, enrollmentId: string, cents: number, feeCents: number): Promise<boolean> {
    return this.repo.addInstalment(m, organizationId, enrollmentId, cents, feeCents);
  }

  /** One instalment's payment taken back by a lost dispute; false when the enrollment no longer counts it. */
  removeInstalment(m: EntityManager, organizationId: string, enrollmentId: string, cents: number, feeCents: number): Promise<boolean> {
    return this.repo.removeInstalment(m, organizationId, enrollmentId, cents, feeCents);
  }

  /** Past due since `since`, or no longer (null). */
  setPastDue(m: EntityManager, organizationId: string, enrollmentId: string, since: Date | null): Promise<boolean> {
    return this.repo.setPastDue(m, organizationId, enrollmentId, since);
  }
}
