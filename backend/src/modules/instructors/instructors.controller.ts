import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { pageOf } from '../../common/http/list-page';
import { parseListParams, setContentRange } from '../../common/http/list-query';
import { UuidParam } from '../../common/http/uuid.pipe';
import { DeletedResponseDto } from '../../common/openapi/common.responses';
import { ApiEnvelope, ApiList, ApiRequestExample } from '../../common/openapi/api-envelope';
import { CreateInstructorDto, InstructorResponseDto, UpdateInstructorDto } from './dto/instructor.dto';
import { InstructorsService } from './instructors.service';

/** The sort fields of GET /instructors; the first is the default (by name). */
const SORT_FIELDS = ['name', 'email', 'createdAt', 'id'];

const EXAMPLE = {
  name: 'Maya Lopez',
  email: 'maya@example.com',
  phone: '(217) 555-0123',
  bio: 'Ceramicist, 12 years teaching wheel throwing.',
  userId: null,
  payRule: {
    kind: 'per_head',
    tiers: [
      { from: 1, amount: 6 },
      { from: 11, amount: 5 },
    ],
  },
};

/** An organization's instructors (admin), react-admin resource `instructors`. */
@Roles(Role.Admin)
@Controller('instructors')
export class InstructorsController {
  constructor(private readonly instructors: InstructorsService) {}

  @ApiList(InstructorResponseDto, 'instructors', SORT_FIELDS, ['q', 'id'], { description: 'By name unless sorted' })
  @Get()
  async list(@OrgId() orgId: string, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, SORT_FIELDS);
    const q = typeof params.filter.q === 'string' ? params.filter.q.toLowerCase() : '';
    const { page, total } = pageOf(
      await this.instructors.list(orgId),
      params,
      (i) => !q || i.name.toLowerCase().includes(q) || (i.email ?? '').includes(q),
    );
    setContentRange(res, 'instructors', params, page.length, total);
    return page;
  }

  @ApiEnvelope(InstructorResponseDto, { description: "Another organization's is 404" })
  @Get(':id')
  one(@OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.instructors.one(orgId, id);
  }

  @ApiEnvelope(InstructorResponseDto, {
    status: 201,
    description: 'Names are unique in the organization (409 INSTRUCTOR_NAME_TAKEN); userId must be a teacher of it (400 UNKNOWN_TEACHER)',
  })
  @ApiRequestExample(EXAMPLE)
  @Post()
  create(@OrgId() orgId: string, @Body() dto: CreateInstructorDto) {
    return this.instructors.create(orgId, dto);
  }

  @ApiEnvelope(InstructorResponseDto, { description: "A new name is what the instructor's classes say from now on" })
  @ApiRequestExample(EXAMPLE)
  @Put(':id')
  update(@OrgId() orgId: string, @Param('id', UuidParam) id: string, @Body() dto: UpdateInstructorDto) {
    return this.instructors.update(orgId, id, dto);
  }

  @ApiEnvelope(DeletedResponseDto, { description: '409 INSTRUCTOR_IN_USE while a class names the instructor' })
  @Delete(':id')
  remove(@OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.instructors.remove(orgId, id);
  }
}
