import { Body, Controller, Delete, ForbiddenException, Get, Param, Post, Put } from '@nestjs/common';
import { CurrentUser, type AuthUser } from '../../common/auth/auth-user';
import { Public, Role, Roles } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { CreateOrganizationDto, UpdateOrganizationDto } from './dto/organization.dto';
import { OrganizationsService } from './organizations.service';

/** An organization path id must be the caller's own organization. */
function own(user: AuthUser, id: string) {
  if (user.organizationId !== id) throw new ForbiddenException('You can only access your own organization');
  return id;
}

@Controller('organizations')
export class OrganizationsController {
  constructor(private readonly orgs: OrganizationsService) {}

  @Get()
  list(@CurrentUser() user: AuthUser) {
    return this.orgs.list(user);
  }

  @Post()
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateOrganizationDto) {
    return this.orgs.create(user, dto);
  }

  @Public() @Get('domain/:domain')
  byDomain(@Param('domain') domain: string) {
    return this.orgs.byDomain(domain);
  }

  @Get(':id/subscription-validation')
  validation(@Param('id', UuidParam) id: string, @CurrentUser() user: AuthUser) {
    return this.orgs.subscriptionValidation(own(user, id));
  }

  @Get(':id')
  get(@Param('id', UuidParam) id: string, @CurrentUser() user: AuthUser) {
    return this.orgs.get(own(user, id));
  }

  @Roles(Role.Admin) @Put(':id')
  update(@Param('id', UuidParam) id: string, @CurrentUser() user: AuthUser, @Body() dto: UpdateOrganizationDto) {
    return this.orgs.update(own(user, id), dto);
  }

  @Roles(Role.Admin) @Delete(':id')
  delete(@Param('id', UuidParam) id: string, @CurrentUser() user: AuthUser) {
    return this.orgs.delete(own(user, id));
  }
}
