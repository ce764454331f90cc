import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsEmail,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { BrandingDto, ContactInfoDto } from '../../organizations/dto/organization.dto';
import { SettingsDto } from '../../organizations/dto/organization-settings.dto';
import { ApiExtendsParent } from '../../../common/openapi/schema-extends';
import { filled, trim } from '../../../common/http/transforms';
import { IsOptionalNotNull } from '../../../common/http/optional';
import { NestedObject } from '../../../common/dto/fields';

export class UpdateBrandingDto {
  @IsDefined({ message: 'branding is required' })
  @NestedObject(() => BrandingDto, 'branding must be an object')
  branding: BrandingDto;
  /** A class that has started takes registrations, prorated by the sessions left (absent from the settings: on). */
  @IsOptionalNotNull() @IsBoolean({ message: 'lateRegistration must be true or false' }) lateRegistration?: boolean;
  @IsOptional() @IsUUID() organizationId?: string;
}

export class UpdateContactDto {
  @IsDefined({ message: 'contactInfo is required' })
  @NestedObject(() => ContactInfoDto, 'contactInfo must be an object')
  contactInfo: ContactInfoDto;
  /** A class that has started takes registrations, prorated by the sessions left (absent from the settings: on). */
  @IsOptionalNotNull() @IsBoolean({ message: 'lateRegistration must be true or false' }) lateRegistration?: boolean;
  @IsOptional() @IsUUID() organizationId?: string;
}

export class AdminProfileDto {
  @IsOptionalNotNull() @Transform(trim) @IsString() @IsNotEmpty({ message: 'First name is required' }) @MaxLength(100) firstName?: string;
  @IsOptionalNotNull() @Transform(trim) @IsString() @IsNotEmpty({ message: 'Last name is required' }) @MaxLength(100) lastName?: string;
  @IsOptionalNotNull() @Transform(trim) @IsEmail({}, { message: 'Please enter a valid email address' }) @MaxLength(320) email?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(30) phone?: string;
  @IsOptional()
  @ValidateIf(filled)
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'profilePicture must be an http(s) address' })
  @MaxLength(1000)
  profilePicture?: string;
}

export class UpdateProfileSettingsDto {
  @IsDefined({ message: 'adminProfile is required' })
  @NestedObject(() => AdminProfileDto, 'adminProfile must be an object')
  adminProfile: AdminProfileDto;
  /** A class that has started takes registrations, prorated by the sessions left (absent from the settings: on). */
  @IsOptionalNotNull() @IsBoolean({ message: 'lateRegistration must be true or false' }) lateRegistration?: boolean;
  @IsOptional() @IsUUID() organizationId?: string;
}

const discountMessage = (name: string) => ({ message: `${name} must be a whole percentage from 0 to 100, or null for none` });

/**
 * The three discounts of spec 1 §4's derived view, as percentages off; null: none. Each key must be sent (null to
 * clear it), so a form cannot clear one by leaving it out. Stored only: no price applies them yet.
 */
export class DiscountPercentsDto {
  @ApiProperty({ type: 'integer', nullable: true, minimum: 0, maximum: 100, example: 10 })
  @ValidateIf((_, v) => v !== null)
  @Max(100, discountMessage('earlyBird'))
  @Min(0, discountMessage('earlyBird'))
  @IsInt(discountMessage('earlyBird'))
  earlyBird: number | null;
  @ApiProperty({ type: 'integer', nullable: true, minimum: 0, maximum: 100, example: 15 })
  @ValidateIf((_, v) => v !== null)
  @Max(100, discountMessage('senior'))
  @Min(0, discountMessage('senior'))
  @IsInt(discountMessage('senior'))
  senior: number | null;
  @ApiProperty({ type: 'integer', nullable: true, minimum: 0, maximum: 100, example: null })
  @ValidateIf((_, v) => v !== null)
  @Max(100, discountMessage('returning'))
  @Min(0, discountMessage('returning'))
  @IsInt(discountMessage('returning'))
  returning: number | null;
}

/**
 * The organization's own settings (PUT /api/settings): the organization's settings object (SettingsDto, the one the
 * organization routes take too), any part of it, each group complete and validated before anything is written; what
 * is not sent is kept. Unknown fields are refused. `discounts` is the settings screen's three named discounts here.
 */
@ApiExtendsParent()
export class UpdateSettingsDto extends SettingsDto {
  @IsOptionalNotNull()
  @NestedObject(() => DiscountPercentsDto, 'discounts must be an object with earlyBird, senior and returning')
  discounts?: DiscountPercentsDto;
  @IsOptional() @IsUUID() organizationId?: string;
}
