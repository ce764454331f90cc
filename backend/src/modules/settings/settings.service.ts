import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { AuthService } from '../auth/auth.service';
import type { BrandingDto, ContactInfoDto } from '../organizations/dto/organization.dto';
import { OrganizationsService } from '../organizations/organizations.service';
import type { AdminProfileDto } from './dto/settings.dto';

@Injectable()
export class SettingsService {
  constructor(
    private readonly orgs: OrganizationsService,
    private readonly auth: AuthService,
  ) {}

  /** The settings response of spec 1 §3 plus its derived view. */
  async get(user: AuthUser) {
    const org = await this.orgs.require(user.organizationId!);
    const profile = await this.auth.findUser(user.id);
    const { discounts, cancellationPolicies, notifications } = org.settings;
    const discount = (re: RegExp) => discounts.find((d) => re.test(d.name.toLowerCase()))?.value ?? null;
    return {
      organizationId: org.id,
      discounts,
      cancellationPolicies,
      notifications,
      contactInfo: org.contactInfo,
      branding: org.branding,
      adminProfile: {
        firstName: profile?.firstName ?? '',
        lastName: profile?.lastName ?? '',
        email: profile?.email ?? '',
        phone: profile?.phone ?? '',
        profilePicture: profile?.profilePicture ?? '',
      },
      derived: {
        discounts: { earlyBird: discount(/early|bird/), senior: discount(/senior/), returning: discount(/return/) },
        cancellation: {
          deadlineDays: cancellationPolicies[0]?.daysBeforeClass ?? null,
          refundPercentage: cancellationPolicies[0]?.refundPercentage ?? null,
        },
        reminderTime: `${String(notifications.reminderHours % 24).padStart(2, '0')}:00`,
      },
    };
  }

  async updateBranding(user: AuthUser, branding: BrandingDto) {
    // The plan check is made by orgs.update, the one write path of branding.
    const org = await this.orgs.require(user.organizationId!);
    await this.orgs.update(org.id, { name: org.name, branding });
    return this.get(user);
  }

  async updateContact(user: AuthUser, contactInfo: ContactInfoDto) {
    const org = await this.orgs.require(user.organizationId!);
    await this.orgs.update(org.id, { name: org.name, contactInfo });
    return this.get(user);
  }

  async updateProfile(user: AuthUser, adminProfile: AdminProfileDto) {
    await this.auth.updateAdminProfile(user.id, adminProfile);
    return this.get(user);
  }
}
