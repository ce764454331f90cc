import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { PortalOnly } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import {
  PortalPlanMethodConfirmDto,
  PortalPlanMethodResponseDto,
  PortalPlanMethodSavedDto,
  PortalPlanPaidResponseDto,
  PortalPlanPayConfirmDto,
  PortalPlanPayDto,
  PortalPlanPayResponseDto,
} from './dto/portal-plan-pay.dto';
import { PortalPlanPayments } from './portal-plan-payments.service';
import { CurrentStudent, type PortalUser } from './portal-user';

/** The payer pays a plan now or saves a new method, from the portal (issue 40 §3). Another payer's plan is 404. */
@PortalOnly()
@Controller('portal/payment-plans/:id')
export class PortalPlanPaymentsController {
  constructor(private readonly plans: PortalPlanPayments) {}

  @ApiEnvelope(PortalPlanPayResponseDto, {
    description: 'A PaymentIntent for one instalment (seq) or the whole balance; 409 PLAN_INSTALMENT_BUSY while it is being charged',
  })
  @ApiRequestExample({ seq: 2 })
  @HttpCode(200)
  @Post('pay')
  pay(@CurrentStudent() user: PortalUser, @Param('id', UuidParam) id: string, @Body() dto: PortalPlanPayDto) {
    return this.plans.pay(user, id, dto.seq ?? null);
  }

  @ApiEnvelope(PortalPlanPaidResponseDto, {
    description: 'Recorded only when Stripe says the PaymentIntent succeeded; a second call answers the same',
  })
  @ApiRequestExample({ paymentIntentId: 'pi_3Q0abc' })
  @HttpCode(200)
  @Post('pay/confirm')
  confirmPay(@CurrentStudent() user: PortalUser, @Param('id', UuidParam) id: string, @Body() dto: PortalPlanPayConfirmDto) {
    return this.plans.confirmPayment(user, id, dto.paymentIntentId);
  }

  @ApiEnvelope(PortalPlanMethodResponseDto, { description: "A SetupIntent on the plan's Customer for a new method" })
  @HttpCode(200)
  @Post('method')
  method(@CurrentStudent() user: PortalUser, @Param('id', UuidParam) id: string) {
    return this.plans.newMethod(user, id);
  }

  @ApiEnvelope(PortalPlanMethodSavedDto, {
    description: "The saved method becomes the plan's; failed and due instalments are charged again at once",
  })
  @ApiRequestExample({ setupIntentId: 'seti_1Q0abc' })
  @HttpCode(200)
  @Post('method/confirm')
  confirmMethod(@CurrentStudent() user: PortalUser, @Param('id', UuidParam) id: string, @Body() dto: PortalPlanMethodConfirmDto) {
    return this.plans.confirmMethod(user, id, dto.setupIntentId);
  }
}
