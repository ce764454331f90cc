import { Injectable } from '@nestjs/common';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import { ClassesService } from '../classes/classes.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { classEndDate } from './class-end';
import { PaymentPlanError, PaymentPlanException } from './payment-plans.exception';
import { localDateOf } from './plan-schedule';

/**
 * The rule a payer's plan keeps after it started (issue 40 §5): no instalment is due after the class's last session,
 * in the organization's own time zone. The definition and the quote check it before a plan exists
 * (plan-definitions.service.ts, plan-quotes.service.ts); this checks an admin's move of one due date.
 */
@Injectable()
export class PlanClassEnd {
  constructor(
    private readonly classes: ClassesService,
    private readonly orgs: OrganizationsService,
  ) {}

  /** Refuses (400 PLAN_AFTER_CLASS_ENDS) a due time whose local date is after the class's last session. */
  async checkDue(organizationId: string, classId: string, dueAt: Date): Promise<void> {
    const [cls, org] = await Promise.all([this.classes.require(classId, organizationId), this.orgs.require(organizationId)]);
    const zone = org.settings.timeZone ?? SERVER_TIME_ZONE;
    const end = classEndDate(cls, zone);
    const day = localDateOf(dueAt, zone);
    if (day > end)
      throw new PaymentPlanException(
        PaymentPlanError.AfterClassEnds,
        `An instalment must be due by the class's last session (${end}); ${day} is after it`,
        { errors: { dueAt: `Choose a date on or before ${end}` } },
      );
  }
}
