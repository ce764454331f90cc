import { Controller, Get, Param, Query } from '@nestjs/common';
import { Public } from '../../common/auth/roles';
import { PlansService } from './plans.service';

@Controller('subscription-plans')
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  @Public() @Get()
  list(@Query('includeInactive') includeInactive?: string) {
    return this.plans.list(includeInactive === 'true');
  }

  @Public() @Get(':id')
  get(@Param('id') id: string) {
    return this.plans.get(id);
  }
}
