import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { PortalOnly } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { CurrentStudent, type PortalUser } from './portal-user';
import { StudentsService } from '../students/students.service';
import { CancelAtPeriodEndDto, FreezeDto, MembershipResponseDto, RenewalPaymentDto } from '../credit-products/dto/membership.dto';
import { MembershipOnSession } from '../credit-products/membership-on-session';
import { MembershipsService } from '../credit-products/memberships.service';

/**
 * The member's own memberships in the portal (issue 41 §2), through the credit-products module's services (which owns
 * them; the portal sits above it): cancel at period end and freeze, for themselves and the
 * household members they are the contact for; anybody else's membership is 404.
 */
@PortalOnly()
@Controller('portal/memberships')
export class PortalMembershipsController {
  constructor(
    private readonly memberships: MembershipsService,
    private readonly students: StudentsService,
    private readonly onSession: MembershipOnSession,
  ) {}

  @ApiEnvelope(MembershipResponseDto, { isArray: true, description: "The member's and their household's memberships" })
  @Get()
  async list(@CurrentStudent() user: PortalUser) {
    return this.memberships.ofStudents(user.organizationId, await this.mine(user));
  }

  @ApiEnvelope(MembershipResponseDto, { description: 'Cancel at the end of the current period, or take it back' })
  @ApiRequestExample({ cancelAtPeriodEnd: true })
  @Put(':id/cancel-at-period-end')
  async cancelAtPeriodEnd(@CurrentStudent() user: PortalUser, @Param('id', UuidParam) id: string, @Body() dto: CancelAtPeriodEndDto) {
    return this.memberships.cancelAtPeriodEnd(
      user.organizationId,
      id,
      dto.cancelAtPeriodEnd,
      `student:${user.studentId}`,
      await this.mine(user),
    );
  }

  @ApiEnvelope(MembershipResponseDto, { description: 'Freeze from one day to another; 400 MEMBERSHIP_FREEZE_IN_PAST' })
  @ApiRequestExample({ from: '2027-01-10', until: '2027-01-31' })
  @Put(':id/freeze')
  async freeze(@CurrentStudent() user: PortalUser, @Param('id', UuidParam) id: string, @Body() dto: FreezeDto) {
    return this.memberships.freeze(user.organizationId, id, dto, `student:${user.studentId}`, await this.mine(user));
  }

  @ApiEnvelope(MembershipResponseDto, { description: 'The freeze ended (removed)' })
  @Delete(':id/freeze')
  async unfreeze(@CurrentStudent() user: PortalUser, @Param('id', UuidParam) id: string) {
    return this.memberships.unfreeze(user.organizationId, id, `student:${user.studentId}`, await this.mine(user));
  }

  @ApiEnvelope(RenewalPaymentDto, {
    status: 201,
    description:
      "Pay a pending renewal now (the emailed link's page): a PaymentIntent for the member's browser that also saves the card for " +
      "the next renewals; the job stops charging it meanwhile. Paid when Stripe's signed event arrives. 409 MEMBERSHIP_RENEWAL_NOT_DUE, " +
      'MEMBERSHIP_RENEWAL_IN_PROGRESS; 503 MEMBERSHIP_CARD_UNAVAILABLE',
  })
  @Post(':id/pay')
  async pay(@CurrentStudent() user: PortalUser, @Param('id', UuidParam) id: string) {
    return this.onSession.start(user.organizationId, id, await this.mine(user));
  }

  /** The member and the household members they are the contact for. */
  private async mine(user: PortalUser): Promise<string[]> {
    const members = (await this.students.householdMembers([user.studentId])).get(user.studentId) ?? [];
    return [user.studentId, ...members.map((s) => s.id)];
  }
}
