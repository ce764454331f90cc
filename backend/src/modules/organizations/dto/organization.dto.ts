import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, IsUrl, Matches, MaxLength, ValidateIf } from 'class-validator';
import { filled, trim } from '../../../common/http/transforms';
import { IsOptionalNotNull } from '../../../common/http/optional';
import { NestedObject } from '../../../common/dto/fields';
import { OrganizationSettingsDto } from './organization-settings.dto';

const COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const colorMessage = (field: string) => ({ message: `${field} must be a colour like #15385F` });
const httpUrl = { protocols: ['http', 'https'], require_protocol: true };
const urlMessage = (field: string) => ({ message: `${field} must be an http(s) address` });
/**
 * Empty strings are allowed for optional links (a cleared field): the format rule alone is skipped for them. A
 * @ValidateIf(filled) on the field would skip its other rules too, and so let null through @IsOptionalNotNull.
 */
const whenFilled = (options: { message: string }) => ({ ...options, validateIf: filled });

export class ContactInfoDto {
  @IsOptionalNotNull()
  @Transform(trim)
  @IsEmail({}, whenFilled({ message: 'Contact email must be a valid email address' }))
  @MaxLength(320)
  email?: string;
  @IsOptionalNotNull() @Transform(trim) @IsString() @MaxLength(30) phone?: string;
  @IsOptionalNotNull() @Transform(trim) @IsString() @MaxLength(300) address?: string;
}

export class SocialLinksDto {
  @IsOptionalNotNull() @IsUrl(httpUrl, whenFilled(urlMessage('facebook'))) @MaxLength(500) facebook?: string;
  @IsOptionalNotNull() @IsUrl(httpUrl, whenFilled(urlMessage('twitter'))) @MaxLength(500) twitter?: string;
  @IsOptionalNotNull() @IsUrl(httpUrl, whenFilled(urlMessage('instagram'))) @MaxLength(500) instagram?: string;
  @IsOptionalNotNull() @IsUrl(httpUrl, whenFilled(urlMessage('youtube'))) @MaxLength(500) youtube?: string;
  @IsOptionalNotNull() @IsUrl(httpUrl, whenFilled(urlMessage('linkedin'))) @MaxLength(500) linkedin?: string;
}

export class BrandingDto {
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Business name is required' })
  @MaxLength(120)
  businessName?: string;
  @IsOptionalNotNull() @IsUrl(httpUrl, whenFilled(urlMessage('logoUrl'))) @MaxLength(1000) logoUrl?: string;
  @IsOptionalNotNull() @Matches(COLOR, colorMessage('primaryColor')) primaryColor?: string;
  @IsOptionalNotNull() @Matches(COLOR, colorMessage('secondaryColor')) secondaryColor?: string;
  @IsOptionalNotNull() @Matches(COLOR, colorMessage('headerBackgroundColor')) headerBackgroundColor?: string;
  @IsOptionalNotNull() @Matches(COLOR, colorMessage('headerTextColor')) headerTextColor?: string;
  @IsOptionalNotNull() @Matches(COLOR, colorMessage('footerBackgroundColor')) footerBackgroundColor?: string;
  @IsOptionalNotNull() @Matches(COLOR, colorMessage('footerTextColor')) footerTextColor?: string;
  @IsOptionalNotNull() @Transform(trim) @IsString() @MaxLength(200) slogan?: string;
  @IsOptionalNotNull() @IsUrl(httpUrl, whenFilled(urlMessage('websiteUrl'))) @MaxLength(1000) websiteUrl?: string;
  @IsOptionalNotNull()
  @NestedObject(() => SocialLinksDto, 'socialLinks must be an object')
  socialLinks?: SocialLinksDto;
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
