import { Body, Controller, Get, Put } from '@nestjs/common';
import { CurrentUser, OrgId, type AuthUser } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { UpdateBrandingDto, UpdateContactDto, UpdateProfileSettingsDto, UpdateSettingsDto } from './dto/settings.dto';
import { SettingsService } from './settings.service';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import { SettingsResponseDto } from './dto/settings.response';

@Roles(Role.Admin)
@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @ApiEnvelope(SettingsResponseDto)
  @Get()
  get(@CurrentUser() user: AuthUser, @OrgId() _org: string) {
    return this.settings.get(user);
  }

  /**
   * Cancellation policy, discounts, reminders, time zone, waitlist offer hours and the 'Your class is on' switch:
   * any of these groups, each validated whole before anything is written.
   */
  @ApiEnvelope(SettingsResponseDto)
  @Put()
  update(@CurrentUser() user: AuthUser, @OrgId() _org: string, @Body() dto: UpdateSettingsDto) {
    return this.settings.update(user, dto);
  }

  @ApiEnvelope(SettingsResponseDto)
  @Put('branding')
  branding(@CurrentUser() user: AuthUser, @OrgId() _org: string, @Body() dto: UpdateBrandingDto) {
    return this.settings.updateBranding(user, dto.branding);
  }

  @ApiEnvelope(SettingsResponseDto)
  @Put('contact')
  contact(@CurrentUser() user: AuthUser, @OrgId() _org: string, @Body() dto: UpdateContactDto) {
    return this.settings.updateContact(user, dto.contactInfo);
  }

  @ApiEnvelope(SettingsResponseDto)
  @Put('profile')
  profile(@CurrentUser() user: AuthUser, @OrgId() _org: string, @Body() dto: UpdateProfileSettingsDto) {
    return this.settings.updateProfile(user, dto.adminProfile);
  }
}
