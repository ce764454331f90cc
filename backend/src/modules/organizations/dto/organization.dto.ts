import { Transform, Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsEmail,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
  ArrayMaxSize,
} from 'class-validator';
import { filled, trim } from '../../../common/http/transforms';
import { IsOptionalNotNull } from '../../../common/http/optional';
import { IsIanaTimeZone } from '../../../common/time-zone';
import { IsCancellationPolicy, MAX_CANCELLATION_TIERS } from '../../../common/cancellation-policy';
import { IsEmbedOrigins, MAX_EMBED_DOMAINS, normalizeEmbedDomains } from '../embed-origin';
import { NestedObject, WholeNumber } from '../../../common/dto/fields';

const COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const colorMessage = (field: string) => ({ message: `${field} must be a colour like #15385F` });
const httpUrl = { protocols: ['http', 'https'], require_protocol: true };
const urlMessage = (field: string) => ({ message: `${field} must be an http(s) address` });
/** Empty strings are allowed for optional links (a cleared field). */

export class ContactInfoDto {
  @IsOptionalNotNull()
  @Transform(trim)
  @ValidateIf(filled)
  @IsEmail({}, { message: 'Contact email must be a valid email address' })
  @MaxLength(320)
  email?: string;
  @IsOptionalNotNull() @Transform(trim) @IsString() @MaxLength(30) phone?: string;
  @IsOptionalNotNull() @Transform(trim) @IsString() @MaxLength(300) address?: string;
}

export class SocialLinksDto {
  @IsOptionalNotNull() @ValidateIf(filled) @IsUrl(httpUrl, urlMessage('facebook')) @MaxLength(500) facebook?: string;
  @IsOptionalNotNull() @ValidateIf(filled) @IsUrl(httpUrl, urlMessage('twitter')) @MaxLength(500) twitter?: string;
  @IsOptionalNotNull() @ValidateIf(filled) @IsUrl(httpUrl, urlMessage('instagram')) @MaxLength(500) instagram?: string;
  @IsOptionalNotNull() @ValidateIf(filled) @IsUrl(httpUrl, urlMessage('youtube')) @MaxLength(500) youtube?: string;
  @IsOptionalNotNull() @ValidateIf(filled) @IsUrl(httpUrl, urlMessage('linkedin')) @MaxLength(500) linkedin?: string;
}

export class BrandingDto {
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Business name is required' })
  @MaxLength(120)
  businessName?: string;
  @IsOptionalNotNull() @ValidateIf(filled) @IsUrl(httpUrl, urlMessage('logoUrl')) @MaxLength(1000) logoUrl?: string;
  @IsOptionalNotNull() @Matches(COLOR, colorMessage('primaryColor')) primaryColor?: string;
  @IsOptionalNotNull() @Matches(COLOR, colorMessage('secondaryColor')) secondaryColor?: string;
  @IsOptionalNotNull() @Matches(COLOR, colorMessage('headerBackgroundColor')) headerBackgroundColor?: string;
  @IsOptionalNotNull() @Matches(COLOR, colorMessage('headerTextColor')) headerTextColor?: string;
  @IsOptionalNotNull() @Matches(COLOR, colorMessage('footerBackgroundColor')) footerBackgroundColor?: string;
  @IsOptionalNotNull() @Matches(COLOR, colorMessage('footerTextColor')) footerTextColor?: string;
  @IsOptionalNotNull() @Transform(trim) @IsString() @MaxLength(200) slogan?: string;
  @IsOptionalNotNull() @ValidateIf(filled) @IsUrl(httpUrl, urlMessage('websiteUrl')) @MaxLength(1000) websiteUrl?: string;
  @IsOptionalNotNull()
  @NestedObject(() => SocialLinksDto, 'socialLinks must be an object')
  socialLinks?: SocialLinksDto;
}

/**
 * One discount, a percentage off (0-100). Stored for the organization; no price applies them yet (see
 * docs/decisions/settings-server-discounts.md). The type check is the bottom decorator: class-validator reports it
 * first.
 */
export class DiscountDto {
  @MaxLength(100, { message: 'A discount name has at most 100 characters' })
  @IsNotEmpty({ message: 'A discount needs a name' })
  @IsString({ message: 'A discount name must be text' })
  name: string;
  @WholeNumber(0, 100, 'A discount must be a whole percentage from 0 to 100')
  value: number;
}

/** One tier of the cancellation policy (common/cancellation-policy.ts says how refunds follow it). */
export class CancellationPolicyDto {
  @WholeNumber(0, 365, 'Deadline days must be a whole number from 0 to 365')
  daysBeforeClass: number;
  @WholeNumber(0, 100, 'Refund percentage must be a whole number from 0 to 100')
  refundPercentage: number;
}

