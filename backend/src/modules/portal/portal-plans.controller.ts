import { Controller, Get } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { PortalOnly } from '../../common/auth/roles';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../common/openapi/common.responses';
import { CurrentStudent, type PortalUser } from './portal-user';
import { PortalPlansService } from './portal-plans.service';

class PortalMethodDto {
  @ApiProperty({ enum: ['card', 'bank'] }) kind: string;
  @ApiProperty({ type: 'string', nullable: true, example: 'visa', description: "A card's brand, or the bank's name" }) brand: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: '4242' }) last4: string | null;
}

class PortalInstalmentDto {
  @ApiProperty({ type: 'integer', example: 1 }) seq: number;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) dueAt: string;
  @ApiProperty({ example: 150 }) amount: number;
  @ApiProperty({ enum: ['scheduled', 'paid', 'processing', 'failed', 'waived', 'cancelled'] }) status: string;
  @ApiProperty({
    type: 'string',
    enum: ['open', 'won', 'lost'],
    nullable: true,
    example: null,
    description: "The payer's bank disputed the payment: open, won, or lost (then it is to be paid again)",
  })
  disputeStatus: 'open' | 'won' | 'lost' | null;
}

class PortalPlanDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) enrollmentId: string;
  @ApiProperty({ example: 'Deposit and 3 monthly payments' }) planName: string;
  @ApiProperty({ enum: ['active', 'pastDue', 'completed', 'cancelled'] }) status: string;
  @ApiProperty({ example: 'Ana Lopez' }) studentName: string;
  @ApiProperty({ example: 'Swim Level 2' }) classTitle: string;
  @ApiProperty({ example: 600 }) total: number;
  @ApiProperty({ example: 150 }) paid: number;
  @ApiProperty({ example: 450 }) balance: number;
  @ApiProperty({ type: PortalMethodDto, nullable: true }) method: PortalMethodDto | null;
  @ApiProperty({ type: [PortalInstalmentDto] }) instalments: PortalInstalmentDto[];
}

/** The payer's payment plans in the portal (issue 40 §3), read only; the signed-in student's and their household's. */
@PortalOnly()
@Controller('portal')
export class PortalPlansController {
  constructor(private readonly plans: PortalPlansService) {}

  @ApiEnvelope(PortalPlanDto, { isArray: true, description: "The signed-in student's and their household's plans, newest first" })
  @Get('payment-plans')
  list(@CurrentStudent() user: PortalUser) {
    return this.plans.plans(user);
  }
}
