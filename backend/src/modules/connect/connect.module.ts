import { Module } from '@nestjs/common';
import { StripeModule } from '../stripe/stripe.module';
import { ConnectRepository } from './connect.repository';
import { ConnectService } from './connect.service';

/** Stripe Connect onboarding of organizations (Express accounts) and their payment setup status. */
@Module({
  imports: [StripeModule],
  providers: [ConnectRepository, ConnectService],
  exports: [ConnectService],
})
export class ConnectModule {}