/** Class reminders: sent `reminderHours` before each session, by email and/or SMS. */
export class NotificationsDto {
  @WholeNumber(1, 168, 'Reminder hours must be a whole number from 1 to 168 (one week)')
  reminderHours: number;
  @IsBoolean({ message: 'emailEnabled must be true or false' }) emailEnabled: boolean;
  @IsBoolean({ message: 'smsEnabled must be true or false' }) smsEnabled: boolean;
}

export class OrganizationSettingsDto {
  @IsOptionalNotNull() @IsArray() @ArrayMaxSize(20) @ValidateNested({ each: true }) @Type(() => DiscountDto) discounts?: DiscountDto[];
  @IsOptionalNotNull()
  @IsCancellationPolicy()
  @ValidateNested({ each: true })
  @Type(() => CancellationPolicyDto)
  @ArrayMaxSize(MAX_CANCELLATION_TIERS, { message: `A cancellation policy has at most ${MAX_CANCELLATION_TIERS} tiers` })
  @IsArray({ message: 'cancellationPolicies must be a list of tiers' })
  cancellationPolicies?: CancellationPolicyDto[];
  @IsOptionalNotNull()
  @NestedObject(() => NotificationsDto, 'notifications must be an object')
  notifications?: NotificationsDto;
  @IsOptionalNotNull() @IsIanaTimeZone() timeZone?: string;
  @IsOptionalNotNull() @IsBoolean({ message: 'classConfirmedMessages must be true or false' }) classConfirmedMessages?: boolean;
  /** How long a waitlist offer holds its seat; absent: 24. */
  @IsOptionalNotNull()
  @IsInt({ message: 'waitlistOfferHours must be a whole number of hours' })
  @Min(1, { message: 'waitlistOfferHours must be between 1 and 168' })
  @Max(168, { message: 'waitlistOfferHours must be between 1 and 168' })
  waitlistOfferHours?: number;
  /** The student portal (students manage their registrations by an emailed link); absent: on. */
  @IsOptionalNotNull() @IsBoolean({ message: 'selfService must be true or false' }) selfService?: boolean;
  @IsOptionalNotNull()
  @IsInt({ message: 'selfServiceCancelHoursBefore must be a whole number of hours from 0 to 720' })
  @Min(0, { message: 'selfServiceCancelHoursBefore must be a whole number of hours from 0 to 720' })
  @Max(720, { message: 'selfServiceCancelHoursBefore must be a whole number of hours from 0 to 720' })
  selfServiceCancelHoursBefore?: number;
  @IsOptionalNotNull() @IsBoolean({ message: 'selfServiceTransfers must be true or false' }) selfServiceTransfers?: boolean;
  @IsOptionalNotNull()
  @IsBoolean({ message: 'selfServiceTransferDifferenceInPerson must be true or false' })
  selfServiceTransferDifferenceInPerson?: boolean;
  /** The sites (HTTPS origins) allowed to show the organization's booking widget in a frame; absent: none. */
  @IsOptionalNotNull()
  @Transform(normalizeEmbedDomains)
  @IsEmbedOrigins()
  @ArrayMaxSize(MAX_EMBED_DOMAINS, { message: `embedDomains holds at most ${MAX_EMBED_DOMAINS} sites` })
  @IsArray({ message: 'embedDomains must be a list of HTTPS origins' })
  embedDomains?: string[];
}

export class CreateOrganizationDto {
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Organization name is required' }) @MaxLength(120) name: string;
  @IsOptional()
  @Transform(trim)
  @ValidateIf(filled)
  @Matches(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/i, { message: 'domain must look like example.com' })
  @MaxLength(253)
  domain?: string;
  @IsOptionalNotNull()
  @NestedObject(() => ContactInfoDto, 'contactInfo must be an object')
  contactInfo?: ContactInfoDto;
  @IsOptionalNotNull()
  @NestedObject(() => BrandingDto, 'branding must be an object')
  branding?: BrandingDto;
  @IsOptionalNotNull()
  @NestedObject(() => OrganizationSettingsDto, 'settings must be an object')
  settings?: OrganizationSettingsDto;
}

/** react-admin sends the whole record back on PUT: read-only fields are accepted and ignored. */
export class UpdateOrganizationDto extends CreateOrganizationDto {
  @IsOptional() id?: string;
  @IsOptional() planId?: string;
  @IsOptional() subscriptionStatus?: string;
  @IsOptional() createdAt?: string;
  @IsOptional() updatedAt?: string;
}
