import { Body, Controller, Get, Param, Put, Req } from '@nestjs/common';
import { StaffOnly } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { OutboundLimitsResponseDto, UpdateOutboundLimitsDto } from './dto/outbound-limits.dto';
import { context, reply, type StaffRequest, withMessage } from './it-admin.controller';
import { StaffOutboundLimits } from './outbound-limits.staff';

/**
 * An organization's outbound limits in the IT-admin portal (issue 44 §2): how many messages and webhook deliveries it
 * may send per minute, and how much of this minute it used. Platform staff only; audited.
 */
@StaffOnly()
@Controller('admin')
export class OutboundLimitsController {
  constructor(private readonly limits: StaffOutboundLimits) {}

  @ApiEnvelope(OutboundLimitsResponseDto, withMessage())
  @Get('organizations/:id/outbound-limits')
  async read(@Req() req: StaffRequest, @Param('id', UuidParam) id: string) {
    return reply(await this.limits.read(context(req), id), 'Outbound limits');
  }

  @ApiEnvelope(OutboundLimitsResponseDto, withMessage({ description: 'A key left out keeps its figure; null: the default' }))
  @ApiRequestExample({ messages_per_minute: 500, webhooks_per_minute: null })
  @Put('organizations/:id/outbound-limits')
  async update(@Req() req: StaffRequest, @Param('id', UuidParam) id: string, @Body() dto: UpdateOutboundLimitsDto) {
    return reply(await this.limits.update(context(req), id, dto), 'Outbound limits saved');
  }
}
