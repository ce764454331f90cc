import { Module } from '@nestjs/common';
import { PaymentConfigController } from './payment-config.controller';

@Module({ controllers: [PaymentConfigController] })
export class PaymentsModule {}
