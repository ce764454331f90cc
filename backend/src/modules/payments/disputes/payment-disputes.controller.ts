import { Controller, Get, HttpStatus, Param } from '@nestjs/common';
import { OrgId } from '../../../common/auth/auth-user';
import { Role, Roles } from '../../../common/auth/roles';
import { AppException } from '../../../common/http/app-exception';
import { UuidParam } from '../../../common/http/uuid.pipe';
import { ApiEnvelope } from '../../../common/openapi/api-envelope';
import { CardEnrollmentsService } from '../../registration/card-enrollments.service';
import { PaymentDisputeResponseDto } from './payment-dispute.response';
import { PaymentDisputesRepository } from './payment-disputes.repository';

/** The disputes of an enrollment's payments: the organization's admins only, another organization's id is 404. */
@Roles(Role.Admin)
@Controller('enrollments')
export class PaymentDisputesController {
  constructor(
    private readonly cards: CardEnrollmentsService,
    private readonly disputes: PaymentDisputesRepository,
  ) {}

  @ApiEnvelope(PaymentDisputeResponseDto, { isArray: true, description: 'Newest first; empty when no payment was disputed' })
  @Get(':id/disputes')
  async list(@Param('id', UuidParam) id: string, @OrgId() orgId: string): Promise<PaymentDisputeResponseDto[]> {
    if (!(await this.cards.inOrganization(id, orgId))) throw new AppException(HttpStatus.NOT_FOUND, 'Enrollment not found');
    return (await this.disputes.ofEnrollment(orgId, id)).map((d) => ({
      stripeDisputeId: d.stripeDisputeId,
      paymentIntentId: d.paymentIntentId,
      amount: d.amountCents / 100,
      reason: d.reason,
      status: d.status,
      outcome: d.outcome,
      recoveredAmount: d.reversalCents === null ? null : d.reversalCents / 100,
      recoveryError: d.reversalError,
      createdAt: d.createdAt,
      closedAt: d.closedAt,
    }));
  }
}
