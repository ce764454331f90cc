import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { MarkPaymentDto } from './dto/mark-payment.dto';
import { InPersonPaymentsService } from './in-person-payments.service';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { EnrollmentResponseDto } from '../registration/dto/student.response';

/** Teacher and admin marking of payments taken at class; 200 because an enrollment is updated, not created. */
@Roles(Role.Admin, Role.Teacher)
@Controller('payments')
export class InPersonPaymentsController {
  constructor(private readonly payments: InPersonPaymentsService) {}

  @ApiEnvelope(EnrollmentResponseDto)
  @ApiRequestExample({ studentId: '6ce1f1f8-50fc-4694-af01-d92231027404', classId: '486f36a9-a089-445a-9c44-8cb266b86655' })
  @Post('mark-paid')
  @HttpCode(200)
  markPaid(@OrgId() orgId: string, @Body() dto: MarkPaymentDto) {
    return this.payments.markPaid(orgId, dto);
  }

  @ApiEnvelope(EnrollmentResponseDto)
  @ApiRequestExample({ studentId: '6ce1f1f8-50fc-4694-af01-d92231027404', classId: '486f36a9-a089-445a-9c44-8cb266b86655' })
  @Post('mark-unpaid')
  @HttpCode(200)
  markUnpaid(@OrgId() orgId: string, @Body() dto: MarkPaymentDto) {
    return this.payments.markUnpaid(orgId, dto);
  }
}
