import { Body, Controller, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { PortalOnly, Public } from '../../common/auth/roles';
import { RawReply } from '../../common/http/envelope.interceptor';
import { RateLimit } from '../../common/http/rate-limit';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRawReply, ApiRequestExample } from '../../common/openapi/api-envelope';
import { StudentExportResponseDto } from '../data-export/data-export.controller';
import {
  ConfirmTransferPaymentDto,
  PortalSessionDto,
  RequestPortalLinkDto,
  TransferEnrollmentDto,
  TransferPaymentDto,
  UpdatePortalProfileDto,
} from './dto/portal.dto';
import {
  PortalCancelResponseDto,
  PortalErasureRequestedDto,
  PortalLinkRequestedDto,
  PortalProfileUpdatedDto,
  PortalRegistrationsDto,
  PortalSessionResponseDto,
  PortalSignOutDto,
  PortalTransferAbandonedDto,
  PortalTransferOptionDto,
  PortalTransferPaymentDto,
  PortalTransferResponseDto,
} from './dto/portal.response';
import { CurrentStudent, type PortalUser } from './portal-user';
import { PortalService } from './portal.service';
import { PortalSignIn } from './portal-sign-in.service';

/**
 * The student portal (decision 18): sign in by an emailed single-use link, then the student's own registrations.
 * Every route but the two sign-in ones needs a portal token, and accepts nothing else.
 */
@PortalOnly()
@Controller('portal')
export class PortalController {
  constructor(
    private readonly portal: PortalService,
    private readonly signIn: PortalSignIn,
  ) {}

  @ApiEnvelope(PortalLinkRequestedDto, {
    status: 202,
    description:
      'Always 202 with the same body, known email or not (nothing tells who is registered); a known student gets a sign-in link valid 15 ' +
      'minutes, usable once, at most 3 per 15 minutes. 429: too many requests from one client (AUTH_RATE_LIMIT_PER_MINUTE)',
  })
  @ApiRequestExample({ organizationId: 'a0000000-0000-4000-8000-000000000001', email: 'maya@example.com' })
  @Public()
  @RateLimit('auth', 'portal-link')
  @HttpCode(202)
  @Post('link')
  requestLink(@Body() dto: RequestPortalLinkDto) {
    return this.signIn.requestLink(dto);
  }

  @ApiEnvelope(PortalSessionResponseDto, {
    description: 'Exchanges the link for a portal token (1 hour). 410 for a used, expired or unknown link, with the way to a new one',
  })
  @Public()
  @RateLimit('auth', 'portal-session')
  @HttpCode(200)
  @Post('session')
  session(@Body() dto: PortalSessionDto) {
    return this.signIn.session(dto.token);
  }

  @ApiEnvelope(PortalSignOutDto, { description: 'Ends this portal session on every device that holds its token' })
  @HttpCode(200)
  @Post('signout')
  signOut(@CurrentStudent() user: PortalUser) {
    return this.signIn.signOut(user);
  }

  @ApiEnvelope(PortalRegistrationsDto, {
    description:
      "The student's and their household's registrations with each cancellable one's refund by the policy frozen at registration, " +
      "their waitlist places, and the organization's self-service rules",
  })
  @Get('registrations')
  registrations(@CurrentStudent() user: PortalUser) {
    return this.portal.registrations(user);
  }

  @ApiEnvelope(PortalCancelResponseDto, {
    description:
      'Cancels: a card payment is refunded by the frozen policy (once, whatever is repeated), the seat goes to the waitlist. ' +
      "409 after the cut-off (selfServiceCancelHoursBefore), with the organization's contact; 403 when self-service is off; 404 for anyone else's",
  })
  @HttpCode(200)
  @Post('enrollments/:id/cancel')
  cancel(@CurrentStudent() user: PortalUser, @Param('id', UuidParam) id: string) {
    return this.portal.cancel(user, id);
  }

  @ApiEnvelope(PortalTransferOptionDto, {
    isArray: true,
    description: 'The open classes with a free seat this registration may switch to, with the price difference. 403 when transfers are off',
  })
  @Get('enrollments/:id/transfer-options')
  transferOptions(@CurrentStudent() user: PortalUser, @Param('id', UuidParam) id: string) {
    return this.portal.transferOptions(user, id);
  }

