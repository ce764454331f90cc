import { Module } from '@nestjs/common';
import { ClassesModule } from '../classes/classes.module';
import { CommunicationsModule } from '../communications/communications.module';
import { ConnectModule } from '../connect/connect.module';
import { PricingModule } from '../pricing/pricing.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { StripeModule } from '../stripe/stripe.module';
import { RegistrationModule } from '../registration/registration.module';
import { WaitlistController } from './waitlist.controller';
import { WaitlistJobs } from './waitlist.jobs';
import { WaitlistRepository } from './waitlist.repository';
import { WaitlistExpiryService } from './waitlist-expiry.service';
import { WaitlistMessages } from './waitlist-messages';
import { WaitlistOffersService } from './waitlist-offers.service';
import { WaitlistService } from './waitlist.service';
import { WaitlistTokens } from './waitlist-tokens';
import { WebhooksModule } from '../webhooks/webhooks.module';

/**
 * The waitlist, owner of `waitlist_entries`. It fills two ports at start-up: the classes module's seats-freed hooks
 * (seats freed anywhere are offered first) and the registration module's seat offers (registering into an offered
 * seat), so neither of those modules imports this one.
 */
@Module({
  imports: [
    ClassesModule,
    RegistrationModule,
    CommunicationsModule,
    OrganizationsModule,
    ConnectModule,
    StripeModule,
    WebhooksModule,
    PricingModule,
  ],
  controllers: [WaitlistController],
  providers: [
    WaitlistRepository,
    WaitlistService,
    WaitlistOffersService,
    WaitlistExpiryService,
    WaitlistMessages,
    WaitlistTokens,
    WaitlistJobs,
  ],
  exports: [WaitlistService],
})
export class WaitlistModule {}
