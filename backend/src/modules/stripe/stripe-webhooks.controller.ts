import { Controller, Headers, HttpCode, HttpStatus, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { ApiBody, ApiHeader } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/roles';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import { StripeWebhookResponseDto } from './dto/stripe-webhook.response';
import { StripeEventsService } from './stripe-events.service';

/**
 * Stripe's webhook endpoint. The signature is checked on the exact bytes Stripe sent (`rawBody`, kept by the
 * body parser because the app is created with `rawBody: true`), never on re-serialized JSON.
 */
@Public()
@Controller('webhooks')
export class StripeWebhooksController {
  constructor(private readonly events: StripeEventsService) {}

  @ApiEnvelope(StripeWebhookResponseDto, {
    description:
      'Verified and stored (processed once). A bad or missing signature is 400 and stores nothing; a failing handler is 500 so Stripe retries',
  })
  @ApiHeader({ name: 'Stripe-Signature', required: true, description: 'Stripe\u2019s signature of the raw body (t=…,v1=…)' })
  @ApiBody({ description: 'A Stripe event exactly as Stripe sent it', schema: { type: 'object', additionalProperties: true } })
  @Post('stripe')
  @HttpCode(HttpStatus.OK)
  receive(@Req() req: RawBodyRequest<FastifyRequest>, @Headers('stripe-signature') signature: string | undefined) {
    return this.events.receiveWebhook(req.rawBody, signature);
  }
}
