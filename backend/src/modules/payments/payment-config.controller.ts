import { Controller, Get } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Public } from '../../common/auth/roles';
import type { AllConfigType } from '../../config/config.type';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import { StripeConfigResponseDto } from './dto/payment.response';

/**
 * Stripe's publishable key for Stripe.js and the mode label (LIVE/TEST). Whether an organization can take card
 * payments is the connect module's `GET /connect/status/{organizationId}`.
 */
@Public()
@Controller()
export class PaymentConfigController {
  constructor(private readonly config: ConfigService<AllConfigType>) {}

  @ApiEnvelope(StripeConfigResponseDto)
  @Get('stripe/config')
  stripeConfig() {
    const stripe = this.config.getOrThrow('stripe', { infer: true });
    return { publicKey: stripe.publishableKey, environment: stripe.publishableKey?.startsWith('pk_live') ? 'production' : 'test' };
  }
}
