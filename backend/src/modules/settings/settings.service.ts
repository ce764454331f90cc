import { BadRequestException, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import { AuthService } from '../auth/auth.service';
import type { BrandingDto, ContactInfoDto } from '../organizations/dto/organization.dto';
import { selfServiceRules, waitingRoomRules } from '../organizations/organization.entity';
import { mergeSettings, SETTING_NAMES } from '../organizations/dto/organization-settings.dto';
import { OrganizationsService } from '../organizations/organizations.service';
import { DEFAULT_OFFER_HOURS } from '../waitlist/waitlist.service';
import type { AdminProfileDto, UpdateSettingsDto } from './dto/settings.dto';
import { NO_DISCOUNT_RULES } from '../organizations/dto/discount-rules.dto';
import { NO_TAXES, TAX_CHANGE_NOTICE } from '../organizations/tax-settings';
import { derivedDiscounts, reminderTime, withDiscounts } from './settings-view';

@Injectable()
export class SettingsService {
  constructor(
    private readonly orgs: OrganizationsService,
    private readonly auth: AuthService,
  ) {}

  /** The settings response of spec 1 §3 plus its derived view, and the other settings the server applies. */
  async get(user: AuthUser) {
    const org = await this.orgs.require(user.organizationId!);
    const profile = await this.auth.findUser(user.id);
    const { discounts, cancellationPolicies, notifications } = org.settings;
    return {
      organizationId: org.id,
      discounts,
      cancellationPolicies,
      notifications,
      timeZone: org.settings.timeZone ?? null,
      defaultTimeZone: SERVER_TIME_ZONE,
      waitlistOfferHours: org.settings.waitlistOfferHours ?? DEFAULT_OFFER_HOURS,
      classConfirmedMessages: org.settings.classConfirmedMessages === true,
      sessionCancelRemedy: org.settings.sessionCancelRemedy ?? 'nothing',
      defaultLanguage: org.settings.defaultLanguage ?? 'en',
      ...selfServiceRules(org.settings),
      discountRules: org.settings.discountRules ?? NO_DISCOUNT_RULES,
      embedDomains: org.settings.embedDomains ?? [],
      lateRegistration: org.settings.lateRegistration !== false,
      ...waitingRoomRules(org.settings),
      legalDetails: org.settings.legalDetails ?? { legalName: '', address: '', taxIdLabel: '', taxId: '' },
      taxes: org.settings.taxes ?? NO_TAXES,
      registrationFee: org.settings.registrationFee ?? null,
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
        discounts: derivedDiscounts(discounts),
        cancellation: {
          deadlineDays: cancellationPolicies[0]?.daysBeforeClass ?? null,
          refundPercentage: cancellationPolicies[0]?.refundPercentage ?? null,
        },
        reminderTime: reminderTime(notifications.reminderHours),
      },
    };
  }

  /**
   * The organization's settings: the groups sent, each already validated whole (nothing is written when any field
   * is refused), applied in one write under the organization's row lock; the groups not sent are kept.
   */
  async update(user: AuthUser, dto: UpdateSettingsDto) {
    if (!SETTING_NAMES.some((k) => dto[k] !== undefined))
      throw new BadRequestException(`Send at least one setting to save: ${SETTING_NAMES.join(', ')}`);
    const { discounts, organizationId: _, ...settings } = dto;
    await this.orgs.updateSettings(user.organizationId!, (current) =>
      // The three named discounts become the stored list (other discounts kept); the rest merges as on the organization route.
      mergeSettings(current, { ...settings, discounts: discounts && withDiscounts(current.discounts ?? [], discounts) }),
    );
    const saved = await this.get(user);
    // Issue 43 §4: the reply says that quotes made before keep their price.
    return dto.taxes !== undefined || dto.registrationFee !== undefined ? { ...saved, notice: TAX_CHANGE_NOTICE } : saved;
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
