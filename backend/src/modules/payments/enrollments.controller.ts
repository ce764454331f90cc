import { Body, Controller, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentUser, OrgId, type AuthUser } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { AppException } from '../../common/http/app-exception';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { CancelEnrollmentDto, RefundEnrollmentDto, TransferEnrollmentAdminDto } from './dto/card-payment.dto';
import {
  EnrollmentPaymentResponseDto,
  EnrollmentTransferResponseDto,
  RefundQuoteResponseDto,
  TransferOptionResponseDto,
} from './dto/card-payment.response';
import { EnrollmentLifecycleService } from '../registration/enrollment-lifecycle.service';
import { RefundsService } from './refunds.service';

/** An admin's Idempotency-Key: printable, bounded (it becomes part of Stripe's key). */
function idempotencyKey(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^[\x21-\x7e]{1,100}$/.test(raw)) throw new AppException(400, 'Idempotency-Key must be 1 to 100 printable characters');
  return raw;
}

/** Cancellations and refunds by the organization's policy: the organization's admins only. */
@Roles(Role.Admin)
@Controller('enrollments')
export class EnrollmentsController {
  constructor(
    private readonly refunds: RefundsService,
    private readonly lifecycle: EnrollmentLifecycleService,
  ) {}

  @ApiEnvelope(RefundQuoteResponseDto)
  @Get(':id/refund-quote')
  quote(@Param('id', UuidParam) id: string, @OrgId() orgId: string) {
    return this.refunds.quote(orgId, id);
  }

  @ApiEnvelope(EnrollmentPaymentResponseDto, {
    description:
      'Cancels (seat freed once) and, for a card payment, refunds the quoted amount or `amount` (send an Idempotency-Key header). Again: no change',
  })
  @ApiRequestExample({ refund: true, amount: 40 })
  @Post(':id/cancel')
  @HttpCode(200)
  cancel(
    @Param('id', UuidParam) id: string,
    @OrgId() orgId: string,
    @CurrentUser() user: AuthUser,
    @Body() dto: CancelEnrollmentDto,
    @Headers('idempotency-key') key?: string,
  ) {
    return this.lifecycle.cancel(orgId, user.id, id, dto, idempotencyKey(key));
  }

  @ApiEnvelope(EnrollmentPaymentResponseDto, { description: 'Refunds `amount` (default: all that is left) without cancelling' })
  @ApiRequestExample({ amount: 20 })
  @Post(':id/refund')
  @HttpCode(200)
  refund(
    @Param('id', UuidParam) id: string,
    @OrgId() orgId: string,
    @CurrentUser() user: AuthUser,
    @Body() dto: RefundEnrollmentDto,
    @Headers('idempotency-key') key?: string,
  ) {
    return this.refunds.refund(orgId, user.id, id, dto, idempotencyKey(key));
  }

  @ApiEnvelope(TransferOptionResponseDto, {
    isArray: true,
    description:
      'The open classes with a free seat an active registration may switch to, each at the price quote for this person, with the ' +
      'difference against what was paid by card (or owed in person). 409 when the registration is not active',
  })
  @Get(':id/transfer-options')
  transferOptions(@Param('id', UuidParam) id: string, @OrgId() orgId: string) {
    return this.lifecycle.transferOptions(orgId, id);
  }

  @ApiEnvelope(EnrollmentTransferResponseDto, {
    description:
      'Moves an active registration to another class in one transaction (new seat taken, old one freed). A cheaper class refunds the ' +
      'difference to the card; a dearer one for a card payment needs differenceInPerson (the difference is then due in person: the ' +
      'teacher roll collects it), else 409 TRANSFER_NEEDS_PAYMENT. 409 when the class is full',
  })
  @ApiRequestExample({ toClassId: 'c0000000-0000-4000-8000-000000000002', differenceInPerson: true })
  @Post(':id/transfer')
  @HttpCode(200)
  transfer(@Param('id', UuidParam) id: string, @OrgId() orgId: string, @Body() dto: TransferEnrollmentAdminDto) {
    return this.lifecycle.transfer(orgId, id, dto.toClassId, { differenceInPerson: dto.differenceInPerson === true });
  }
}
