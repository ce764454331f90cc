import { Controller, Get, Param } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Public } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import type { AllConfigType } from '../../config/config.type';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import { ConnectStatusResponseDto, StripeConfigResponseDto } from './dto/payment.response';

/**
 * What the registration page asks before offering card payment. Stripe Connect onboarding is a later
 * issue: until an organization has a connected account with charges enabled (none can yet), the
 * answer is an honest "no account", and the site shows the 'Payment System Unavailable' panel.
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

  @ApiEnvelope(ConnectStatusResponseDto)
  @Get('connect/status/organization/:organizationId')
  connectStatus(@Param('organizationId', UuidParam) _organizationId: string) {
    return { hasAccount: false, charges_enabled: false, payouts_enabled: false, details_submitted: false };
  }
}
