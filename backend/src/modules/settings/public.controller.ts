import { Controller, Get, Param } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Public } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import type { AllConfigType } from '../../config/config.type';
import { OrganizationsService } from '../organizations/organizations.service';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import { BrandingDto } from '../organizations/dto/organization.dto';
import { PublicOrganizationResponseDto } from '../organizations/dto/organization.response';
import { PublicConfigResponseDto } from './dto/settings.response';

/** What the public site may read without a token: public fields only. */
@Public()
@Controller('public')
export class PublicController {
  constructor(
    private readonly orgs: OrganizationsService,
    private readonly config: ConfigService<AllConfigType>,
  ) {}

  @ApiEnvelope(BrandingDto)
  @Get('branding/:organizationId')
  async branding(@Param('organizationId', UuidParam) id: string) {
    return (await this.orgs.publicOrganization(id)).branding;
  }

  @ApiEnvelope(PublicOrganizationResponseDto)
  @Get('organization/:id')
  organization(@Param('id', UuidParam) id: string) {
    return this.orgs.publicOrganization(id);
  }

  /** The one platform fee every page states (spec README decision 1). */
  @ApiEnvelope(PublicConfigResponseDto)
  @Get('config')
  publicConfig() {
    const app = this.config.getOrThrow('app', { infer: true });
    return { platformFeePercent: app.platformFeePercent, supportEmail: app.supportEmail };
  }
}
