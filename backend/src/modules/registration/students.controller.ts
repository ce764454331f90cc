import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientInfo } from '../registration-forms/registration-forms.service';
import { CurrentUser, OrgId, type AuthUser } from '../../common/auth/auth-user';
import { Public, Role, Roles } from '../../common/auth/roles';
import { ApiBody } from '@nestjs/swagger';
import { CardHoldsService, plainSeatRequest } from './card-holds.service';
import { SeatRequestLimits } from './seat-request-limits';
import { Serialized } from '../../common/http/envelope.interceptor';
import { parseListParams, setContentRange } from '../../common/http/list-query';
import { UuidParam } from '../../common/http/uuid.pipe';
import { CheckEnrollmentDto, CreateStudentDto, ListStudentsQuery, RegisterStudentDto, UpdateStudentDto } from './dto/student.dto';
import { RegistrationService } from './registration.service';
import { STUDENT_SORT_FIELDS } from './student-records.repository';
import { StudentRecordsService } from './student-records.service';
import { EnrollmentRemovalService } from './enrollment-removal.service';
import { STUDENT_LIST_REPLY } from './student-record.schema';
import { EXAMPLE_ID, EXAMPLE_ORG_ID } from '../../common/openapi/common.responses';
import { ApiEnvelope, ApiList, ApiRequestExample } from '../../common/openapi/api-envelope';
import { EnrollmentCheckResponseDto, RegistrationResponseDto, STUDENT_EXAMPLE, StudentResponseDto } from './dto/student.response';

/** The class of a registration body not validated yet (its first enrollment's), or undefined. */
const firstClassId = (body: unknown): unknown => {
  const enrollments = (body as { classEnrollments?: unknown } | null)?.classEnrollments;
  return Array.isArray(enrollments) ? (enrollments[0] as { classId?: unknown } | null)?.classId : undefined;
};

/**
 * The public registration (enrollment check, register) and the admin's student records (a student with their
 * enrollments). `DELETE /api/students/:id` is served by the data-export module, which can also erase the person.
 */
@Controller()
export class StudentsController {
  constructor(
    private readonly registration: RegistrationService,
    private readonly students: StudentRecordsService,
    private readonly holds: CardHoldsService,
    private readonly limits: SeatRequestLimits,
    private readonly removal: EnrollmentRemovalService,
  ) {}

  @ApiEnvelope(EnrollmentCheckResponseDto, { description: 'Not enrolled yet. Already enrolled: 409 with `isAlreadyEnrolled: true`' })
  @ApiRequestExample({
    email: 'olivia@example.com',
    classId: '486f36a9-a089-445a-9c44-8cb266b86655',
    organizationId: 'a0000000-0000-4000-8000-000000000001',
  })
  @Public()
  @Post('students/check-enrollment')
  @HttpCode(200)
  check(@Body() dto: CheckEnrollmentDto) {
    return this.registration.checkEnrollment(dto);
  }

  @ApiEnvelope(RegistrationResponseDto, {
    status: 201,
    description:
      '429: more than REGISTRATION_RATE_LIMIT_PER_MINUTE registrations from one IP in a minute (Retry-After). ' +
      "registrationDate, status ('active') and classEnrollments[].enrollmentDate are accepted and ignored: the server sets them.",
  })
  @ApiBody({
    type: RegisterStudentDto,
    examples: {
      example: {
        summary: 'Example',
        value: {
          ...STUDENT_EXAMPLE,
          organizationId: EXAMPLE_ORG_ID,
          classEnrollments: [{ classId: EXAMPLE_ID, paymentMethod: 'in-person', paymentStatus: 'pending' }],
        },
      },
    },
  })
  @Public()
  @Post('students/register')
  async register(@Body() body: unknown, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    // In an opening rush most requests are for a class that has just filled: that answer costs one statement and
    // comes first, before the rate limit and the body's validation
    // (docs/decisions/full-class-answered-first-from-one-statement.md).
    const plain = plainSeatRequest(body, firstClassId(body), (body as { email?: unknown } | null)?.email);
    const read = plain ? await this.holds.readClass(plain.organizationId, plain.classId, plain.email) : null;
    // Each registration takes a seat until an admin removes it and emails the address given (REGISTRATION_RATE_LIMIT_PER_MINUTE).
    await this.limits.count('register', req, reply);
    const dto = await this.limits.validate(RegisterStudentDto, body);
    return this.registration.register(dto, clientInfo(req), read ?? undefined);
  }

  @ApiEnvelope(StudentResponseDto, { isArray: true })
  @Roles(Role.Admin, Role.Teacher)
  @Get('students/class/:classId')
  ofClass(@Param('classId', UuidParam) classId: string, @OrgId() orgId: string, @CurrentUser() user: AuthUser) {
    return this.students.studentsOfClass(classId, orgId, user.role === Role.Teacher);
  }

  @ApiEnvelope(StudentResponseDto, { isArray: true, description: 'Same as GET /api/students/class/{classId}' })
  @Roles(Role.Admin, Role.Teacher)
  @Get('classes/:classId/students')
  ofClassAlias(@Param('classId', UuidParam) classId: string, @OrgId() orgId: string, @CurrentUser() user: AuthUser) {
    return this.students.studentsOfClass(classId, orgId, user.role === Role.Teacher);
  }

  @ApiList(StudentResponseDto, 'students', STUDENT_SORT_FIELDS, ['q', 'id', 'ids'])
  @Roles(Role.Admin)
  @Get('students')
  async list(@OrgId() orgId: string, @Query() query: ListStudentsQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query as Record<string, unknown>, STUDENT_SORT_FIELDS);
    const { rows, total } = await this.students.list(orgId, params);
    setContentRange(res, 'students', params, rows.length, total);
    return new Serialized(rows, STUDENT_LIST_REPLY);
  }

  @ApiEnvelope(StudentResponseDto)
  @Roles(Role.Admin)
  @Get('students/:id')
  get(@Param('id', UuidParam) id: string, @OrgId() orgId: string) {
    return this.students.get(id, orgId);
  }

  @ApiEnvelope(StudentResponseDto, { status: 201 })
  @ApiRequestExample({
    ...STUDENT_EXAMPLE,
    classEnrollments: [{ classId: EXAMPLE_ID, paymentStatus: 'completed', paymentMethod: 'in-person' }],
  })
  @Roles(Role.Admin)
  @Post('students')
  create(@OrgId() orgId: string, @Body() dto: CreateStudentDto) {
    return this.students.create(orgId, dto);
  }

  @ApiEnvelope(StudentResponseDto)
  @Roles(Role.Admin)
  @Put('students/:id')
  update(@Param('id', UuidParam) id: string, @OrgId() orgId: string, @Body() dto: UpdateStudentDto) {
    return this.students.update(id, orgId, dto);
  }

  @ApiEnvelope(StudentResponseDto, {
    description:
      'The student after the enrollment is cancelled (kept as cancelled, no refund) and its seat freed. 404 NOT_ENROLLED when not ' +
      'enrolled (again: already cancelled); 409 CARD_PAYMENT_ON_RECORD for a card payment (cancel it through /enrollments/{id}/cancel)',
  })
  @Roles(Role.Admin)
  @Delete('students/:id/enrollments/:classId')
  cancelEnrollment(
    @Param('id', UuidParam) id: string,
    @Param('classId', UuidParam) classId: string,
    @OrgId() orgId: string,
    @CurrentUser() user: AuthUser,
  ) {
    return this.removal.remove(id, classId, orgId, user.id);
  }
}
