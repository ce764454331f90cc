import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CurrentUser, OrgId, type AuthUser } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { CreditsAdminService } from './credits-admin.service';
import { CreditValidityDto, GrantCreditDto, RevokeCreditDto, TransferCreditDto } from './dto/credit.dto';
import { CreditResponseDto, CreditTransferResponseDto, StudentCreditsResponseDto } from './dto/credit.response';

/** A student's credits in the admin's student panel (issue 41 §4): the balance and the ledger, and the admin's changes. Admins only. */
@Roles(Role.Admin)
@Controller()
export class CreditsController {
  constructor(private readonly credits: CreditsAdminService) {}

  @ApiEnvelope(StudentCreditsResponseDto, { description: "Another organization's student is 404 CREDIT_NOT_FOUND" })
  @Get('students/:studentId/credits')
  list(@Param('studentId', UuidParam) studentId: string, @OrgId() orgId: string) {
    return this.credits.view(orgId, studentId);
  }

  @ApiEnvelope(CreditResponseDto, { status: 201, description: 'A bad amount or dates: 400 with a code; in the activity log' })
  @ApiRequestExample({ kind: 'pack', amount: 10, validUntil: '2027-03-07', label: '10-class pack', reason: 'Bought at the front desk' })
  @Post('students/:studentId/credits')
  grant(
    @Param('studentId', UuidParam) studentId: string,
    @OrgId() orgId: string,
    @CurrentUser() user: AuthUser,
    @Body() dto: GrantCreditDto,
  ) {
    return this.credits.grant(orgId, user.id, studentId, dto);
  }

  @ApiEnvelope(CreditResponseDto, { description: 'Earlier or later; a later last day gives back what an expiry took' })
  @ApiRequestExample({ validUntil: '2027-04-07', reason: 'Missed two weeks for an injury' })
  @Put('credits/:id/validity')
  validity(@Param('id', UuidParam) id: string, @OrgId() orgId: string, @CurrentUser() user: AuthUser, @Body() dto: CreditValidityDto) {
    return this.credits.changeValidity(orgId, user.id, id, dto);
  }

  @ApiEnvelope(CreditResponseDto, { description: 'What is left goes; 409 CREDIT_REVOKED when it already was' })
  @ApiRequestExample({ reason: 'Sold by mistake' })
  @HttpCode(200)
  @Post('credits/:id/revoke')
  revoke(@Param('id', UuidParam) id: string, @OrgId() orgId: string, @CurrentUser() user: AuthUser, @Body() dto: RevokeCreditDto) {
    return this.credits.revoke(orgId, user.id, id, dto);
  }

  @ApiEnvelope(CreditTransferResponseDto, { description: 'To another member of the same household only (400 CREDIT_NOT_HOUSEHOLD)' })
  @ApiRequestExample({ toStudentId: '486f36a9-a089-445a-9c44-8cb266b86655', amount: 2, reason: 'For her brother' })
  @HttpCode(200)
  @Post('credits/:id/transfer')
  transfer(@Param('id', UuidParam) id: string, @OrgId() orgId: string, @CurrentUser() user: AuthUser, @Body() dto: TransferCreditDto) {
    return this.credits.transfer(orgId, user.id, id, dto);
  }
}
