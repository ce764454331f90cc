import { Transform, Type } from 'class-transformer';
import {
  IsDefined,
  IsEmail,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  IsUUID,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { BrandingDto, ContactInfoDto } from '../../organizations/dto/organization.dto';
import { filled, trim } from '../../../common/http/transforms';
import { IsOptionalNotNull } from '../../../common/http/optional';

export class UpdateBrandingDto {
  @IsDefined({ message: 'branding is required' })
  @IsObject({ message: 'branding must be an object' })
  @ValidateNested()
  @Type(() => BrandingDto)
  branding: BrandingDto;
  @IsOptional() @IsUUID() organizationId?: string;
}

export class UpdateContactDto {
  @IsDefined({ message: 'contactInfo is required' })
  @IsObject({ message: 'contactInfo must be an object' })
  @ValidateNested()
  @Type(() => ContactInfoDto)
  contactInfo: ContactInfoDto;
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
  @IsObject({ message: 'adminProfile must be an object' })
  @ValidateNested()
  @Type(() => AdminProfileDto)
  adminProfile: AdminProfileDto;
  @IsOptional() @IsUUID() organizationId?: string;
}
