import { Module } from '@nestjs/common';
import { OrganizationsModule } from '../organizations/organizations.module';
import { StripeModule } from '../stripe/stripe.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { ConnectController } from './connect.controller';
import { ConnectEventsHandler } from './connect-events.handler';
import { ConnectRepository } from './connect.repository';
import { ConnectService } from './connect.service';

/** Stripe Connect onboarding of organizations (Express accounts) and their payment setup status. */
@Module({
  imports: [StripeModule, SubscriptionsModule, OrganizationsModule],
  controllers: [ConnectController],
  providers: [ConnectRepository, ConnectService, ConnectEventsHandler],
  exports: [ConnectService],
})
export class ConnectModule {}
