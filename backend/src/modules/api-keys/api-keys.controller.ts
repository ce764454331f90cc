import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiKeyAccess } from '../../common/auth/api-key';
import { CurrentUser, OrgId, type AuthUser } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { ApiKeysService } from './api-keys.service';
import { ApiKeyResponseDto, CreateApiKeyDto, CreatedApiKeyResponseDto } from './dto/api-key.dto';

/** The organization's API keys (admin, signed in: a key cannot make or revoke keys). */
@ApiKeyAccess('none')
@Roles(Role.Admin)
@Controller('api-keys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @ApiEnvelope(ApiKeyResponseDto, { isArray: true })
  @Get()
  list(@OrgId() orgId: string) {
    return this.keys.list(orgId);
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