  @ApiEnvelope(PortalTransferResponseDto, {
    description:
      'Switches to another open class in one transaction (new seat taken, old one freed). A cheaper class refunds the difference to the card; ' +
      'a dearer one for a card payment is 409 TRANSFER_NEEDS_PAYMENT (pay the difference through transfer/payment-intent), or, with ' +
      'payDifferenceInPerson when the organization allows it (selfServiceTransferDifferenceInPerson), switches now with the difference due in person. ' +
      '403 when selfServiceTransfers is off; 409 when the class is full',
  })
  @ApiRequestExample({ toClassId: 'c0000000-0000-4000-8000-000000000002' })
  @HttpCode(200)
  @Post('enrollments/:id/transfer')
  transfer(@CurrentStudent() user: PortalUser, @Param('id', UuidParam) id: string, @Body() dto: TransferEnrollmentDto) {
    return this.portal.transfer(user, id, dto.toClassId, dto.payDifferenceInPerson === true);
  }

  @ApiEnvelope(PortalTransferPaymentDto, {
    status: 201,
    description:
      'A switch to a dearer class paid by card: holds a seat in that class (as long as a card registration holds one) and opens a ' +
      'PaymentIntent for exactly the difference; `amount` must be that difference (409 PRICE_CHANGED otherwise). The switch happens when ' +
      'the payment is confirmed (transfer/confirm or the webhook). 409 when the class is full',
  })
  @ApiRequestExample({ toClassId: 'c0000000-0000-4000-8000-000000000002', amount: 40 })
  @Post('enrollments/:id/transfer/payment-intent')
  transferPayment(@CurrentStudent() user: PortalUser, @Param('id', UuidParam) id: string, @Body() dto: TransferPaymentDto) {
    return this.portal.transferPayment(user, id, dto.toClassId, dto.amount);
  }

  @ApiEnvelope(PortalTransferResponseDto, {
    description:
      'Checks the difference payment with Stripe and makes the switch (exactly once, whether this or the webhook comes first). ' +
      '409 when it is not paid yet, or when it arrived after the held seat was released (then it is refunded in full)',
  })
  @ApiRequestExample({ paymentIntentId: 'pi_3Q0example' })
  @HttpCode(200)
  @Post('enrollments/:id/transfer/confirm')
  confirmTransfer(@CurrentStudent() user: PortalUser, @Param('id', UuidParam) id: string, @Body() dto: ConfirmTransferPaymentDto) {
    return this.portal.confirmTransferPayment(user, id, dto.paymentIntentId);
  }

  @ApiEnvelope(PortalTransferAbandonedDto, { description: 'Gives back the seat held for an unpaid switch and cancels its payment' })
  @HttpCode(200)
  @Post('enrollments/:id/transfer/abandon')
  abandonTransfer(@CurrentStudent() user: PortalUser, @Param('id', UuidParam) id: string) {
    return this.portal.abandonTransferPayment(user, id);
  }

  @ApiEnvelope(PortalProfileUpdatedDto, { description: 'The phone and message consent; the email stays (it is who the student is)' })
  @ApiRequestExample({ phone: '(559) 555-0123', communicationOptIn: false })
  @Put('profile')
  updateProfile(@CurrentStudent() user: PortalUser, @Body() dto: UpdatePortalProfileDto) {
    return this.portal.updateProfile(user, dto);
  }

  @ApiEnvelope(StudentExportResponseDto, { description: "The student's own data, as the organization's student export gives it" })
  @Get('export')
  export(@CurrentStudent() user: PortalUser) {
    return this.portal.export(user);
  }

  @ApiEnvelope(PortalErasureRequestedDto, {
    description: "Asks the organization to erase the student's personal data: an activity event and an email to its admins",
  })
  @HttpCode(200)
  @Post('erasure')
  erasure(@CurrentStudent() user: PortalUser) {
    return this.portal.requestErasure(user);
  }

  @ApiRawReply('application/pdf', '%PDF-1.3 … receipt … %%EOF')
  @Get('enrollments/:id/receipt')
  async receipt(@CurrentStudent() user: PortalUser, @Param('id', UuidParam) id: string, @Res({ passthrough: true }) res: FastifyReply) {
    const pdf = await this.portal.receipt(user, id);
    void res.header('Content-Disposition', 'attachment; filename="receipt.pdf"');
    return new RawReply(pdf, 'application/pdf');
  }

  @ApiRawReply('text/calendar', 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\n…\r\nEND:VCALENDAR\r\n')
  @Get('enrollments/:id/calendar.ics')
  async calendar(@CurrentStudent() user: PortalUser, @Param('id', UuidParam) id: string, @Res({ passthrough: true }) res: FastifyReply) {
    const body = await this.portal.calendar(user, id);
    void res.header('Content-Disposition', 'attachment; filename="class-sessions.ics"');
    return new RawReply(body, 'text/calendar; charset=utf-8');
  }
}
