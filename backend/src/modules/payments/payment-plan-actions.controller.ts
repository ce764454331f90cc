import { Body, Controller, HttpCode, NotFoundException, Param, Post, Put, type PipeTransform } from '@nestjs/common';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { MoveInstalmentDto } from './dto/plan-action.dto';
import { PlanInstalmentResponseDto, PlanStateResponseDto } from './dto/plan-action.response';
import { PlanInstalmentActions } from './plan-instalment-actions.service';

/** An instalment number in the path: a whole number from 1; anything else is an instalment that does not exist. */
const SeqParam: PipeTransform<string, number> = {
  transform(value: string) {
    if (!/^[1-9]\d{0,3}$/.test(value)) throw new NotFoundException('Payment plan instalment not found');
    return Number(value);
  },
};

const BUSY = 'Someone is charging or changing it right now (409 PLAN_INSTALMENT_BUSY: one change, the other refused)';

/**
 * The organization's actions on a payer's plan (issue 40 §4). Admins only, except marking an instalment paid at the
 * door, which a teacher may do. Another organization's plan is 404. The plan and its instalments are read with
 * `GET /api/enrollments/:enrollmentId/payment-plan`.
 */
@Roles(Role.Admin)
@Controller('payment-plans/:planId')
export class PaymentPlanActionsController {
  constructor(private readonly actions: PlanInstalmentActions) {}

  @ApiEnvelope(PlanInstalmentResponseDto, {
    description: `Charges a scheduled or failed instalment off-session now, whatever its due date. A hard decline of the saved method: 409 PLAN_NEEDS_NEW_METHOD. ${BUSY}`,
  })
  @Post('instalments/:seq/charge')
  @HttpCode(200)
  charge(@OrgId() orgId: string, @Param('planId', UuidParam) planId: string, @Param('seq', SeqParam) seq: number) {
    return this.actions.charge(orgId, planId, seq, false);
  }

  @ApiEnvelope(PlanInstalmentResponseDto, {
    description: `Retries a failed instalment now. Its last decline hard (lost, stolen, expired…) and no new method saved since: 409 PLAN_NEEDS_NEW_METHOD. ${BUSY}`,
  })
  @Post('instalments/:seq/retry')
  @HttpCode(200)
  retry(@OrgId() orgId: string, @Param('planId', UuidParam) planId: string, @Param('seq', SeqParam) seq: number) {
    return this.actions.charge(orgId, planId, seq, true);
  }

  @ApiEnvelope(PlanInstalmentResponseDto, { description: `A past date makes the instalment due now. ${BUSY}` })
  @ApiRequestExample({ dueAt: '2027-04-01T14:00:00.000Z' })
  @Put('instalments/:seq/due-date')
  move(
    @OrgId() orgId: string,
    @Param('planId', UuidParam) planId: string,
    @Param('seq', SeqParam) seq: number,
    @Body() dto: MoveInstalmentDto,
  ) {
    return this.actions.move(orgId, planId, seq, new Date(dto.dueAt));
  }

  @ApiEnvelope(PlanInstalmentResponseDto, { description: `The organization forgoes a scheduled or failed instalment. ${BUSY}` })
  @Post('instalments/:seq/waive')
  @HttpCode(200)
  waive(@OrgId() orgId: string, @Param('planId', UuidParam) planId: string, @Param('seq', SeqParam) seq: number) {
    return this.actions.end(orgId, planId, seq, 'waived');
  }

  @ApiEnvelope(PlanInstalmentResponseDto, {
    description: `Paid at the door (admin or teacher): recorded on the enrollment with a receipt, never charged. ${BUSY}`,
  })
  @Roles(Role.Admin, Role.Teacher)
  @Post('instalments/:seq/mark-paid')
  @HttpCode(200)
  markPaid(@OrgId() orgId: string, @Param('planId', UuidParam) planId: string, @Param('seq', SeqParam) seq: number) {
    return this.actions.end(orgId, planId, seq, 'in-person');
  }

  @ApiEnvelope(PlanStateResponseDto, {
    description: 'Nothing is charged until resumed. Already paused, or not active: 409 PLAN_NOT_ACTIVE',
  })
  @Post('pause')
  @HttpCode(200)
  pause(@OrgId() orgId: string, @Param('planId', UuidParam) planId: string) {
    return this.actions.pause(orgId, planId, true);
  }

  @ApiEnvelope(PlanStateResponseDto, { description: 'Instalments that fell due while paused are charged on the next round, each once' })
  @Post('resume')
  @HttpCode(200)
  resume(@OrgId() orgId: string, @Param('planId', UuidParam) planId: string) {
    return this.actions.pause(orgId, planId, false);
  }

  @ApiEnvelope(PlanStateResponseDto, {
    description: `Every instalment not yet paid is cancelled, and the plan with them; the seat and what was paid stay. ${BUSY}`,
  })
  @Post('cancel-remaining')
  @HttpCode(200)
  cancelRemaining(@OrgId() orgId: string, @Param('planId', UuidParam) planId: string) {
    return this.actions.cancelRemaining(orgId, planId);
  }
}
