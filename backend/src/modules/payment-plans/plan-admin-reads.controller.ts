import { Controller, Get, NotFoundException, Param, Query } from '@nestjs/common';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import { PlanDetailDto, PlanListItemDto, PlanListQueryDto } from './dto/plan-list.dto';
import { PlanReadsRepository } from './plan-reads.repository';
import { planDetail, planListItem } from './plan-views';

/**
 * The admin's "Payment plans" screens (issue 40 §4), read only: the list (by status, class, term) and one plan with its
 * schedule and each instalment's last attempt. The actions on a plan live with the ledger, not here.
 */
@Roles(Role.Admin)
@Controller('payment-plans')
export class PlanAdminReadsController {
  constructor(private readonly reads: PlanReadsRepository) {}

  @ApiEnvelope(PlanListItemDto, { isArray: true, description: 'Newest first, at most 1,000' })
  @Get()
  async list(@OrgId() orgId: string, @Query() q: PlanListQueryDto) {
    return (await this.reads.list(orgId, q)).map(planListItem);
  }

  @ApiEnvelope(PlanDetailDto, { description: "Another organization's plan is 404" })
  @Get(':id')
  async one(@Param('id', UuidParam) id: string, @OrgId() orgId: string) {
    const plan = await this.reads.one(orgId, id);
    if (!plan) throw new NotFoundException(`Payment plan ${id} not found`);
    const [instalments, attempts] = await Promise.all([this.reads.instalments(orgId, id), this.reads.attempts(orgId, id)]);
    return planDetail(plan, instalments, attempts);
  }
}
