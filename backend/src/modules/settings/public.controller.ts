import { Controller, Get, Param } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Public } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import type { AllConfigType } from '../../config/app.config';
import { OrganizationsService } from '../organizations/organizations.service';

/** What the public site may read without a token: public fields only. */
@Public()
@Controller('public')
export class PublicController {
  constructor(private readonly orgs: OrganizationsService, private readonly config: ConfigService<AllConfigType>) {}

  @Get('branding/:organizationId')
  async branding(@Param('organizationId', UuidParam) id: string) {
    return (await this.orgs.publicOrganization(id)).branding;
  }

  @Get('organization/:id')
  organization(@Param('id', UuidParam) id: string) {
    return this.orgs.publicOrganization(id);
  }

  /** The one platform fee every page states (spec README decision 1). */
  @Get('config')
  publicConfig() {
    const app = this.config.getOrThrow('app', { infer: true });
    return { platformFeePercent: app.platformFeePercent, supportEmail: app.supportEmail };
  }
}
