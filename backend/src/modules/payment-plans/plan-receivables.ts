import { Injectable } from '@nestjs/common';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import { OrganizationsService } from '../organizations/organizations.service';
import { PlanReceivablesRepository } from './plan-receivables.repository';

const dollars = (cents: number) => cents / 100;

/**
 * What the organization is still owed by its payment plans (issue 40 §4 "Reports"), for the reporting module (which
 * sits above this one and calls it as it calls every owner): each open plan's balance and overdue part, and the
 * instalments due per month in the organization's time zone. Dollars.
 */
@Injectable()
export class PlanReceivables {
  constructor(
    private readonly repo: PlanReceivablesRepository,
    private readonly orgs: OrganizationsService,
  ) {}

  async outstanding(organizationId: string) {
    return (await this.repo.outstanding(organizationId)).map((r) => ({
      planId: r.planId,
      studentName: r.studentName,
      studentEmail: r.studentEmail,
      classTitle: r.classTitle,
      termName: r.termName,
      planName: r.planName,
      pastDue: r.pastDue,
      total: dollars(r.totalCents),
      paid: dollars(r.paidCents),
      balance: dollars(r.balanceCents),
      overdue: dollars(r.overdueCents),
      nextDueAt: r.nextDueAt ? new Date(r.nextDueAt).toISOString() : null,
    }));
  }

  async dueByMonth(organizationId: string) {
    const org = await this.orgs.require(organizationId);
    const zone = org.settings.timeZone ?? SERVER_TIME_ZONE;
    return (await this.repo.dueByMonth(organizationId, zone)).map((r) => ({
      month: r.month,
      instalments: r.instalments,
      due: dollars(r.dueCents),
      paid: dollars(r.paidCents),
      processing: dollars(r.processingCents),
      outstanding: dollars(r.outstandingCents),
      overdue: dollars(r.overdueCents),
    }));
  }
}
