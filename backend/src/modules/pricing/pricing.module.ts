import { Module } from '@nestjs/common';
import { ClassesModule } from '../classes/classes.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { PaymentPlansModule } from '../payment-plans/payment-plans.module';
import { PricingController } from './pricing.controller';
import { PricingRepository } from './pricing.repository';
import { PricingService } from './pricing.service';
import { RegistrationFees } from './registration-fees';
import { RegistrationFeesRepository } from './registration-fees.repository';

/**
 * Prices: the one price quote every charging path asks (class price, automatic discounts, promo code), and the
 * organization's promo codes with their redemptions. Sits with the catalogue, below the seat modules that call it.
 */
@Module({
  imports: [OrganizationsModule, ClassesModule, PaymentPlansModule],
  controllers: [PricingController],
  providers: [PricingService, PricingRepository, RegistrationFees, RegistrationFeesRepository],
  exports: [PricingService, RegistrationFees],
})
export class PricingModule {}
