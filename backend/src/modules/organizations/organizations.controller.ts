import { Body, Controller, Delete, ForbiddenException, Get, Param, Post, Put } from '@nestjs/common';
import { ApiKeyAccess } from '../../common/auth/api-key';
import { CurrentUser, type AuthUser } from '../../common/auth/auth-user';
import { Public, Role, Roles } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { CreateOrganizationDto, UpdateOrganizationDto } from './dto/organization.dto';
import { OrganizationsService } from './organizations.service';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import {
  OrganizationCreatedResponseDto,
  OrganizationDeletedResponseDto,
  OrganizationResponseDto,
  PublicOrganizationResponseDto,
  SubscriptionValidationResponseDto,
} from './dto/organization.response';

/** An organization path id must be the caller's own organization. */
function own(user: AuthUser, id: string) {
  if (user.organizationId !== id) throw new ForbiddenException('You can only access your own organization');
  return id;
}

@Controller('organizations')
export class OrganizationsController {
  constructor(private readonly orgs: OrganizationsService) {}

  @ApiEnvelope(OrganizationResponseDto, { isArray: true, description: "The caller's own organization (a one-item list)" })
  @Get()
  list(@CurrentUser() user: AuthUser) {
    return this.orgs.list(user);
  }

  @ApiEnvelope(OrganizationCreatedResponseDto, { status: 201 })
  @ApiKeyAccess('none')
  @Post()
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateOrganizationDto) {
    return this.orgs.create(user, dto);
  }

  @ApiEnvelope(PublicOrganizationResponseDto)
  @Public()
  @Get('domain/:domain')
  byDomain(@Param('domain') domain: string) {
    return this.orgs.byDomain(domain);
  }

  @ApiEnvelope(SubscriptionValidationResponseDto)
  @Get(':id/subscription-validation')
  validation(@Param('id', UuidParam) id: string, @CurrentUser() user: AuthUser) {
    return this.orgs.subscriptionValidation(own(user, id));
  }

  @ApiEnvelope(OrganizationResponseDto)
  @Get(':id')
  get(@Param('id', UuidParam) id: string, @CurrentUser() user: AuthUser) {
    return this.orgs.get(own(user, id));
  }

  @ApiEnvelope(OrganizationResponseDto)
  @Roles(Role.Admin)
  @Put(':id')
  update(@Param('id', UuidParam) id: string, @CurrentUser() user: AuthUser, @Body() dto: UpdateOrganizationDto) {
    return this.orgs.update(own(user, id), dto);
  }

  @ApiEnvelope(OrganizationDeletedResponseDto)
  @Roles(Role.Admin)
  @ApiKeyAccess('none')
  @Delete(':id')
  delete(@Param('id', UuidParam) id: string, @CurrentUser() user: AuthUser) {
    return this.orgs.delete(own(user, id));
  }
}
