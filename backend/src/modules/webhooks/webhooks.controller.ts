import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { DeletedResponseDto } from '../../common/openapi/common.responses';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import {
  CreatedWebhookEndpointResponseDto,
  WebhookDeliveryResponseDto,
  WebhookEndpointDto,
  WebhookEndpointResponseDto,
} from './dto/webhook.dto';
import { WebhooksService } from './webhooks.service';

/** Outbound webhooks (admin): the endpoints, their deliveries, and sending one again. */
@Roles(Role.Admin)
@Controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @ApiEnvelope(WebhookEndpointResponseDto, { isArray: true })
  @Get('webhook-endpoints')
  list(@OrgId() orgId: string) {
    return this.webhooks.list(orgId);
  }

  @ApiEnvelope(CreatedWebhookEndpointResponseDto, { status: 201 })
  @ApiRequestExample({ url: 'https://hooks.zapier.com/hooks/catch/123/abc', events: ['enrollment.created', 'payment.succeeded'] })
  @Post('webhook-endpoints')
  create(@OrgId() orgId: string, @Body() dto: WebhookEndpointDto) {
    return this.webhooks.create(orgId, dto);
  }

  @ApiEnvelope(WebhookEndpointResponseDto)
  @ApiRequestExample({ url: 'https://hooks.zapier.com/hooks/catch/123/abc', events: ['enrollment.created'], active: true })
  @Put('webhook-endpoints/:id')
  update(@OrgId() orgId: string, @Param('id', UuidParam) id: string, @Body() dto: WebhookEndpointDto) {
    return this.webhooks.update(orgId, id, dto);
  }

  @ApiEnvelope(DeletedResponseDto)
  @Delete('webhook-endpoints/:id')
  remove(@OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.webhooks.remove(orgId, id);
  }

  @ApiEnvelope(WebhookDeliveryResponseDto, { isArray: true, description: 'The latest 100, newest first' })
  @Get('webhook-endpoints/:id/deliveries')
  deliveries(@OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.webhooks.deliveries(orgId, id);
  }

  @ApiEnvelope(WebhookDeliveryResponseDto)
  @Post('webhook-deliveries/:id/redeliver')
  @HttpCode(200)
  redeliver(@OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.webhooks.redeliver(orgId, id);
  }
}
