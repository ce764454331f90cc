import { Body, Controller, Delete, Get, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiKeyAccess } from '../../common/auth/api-key';
import { CurrentUser, OrgId, type AuthUser } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { pageOf } from '../../common/http/list-page';
import { parseListParams, setContentRange } from '../../common/http/list-query';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiList, ApiRequestExample } from '../../common/openapi/api-envelope';
import { ApiKeysService } from './api-keys.service';
import { ApiKeyResponseDto, CreateApiKeyDto, CreatedApiKeyResponseDto } from './dto/api-key.dto';

/** The sort fields of GET /api-keys; the first is the default (newest first). */
const KEY_SORT_FIELDS = ['createdAt', 'name', 'lastUsedAt', 'id'];

/** The organization's API keys (admin, signed in: a key cannot make or revoke keys). */
@ApiKeyAccess('none')
@Roles(Role.Admin)
@Controller('api-keys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @ApiList(ApiKeyResponseDto, 'api-keys', KEY_SORT_FIELDS, ['q', 'id'], { description: 'Newest first unless sorted' })
  @Get()
  async list(@OrgId() orgId: string, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    // Without sort/range/filter this is the whole list, newest first, as before (the list is a react-admin resource).
    const params = parseListParams(query, KEY_SORT_FIELDS, 'DESC');
    const q = typeof params.filter.q === 'string' ? params.filter.q.toLowerCase() : '';
    const { page, total } = pageOf(await this.keys.list(orgId), params, (k) => !q || k.name.toLowerCase().includes(q));
    setContentRange(res, 'api-keys', params, page.length, total);
    return page;
  }

  @ApiEnvelope(ApiKeyResponseDto, { description: "One key (never its secret); another organization's key is 404" })
  @Get(':id')
  one(@OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.keys.one(orgId, id);
  }

  @ApiEnvelope(CreatedApiKeyResponseDto, { status: 201 })
  @ApiRequestExample({ name: 'Zapier', scopes: ['read', 'write'] })
  @Post()
  create(@CurrentUser() user: AuthUser, @OrgId() orgId: string, @Body() dto: CreateApiKeyDto) {
    return this.keys.create(user, orgId, dto);
  }

  @ApiEnvelope(ApiKeyResponseDto)
  @Delete(':id')
  revoke(@OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.keys.revoke(orgId, id);
  }
}
