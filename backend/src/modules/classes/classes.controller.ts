import { BadRequestException, Body, Controller, Delete, Get, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, OrgId, type AuthUser } from '../../common/auth/auth-user';
import { OptionalAuth, Role, Roles } from '../../common/auth/roles';
import { Enveloped, envelopeSchema, RawReply, Serialized } from '../../common/http/envelope.interceptor';
import { acceptsGzip, GZIP_THRESHOLD } from '../../common/http/fast-path';
import { parseListParams, setContentRange } from '../../common/http/list-query';
import { UuidParam } from '../../common/http/uuid.pipe';
import { createHash } from 'node:crypto';
import { ageSeconds, etagMatches, PUBLIC_CACHE_CONTROL, PUBLIC_VARY } from './public-cache';
import { CLASS_SORT_FIELDS } from './classes.repository';
import { ClassesService } from './classes.service';
import { PublicClassList } from './public-class-list.service';
import { PublicClassExtras } from './public-class-extras';
import { CloneClassDto, CreateClassDto, ListClassesQuery, PublicClassQuery, UpdateClassDto } from './dto/class.dto';
import { DeletedResponseDto } from '../../common/openapi/common.responses';
import { ApiEnvelope, ApiList, ApiRequestExample } from '../../common/openapi/api-envelope';
import { CLASS_EXAMPLE, ClassResponseDto, CLONE_EXTRA } from './dto/class.response';
import { CLASS_JSON_SCHEMA } from './class.entity';

/** The organization list's reply, serialized by a function compiled from it (see Serialized). */
export const CLASS_LIST_REPLY = envelopeSchema({ type: 'array', items: CLASS_JSON_SCHEMA });

/**
 * One path, two audiences (spec 1 §7): without a token GET /classes?organizationId= is the public list;
 * with a token it is the caller's organization list in react-admin's dialect.
 */
@Controller('classes')
export class ClassesController {
  constructor(
    private readonly classes: ClassesService,
    private readonly publicClasses: PublicClassList,
    private readonly extras: PublicClassExtras,
  ) {}

  @ApiList(ClassResponseDto, 'classes', CLASS_SORT_FIELDS, ['q', 'status', 'termId', 'id', 'ids'], {
    description:
      "With a token: the caller organization's list (react-admin dialect, Content-Range). Without: the public list of `organizationId` (open and scheduled classes, ETag, 304 on If-None-Match)",
  })
  @OptionalAuth()
  @Get()
  async list(
    @Query() query: ListClassesQuery,
    @Req() req: FastifyRequest & { user?: AuthUser },
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    if (!req.user) {
      if (!query.organizationId) throw new BadRequestException('organizationId is required');
      const cached = await this.publicClasses.publicList(query.organizationId);
      const vary = res.getHeader('Vary');
      // The cache keeps a gzipped copy: hand it over instead of compressing the same list per request.
      const varies = [vary ? String(vary) : null, PUBLIC_VARY, cached.bytes >= GZIP_THRESHOLD ? 'Accept-Encoding' : null];
      void res
        .header('Vary', varies.filter(Boolean).join(', '))
        .header('ETag', cached.etag)
        .header('Cache-Control', PUBLIC_CACHE_CONTROL)
        .header('Age', String(ageSeconds(cached.createdAt)));
      if (etagMatches(req.headers['if-none-match'], cached.etag)) {
        void res.status(304);
        return new RawReply('', 'application/json');
      }
      if (cached.bytes >= GZIP_THRESHOLD && acceptsGzip(req.raw)) {
        void res.header('Content-Encoding', 'gzip');
        return new RawReply(cached.gzip, 'application/json; charset=utf-8');
      }
      return new RawReply(cached.raw, 'application/json; charset=utf-8');
    }
    const orgId = req.user.organizationId;
    if (!orgId) throw new BadRequestException('You are not associated with any organization.');
    const params = parseListParams(query as Record<string, unknown>, CLASS_SORT_FIELDS);
    const { rows, total } = await this.classes.list(orgId, params);
    setContentRange(res, 'classes', params, rows.length, total);
    return new Serialized(rows, CLASS_LIST_REPLY);
  }

  @ApiEnvelope(ClassResponseDto, {
    description: "With a token: any class of the caller's organization. Without: a public class (pass organizationId)",
  })
  @OptionalAuth()
  @Get(':id')
  async get(
    @Param('id', UuidParam) id: string,
    @Query() query: PublicClassQuery,
    @Req() req: FastifyRequest & { user?: AuthUser },
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    if (req.user?.organizationId) return this.classes.get(id, req.user.organizationId);
    // The public page: the same for everyone (nothing of the caller is in it), so browsers and CDNs may reuse it for a
    // few seconds and revalidate it with its ETag, a hash of the exact bytes. In an opening most people open a page
    // right after the list, so a page is built from the instance's list copy when it has one (same bytes as the
    // database read, its seats as fresh as the list's; `Age` says how old); otherwise it is read fresh (no Age).
    const copy = query.organizationId ? this.publicClasses.cachedPublicPage(query.organizationId, id) : undefined;
    const body = copy?.raw ?? JSON.stringify({ success: true, data: await this.publicGet(id, query.organizationId), error: null });
    const etag = copy?.etag ?? `"${createHash('sha1').update(body).digest('base64url')}"`;
    const vary = res.getHeader('Vary');
    void res
      .header('Vary', vary ? `${String(vary)}, ${PUBLIC_VARY}` : PUBLIC_VARY)
      .header('ETag', etag)
      .header('Cache-Control', PUBLIC_CACHE_CONTROL);
    if (copy) void res.header('Age', String(ageSeconds(copy.createdAt)));
    if (etagMatches(req.headers['if-none-match'], etag)) {
      void res.status(304);
      return new RawReply('', 'application/json');
    }
    return new RawReply(body, 'application/json; charset=utf-8');
  }

  /** The public class with its registration form (questions and waivers), which the public page renders in step 1. */
  private async publicGet(id: string, organizationId?: string) {
    const cls = await this.classes.publicGet(id, organizationId);
    return { ...cls, ...(await this.extras.formOf(cls.organizationId, cls.id)) };
  }

  @ApiEnvelope(ClassResponseDto, { status: 201 })
  @ApiRequestExample(CLASS_EXAMPLE)
  @Roles(Role.Admin)
  @Post()
  create(@OrgId() orgId: string, @Body() dto: CreateClassDto) {
    return this.classes.create(orgId, dto);
  }

  @ApiEnvelope(ClassResponseDto)
  @Roles(Role.Admin)
  @Put(':id')
  update(@Param('id', UuidParam) id: string, @OrgId() orgId: string, @Body() dto: UpdateClassDto) {
    return this.classes.update(id, orgId, dto);
  }

  @ApiEnvelope(DeletedResponseDto)
  @Roles(Role.Admin)
  @Delete(':id')
  delete(@Param('id', UuidParam) id: string, @OrgId() orgId: string) {
    return this.classes.delete(id, orgId);
  }

  @ApiEnvelope(ClassResponseDto, { status: 201, extra: CLONE_EXTRA })
  @ApiRequestExample({ title: 'Watercolor Basics (spring)', startDate: '2027-03-01T18:00:00.000Z', status: 'Scheduled' })
  @Roles(Role.Admin)
  @Post(':id/clone')
  async clone(@Param('id', UuidParam) id: string, @OrgId() orgId: string, @Body() dto: CloneClassDto, @CurrentUser() _u: AuthUser) {
    const result = await this.classes.clone(id, orgId, dto);
    return new Enveloped(result.data, { warning: result.warning, statusForcedByLimit: result.statusForcedByLimit });
  }
}
