import { Transform, Type } from 'class-transformer';
import {
  IsArray, IsBoolean, IsEmail, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, IsUrl, Matches, Max, MaxLength, Min,
  ValidateIf, ValidateNested, ArrayMaxSize,
} from 'class-validator';
import { filled, trim } from '../../../common/http/transforms';

const COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const colorMessage = (field: string) => ({ message: `${field} must be a colour like #15385F` });
const httpUrl = { protocols: ['http', 'https'], require_protocol: true };
const urlMessage = (field: string) => ({ message: `${field} must be an http(s) address` });
/** Empty strings are allowed for optional links (a cleared field). */

export class ContactInfoDto {
  @IsOptional() @Transform(trim) @ValidateIf(filled) @IsEmail({}, { message: 'Contact email must be a valid email address' }) @MaxLength(320) email?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(30) phone?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(300) address?: string;
}

export class SocialLinksDto {
  @IsOptional() @ValidateIf(filled) @IsUrl(httpUrl, urlMessage('facebook')) @MaxLength(500) facebook?: string;
  @IsOptional() @ValidateIf(filled) @IsUrl(httpUrl, urlMessage('twitter')) @MaxLength(500) twitter?: string;
  @IsOptional() @ValidateIf(filled) @IsUrl(httpUrl, urlMessage('instagram')) @MaxLength(500) instagram?: string;
  @IsOptional() @ValidateIf(filled) @IsUrl(httpUrl, urlMessage('youtube')) @MaxLength(500) youtube?: string;
  @IsOptional() @ValidateIf(filled) @IsUrl(httpUrl, urlMessage('linkedin')) @MaxLength(500) linkedin?: string;
}

export class BrandingDto {
  @IsOptional() @Transform(trim) @IsString() @IsNotEmpty({ message: 'Business name is required' }) @MaxLength(120) businessName?: string;
  @IsOptional() @ValidateIf(filled) @IsUrl(httpUrl, urlMessage('logoUrl')) @MaxLength(1000) logoUrl?: string;
  @IsOptional() @Matches(COLOR, colorMessage('primaryColor')) primaryColor?: string;
  @IsOptional() @Matches(COLOR, colorMessage('secondaryColor')) secondaryColor?: string;
  @IsOptional() @Matches(COLOR, colorMessage('headerBackgroundColor')) headerBackgroundColor?: string;
  @IsOptional() @Matches(COLOR, colorMessage('headerTextColor')) headerTextColor?: string;
  @IsOptional() @Matches(COLOR, colorMessage('footerBackgroundColor')) footerBackgroundColor?: string;
  @IsOptional() @Matches(COLOR, colorMessage('footerTextColor')) footerTextColor?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(200) slogan?: string;
  @IsOptional() @ValidateIf(filled) @IsUrl(httpUrl, urlMessage('websiteUrl')) @MaxLength(1000) websiteUrl?: string;
  @IsOptional() @ValidateNested() @Type(() => SocialLinksDto) socialLinks?: SocialLinksDto;
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
  @IsOptional() @IsArray() @ArrayMaxSize(20) @ValidateNested({ each: true }) @Type(() => DiscountDto) discounts?: DiscountDto[];
  @IsOptional() @IsArray() @ArrayMaxSize(20) @ValidateNested({ each: true }) @Type(() => CancellationPolicyDto) cancellationPolicies?: CancellationPolicyDto[];
  @IsOptional() @ValidateNested() @Type(() => NotificationsDto) notifications?: NotificationsDto;
}

export class CreateOrganizationDto {
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Organization name is required' }) @MaxLength(120) name: string;
  @IsOptional() @Transform(trim) @ValidateIf(filled)
  @Matches(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/i, { message: 'domain must look like example.com' }) @MaxLength(253) domain?: string;
  @IsOptional() @ValidateNested() @Type(() => ContactInfoDto) contactInfo?: ContactInfoDto;
  @IsOptional() @ValidateNested() @Type(() => BrandingDto) branding?: BrandingDto;
  @IsOptional() @ValidateNested() @Type(() => OrganizationSettingsDto) settings?: OrganizationSettingsDto;
}

/** react-admin sends the whole record back on PUT: read-only fields are accepted and ignored. */
export class UpdateOrganizationDto extends CreateOrganizationDto {
  @IsOptional() id?: string;
  @IsOptional() planId?: string;
  @IsOptional() subscriptionStatus?: string;
  @IsOptional() createdAt?: string;
  @IsOptional() updatedAt?: string;
}
