import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { clientInfo } from '../registration-forms/registration-forms.service';
import { Public } from '../../common/auth/roles';
import { RateLimit } from '../../common/http/rate-limit';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { EXAMPLE_ID, EXAMPLE_ORG_ID } from '../../common/openapi/common.responses';
import { STUDENT_EXAMPLE } from '../registration/dto/student.response';
import { CardPaymentsService } from './card-payments.service';
import { ConfirmEnrollmentDto, CreatePaymentIntentDto } from './dto/card-payment.dto';
import { ConfirmEnrollmentResponseDto, PaymentIntentResponseDto } from './dto/card-payment.response';

/** The public registration page's card step (spec 2 §4, §7). */
@Public()
@Controller('payments')
export class CardPaymentsController {
  constructor(private readonly payments: CardPaymentsService) {}

  @ApiEnvelope(PaymentIntentResponseDto, {
    status: 201,
    description:
      'Holds a seat (SEAT_HOLD_MINUTES) and opens a PaymentIntent for the price the server computes. 409: another amount, class full or ' +
      "closed, already enrolled; 403: the organization cannot take card payments (message contains 'subscription'); 503: no payment provider; " +
      '429: more than CARD_INTENT_RATE_LIMIT_PER_MINUTE holds from one IP in a minute (Retry-After)',
  })
  @ApiRequestExample({ classId: EXAMPLE_ID, organizationId: EXAMPLE_ORG_ID, studentData: STUDENT_EXAMPLE, amount: 80 })
  // Per client IP (CARD_INTENT_RATE_LIMIT_PER_MINUTE, 10): each call may hold a seat for SEAT_HOLD_MINUTES, so a script
  // with made-up emails could otherwise tie up a class's seats. A student retrying or a family registering several
  // people stays well under it.
  @RateLimit('cardIntent', 'create-intent')
  @Post('create-intent')
  createIntent(@Body() dto: CreatePaymentIntentDto, @Req() req: FastifyRequest) {
    return this.payments.createIntent(dto, clientInfo(req));
  }

  @ApiEnvelope(ConfirmEnrollmentResponseDto, {
    description:
      'Completes the enrollment only when Stripe says the PaymentIntent succeeded and it matches the registration; a second call answers the same',
  })
  @ApiRequestExample({ paymentIntentId: 'pi_3Q0abc', classId: EXAMPLE_ID, organizationId: EXAMPLE_ORG_ID, studentData: STUDENT_EXAMPLE })
  @Post('confirm-enrollment')
  @HttpCode(200)
  confirm(@Body() dto: ConfirmEnrollmentDto) {
    return this.payments.confirm(dto);
  }
}
