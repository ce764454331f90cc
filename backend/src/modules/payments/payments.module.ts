import { Module } from '@nestjs/common';
import { InPersonPaymentsController } from './in-person-payments.controller';
import { InPersonPaymentsRepository } from './in-person-payments.repository';
import { InPersonPaymentsService } from './in-person-payments.service';
import { PaymentConfigController } from './payment-config.controller';

@Module({
  controllers: [PaymentConfigController, InPersonPaymentsController],
  providers: [InPersonPaymentsRepository, InPersonPaymentsService],
})
export class PaymentsModule {}
