import { Transform, Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsEmail,
  IsObject,
  IsInt,
  IsNotEmpty,
  IsNumber,
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
  @IsObject({ message: 'socialLinks must be an object' })
  @ValidateNested()
  @Type(() => SocialLinksDto)
  socialLinks?: SocialLinksDto;
}

export class DiscountDto {
  @IsString() @IsNotEmpty() @MaxLength(100) name: string;
  @IsNumber() @Min(0) @Max(100) value: number;
}

export class CancellationPolicyDto {
  @IsInt() @Min(0) @Max(365) daysBeforeClass: number;
  @IsNumber() @Min(0) @Max(100) refundPercentage: number;
}

export class NotificationsDto {
  @IsInt() @Min(0) @Max(168) reminderHours: number;
  @IsBoolean() emailEnabled: boolean;
  @IsBoolean() smsEnabled: boolean;
}

export class OrganizationSettingsDto {
  @IsOptionalNotNull() @IsArray() @ArrayMaxSize(20) @ValidateNested({ each: true }) @Type(() => DiscountDto) discounts?: DiscountDto[];
  @IsOptionalNotNull()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => CancellationPolicyDto)
  cancellationPolicies?: CancellationPolicyDto[];
  @IsOptionalNotNull()
  @IsObject({ message: 'notifications must be an object' })
  @ValidateNested()
  @Type(() => NotificationsDto)
  notifications?: NotificationsDto;
  @IsOptionalNotNull() @IsIanaTimeZone() timeZone?: string;
  @IsOptionalNotNull() @IsBoolean({ message: 'classConfirmedMessages must be true or false' }) classConfirmedMessages?: boolean;
  /** How long a waitlist offer holds its seat; absent: 24. */
  @IsOptionalNotNull()
  @IsInt({ message: 'waitlistOfferHours must be a whole number of hours' })
  @Min(1, { message: 'waitlistOfferHours must be between 1 and 168' })
  @Max(168, { message: 'waitlistOfferHours must be between 1 and 168' })
  waitlistOfferHours?: number;
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
  @IsObject({ message: 'contactInfo must be an object' })
  @ValidateNested()
  @Type(() => ContactInfoDto)
  contactInfo?: ContactInfoDto;
  @IsOptionalNotNull()
  @IsObject({ message: 'branding must be an object' })
  @ValidateNested()
  @Type(() => BrandingDto)
  branding?: BrandingDto;
  @IsOptionalNotNull()
  @IsObject({ message: 'settings must be an object' })
  @ValidateNested()
  @Type(() => OrganizationSettingsDto)
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
