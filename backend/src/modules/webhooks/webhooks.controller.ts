import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { pageOf } from '../../common/http/list-page';
import { parseListParams, setContentRange } from '../../common/http/list-query';
import { UuidParam } from '../../common/http/uuid.pipe';
import { DeletedResponseDto } from '../../common/openapi/common.responses';
import { ApiEnvelope, ApiList, ApiRequestExample } from '../../common/openapi/api-envelope';
import {
  CreatedWebhookEndpointResponseDto,
  WebhookDeliveryResponseDto,
  WebhookEndpointDto,
  WebhookEndpointResponseDto,
} from './dto/webhook.dto';
import { WebhooksService } from './webhooks.service';

/** The sort fields of GET /webhook-endpoints; the first is the default (oldest first). */
const ENDPOINT_SORT_FIELDS = ['createdAt', 'url', 'id'];

/** Outbound webhooks (admin): the endpoints, their deliveries, and sending one again. */
@Roles(Role.Admin)
@Controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @ApiList(WebhookEndpointResponseDto, 'webhook-endpoints', ENDPOINT_SORT_FIELDS, ['q', 'id', 'active'], {
    description: 'Oldest first unless sorted',
  })
  @Get('webhook-endpoints')
  async list(@OrgId() orgId: string, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    // Without sort/range/filter this is the whole list, oldest first, as before (the list is a react-admin resource).
    const params = parseListParams(query, ENDPOINT_SORT_FIELDS);
    const q = typeof params.filter.q === 'string' ? params.filter.q.toLowerCase() : '';
    const { page, total } = pageOf(
      await this.webhooks.list(orgId),
      params,
      (e) => (!q || e.url.toLowerCase().includes(q)) && (params.filter.active === undefined || e.active === params.filter.active),
    );
    setContentRange(res, 'webhook-endpoints', params, page.length, total);
    return page;
  }

  @ApiEnvelope(WebhookEndpointResponseDto, { description: "One endpoint (never its signing secret); another organization's is 404" })
  @Get('webhook-endpoints/:id')
  one(@OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.webhooks.one(orgId, id);
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
