import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { CurrentUser, OrgId, type AuthUser } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { CancelAtPeriodEndDto, FreezeDto, MembershipResponseDto, MembershipsQuery, RenewNowResponseDto } from './dto/membership.dto';
import { MembershipsService } from './memberships.service';

/** The organization's memberships and their state changes (issue 41 §2, §4). Admins only. */
@Roles(Role.Admin)
@Controller('memberships')
export class MembershipsController {
  constructor(private readonly memberships: MembershipsService) {}

  @ApiEnvelope(MembershipResponseDto, { isArray: true, description: 'Newest first (500 at most); one student with ?studentId=' })
  @Get()
  list(@OrgId() orgId: string, @Query() q: MembershipsQuery) {
    return this.memberships.list(orgId, q.studentId);
  }

  @ApiEnvelope(MembershipResponseDto, { description: "Another organization's membership is 404" })
  @Get(':id')
  one(@Param('id', UuidParam) id: string, @OrgId() orgId: string) {
    return this.memberships.one(orgId, id);
  }

  @ApiEnvelope(MembershipResponseDto, {
    description: 'Cancel at the end of the current period (no renewal is charged), or take it back. 409 MEMBERSHIP_ENDED',
  })
  @ApiRequestExample({ cancelAtPeriodEnd: true })
  @Put(':id/cancel-at-period-end')
  cancelAtPeriodEnd(
    @Param('id', UuidParam) id: string,
    @OrgId() orgId: string,
    @CurrentUser() u: AuthUser,
    @Body() dto: CancelAtPeriodEndDto,
  ) {
    return this.memberships.cancelAtPeriodEnd(orgId, id, dto.cancelAtPeriodEnd, u.id);
  }

  @ApiEnvelope(MembershipResponseDto, {
    description:
      'Freeze from one day to another (the renewal waits for the freeze to end; the next period starts the day after it). ' +
      '400 MEMBERSHIP_FREEZE_IN_PAST, MEMBERSHIP_FREEZE_INVALID; 409 MEMBERSHIP_ENDED',
  })
  @ApiRequestExample({ from: '2027-01-10', until: '2027-01-31' })
  @Put(':id/freeze')
  freeze(@Param('id', UuidParam) id: string, @OrgId() orgId: string, @CurrentUser() u: AuthUser, @Body() dto: FreezeDto) {
    return this.memberships.freeze(orgId, id, dto, u.id);
  }

  @ApiEnvelope(MembershipResponseDto, { description: 'The freeze ended (removed)' })
  @Delete(':id/freeze')
  unfreeze(@Param('id', UuidParam) id: string, @OrgId() orgId: string, @CurrentUser() u: AuthUser) {
    return this.memberships.unfreeze(orgId, id, u.id);
  }

  @ApiEnvelope(RenewNowResponseDto, {
    status: 201,
    description:
      "Renew now: the renewal of a card membership whose period ended, charged off-session on the saved card at once (the job's path); " +
      'a decline is recorded and answered as the outcome. 409 MEMBERSHIP_RENEWAL_IN_PROGRESS (another admin is charging it), ' +
      'MEMBERSHIP_RENEWAL_NOT_DUE, MEMBERSHIP_NO_SAVED_METHOD, MEMBERSHIP_ENDED; 503 MEMBERSHIP_CARD_UNAVAILABLE',
  })
  @Post(':id/renew')
  renew(@Param('id', UuidParam) id: string, @OrgId() orgId: string) {
    return this.memberships.renewNow(orgId, id);
  }

  @ApiEnvelope(MembershipResponseDto, {
    status: 201,
    description:
      "An in-person membership's renewal paid at the desk: the next period and its allowance. 409 MEMBERSHIP_RENEWAL_IS_CARD, " +
      'MEMBERSHIP_RENEWAL_NOT_DUE, MEMBERSHIP_ENDED',
  })
  @Post(':id/mark-renewal-paid')
  markRenewalPaid(@Param('id', UuidParam) id: string, @OrgId() orgId: string, @CurrentUser() u: AuthUser) {
    return this.memberships.markRenewalPaid(orgId, id, u.id);
  }
}
