import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CardHoldsService, plainSeatRequest } from '../registration/card-holds.service';
import { SeatRequestLimits } from '../registration/seat-request-limits';
import { clientInfo } from '../registration-forms/registration-forms.service';
import { Public } from '../../common/auth/roles';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { EXAMPLE_ID, EXAMPLE_ORG_ID } from '../../common/openapi/common.responses';
import { STUDENT_EXAMPLE } from '../registration/dto/student.response';
import { CardHoldIntents } from './card-hold-intents.service';
import { CardPaymentsService } from './card-payments.service';
import { ConfirmEnrollmentDto, CreatePaymentIntentDto } from './dto/card-payment.dto';
import { ConfirmEnrollmentResponseDto, PaymentIntentResponseDto } from './dto/card-payment.response';

/** The public registration page's card step (spec 2 §4, §7). */
@Public()
@Controller('payments')
export class CardPaymentsController {
  constructor(
    private readonly payments: CardPaymentsService,
    private readonly holds: CardHoldsService,
    private readonly intents: CardHoldIntents,
    private readonly limits: SeatRequestLimits,
  ) {}

  @ApiEnvelope(PaymentIntentResponseDto, {
    status: 201,
    description:
      'Holds a seat (SEAT_HOLD_MINUTES) and opens a PaymentIntent for the price the server computes. 409: another amount, class full or ' +
      'closed, already enrolled; 403: the organization cannot take card payments (PLAN_REQUIRED, LIMIT_REACHED or CARD_PAYMENTS_NOT_SET_UP); 503: no payment provider; ' +
      '429: more than CARD_INTENT_RATE_LIMIT_PER_MINUTE holds from one IP in a minute (Retry-After)',
  })
  @ApiBody({
    type: CreatePaymentIntentDto,
    examples: {
      example: {
        summary: 'Example',
        value: { classId: EXAMPLE_ID, organizationId: EXAMPLE_ORG_ID, studentData: STUDENT_EXAMPLE, amount: 80 },
      },
    },
  })
  @Post('create-intent')
  async createIntent(@Body() body: unknown, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    // A class that has just filled is answered first, from one statement, before the rate limit and the body's
    // validation (docs/decisions/full-class-answered-first-from-one-statement.md). Without a payment provider the
    // route answers 503 first.
    const b = body as { classId?: unknown; studentData?: { email?: unknown } | null } | null;
    const plain = this.intents.available ? plainSeatRequest(body, b?.classId, b?.studentData?.email) : null;
    const read = plain ? await this.holds.readClass(plain.organizationId, plain.classId, plain.email) : null;
    // Per client IP (CARD_INTENT_RATE_LIMIT_PER_MINUTE, 10): each call may hold a seat for SEAT_HOLD_MINUTES, so a script
    // with made-up emails could otherwise tie up a class's seats. A student retrying or a family registering several
    // people stays well under it.
    await this.limits.count('createIntent', req, reply);
    const dto = await this.limits.validate(CreatePaymentIntentDto, body);
    return this.intents.createIntent(dto, clientInfo(req), read ?? undefined);
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
