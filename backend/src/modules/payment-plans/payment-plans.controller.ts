import { Body, Controller, Delete, Get, NotFoundException, Param, Post, Put } from '@nestjs/common';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { PlanDefinitionDto, PlanSettingsDto } from './dto/payment-plan.dto';
import {
  PayerPlanResponseDto,
  PlanDefinitionRemovedDto,
  PlanDefinitionResponseDto,
  PlanSettingsResponseDto,
} from './dto/payment-plan.response';
import { PayerPlansService } from './payer-plans.service';
import { PlanDefinitionsService } from './plan-definitions.service';

const EXAMPLE = {
  name: 'Deposit and 3 monthly payments',
  classId: '486f36a9-a089-445a-9c44-8cb266b86655',
  depositKind: 'amount',
  depositValue: 150,
  interval: 'monthly',
  instalmentCount: 3,
  paidInFullBy: '2027-05-31',
};

/** The plans an organization offers, its plan settings (Settings → Payments), and a registration's plan. Admins only. */
@Roles(Role.Admin)
@Controller()
export class PaymentPlansController {
  constructor(
    private readonly definitions: PlanDefinitionsService,
    private readonly payers: PayerPlansService,
  ) {}

  @ApiEnvelope(PlanDefinitionResponseDto, { isArray: true, description: 'Oldest first' })
  @Get('payment-plan-definitions')
  list(@OrgId() orgId: string) {
    return this.definitions.list(orgId);
  }

  @ApiEnvelope(PlanDefinitionResponseDto, { description: "Another organization's plan is 404" })
  @Get('payment-plan-definitions/:id')
  one(@Param('id', UuidParam) id: string, @OrgId() orgId: string) {
    return this.definitions.one(orgId, id);
  }

  @ApiEnvelope(PlanDefinitionResponseDto, {
    status: 201,
    description:
      'A deposit above the price, instalments after the class ends, a plan on a free class, shares that do not add up: 400 with a code',
  })
  @ApiRequestExample(EXAMPLE)
  @Post('payment-plan-definitions')
  create(@OrgId() orgId: string, @Body() dto: PlanDefinitionDto) {
    return this.definitions.create(orgId, dto);
  }

  @ApiEnvelope(PlanDefinitionResponseDto, { description: 'Replaces the plan; plans payers already chose keep their schedule' })
  @ApiRequestExample({ ...EXAMPLE, instalmentCount: 4 })
  @Put('payment-plan-definitions/:id')
  update(@Param('id', UuidParam) id: string, @OrgId() orgId: string, @Body() dto: PlanDefinitionDto) {
    return this.definitions.update(orgId, id, dto);
  }

  @ApiEnvelope(PlanDefinitionRemovedDto, { description: 'Plans payers already chose keep their schedule' })
  @Delete('payment-plan-definitions/:id')
  remove(@Param('id', UuidParam) id: string, @OrgId() orgId: string) {
    return this.definitions.remove(orgId, id);
  }

  @ApiEnvelope(PlanSettingsResponseDto, { description: 'The defaults until saved once' })
  @Get('payment-plan-settings')
  settings(@OrgId() orgId: string) {
    return this.definitions.settings(orgId);
  }

  @ApiEnvelope(PlanSettingsResponseDto, { description: 'A changed consent text gets the next version' })
  @ApiRequestExample({ chargeHour: 9, retryDays: [1, 3, 5], graceDays: 7, pastDueAction: 'flag', bankDebit: false, consentText: null })
  @Put('payment-plan-settings')
  saveSettings(@OrgId() orgId: string, @Body() dto: PlanSettingsDto) {
    return this.definitions.saveSettings(orgId, dto);
  }

  @ApiEnvelope(PayerPlanResponseDto, {
    description: "The plan a registration chose, with its instalments; none, or another organization's: 404",
  })
  @Get('enrollments/:enrollmentId/payment-plan')
  async ofEnrollment(@Param('enrollmentId', UuidParam) enrollmentId: string, @OrgId() orgId: string) {
    const p = await this.payers.withInstalments(orgId, enrollmentId);
    if (!p) throw new NotFoundException(`No payment plan for enrollment ${enrollmentId}`);
    return {
      id: p.id,
      enrollmentId: p.enrollmentId,
      planName: p.planName,
      status: p.status,
      total: p.totalCents / 100,
      deposit: p.depositCents / 100,
      methodSaved: p.stripePaymentMethodId !== null,
      paused: p.paused,
      pastDueSince: p.pastDueSince,
      consent: {
        text: p.consentText,
        version: p.consentVersion,
        acceptedAt: p.consentedAt,
        ip: p.consentIp,
        userAgent: p.consentUserAgent,
      },
      instalments: p.instalments.map((i) => ({
        seq: i.seq,
        dueAt: i.dueAt,
        amount: i.amountCents / 100,
        status: i.status,
        attempts: i.attempts,
        lastOutcome: i.lastOutcome,
        declineCode: i.declineCode,
        paidVia: i.paidVia,
      })),
    };
  }
}
