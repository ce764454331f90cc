import { Controller, Get, Param, Query } from '@nestjs/common';
import { Public } from '../../common/auth/roles';
import { PlansService } from './plans.service';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import { PlanResponseDto } from './dto/plan.response';

@Controller('subscription-plans')
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  @ApiEnvelope(PlanResponseDto, { isArray: true })
  @Public()
  @Get()
  list(@Query('includeInactive') includeInactive?: string) {
    return this.plans.list(includeInactive === 'true');
  }

  @ApiEnvelope(PlanResponseDto)
  @Public()
  @Get(':id')
  get(@Param('id') id: string) {
    return this.plans.get(id);
  }
}
