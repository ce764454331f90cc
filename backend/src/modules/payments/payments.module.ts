import { Module } from '@nestjs/common';
import { InPersonPaymentsController } from './in-person-payments.controller';
import { ClassesModule } from '../classes/classes.module';
import { StudentsModule } from '../students/students.module';
import { InPersonPaymentsService } from './in-person-payments.service';
import { PaymentConfigController } from './payment-config.controller';

@Module({
  imports: [StudentsModule, ClassesModule],
  controllers: [PaymentConfigController, InPersonPaymentsController],
  providers: [InPersonPaymentsService],
})
export class PaymentsModule {}
