import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength, MinLength } from 'class-validator';
import { lowerTrim, trim } from '../../../common/http/transforms';
import { IsOptionalNotNull } from '../../../common/http/optional';
import { STAFF_LANGUAGES, type StaffLanguage } from '../user.entity';

export class SignInDto {
  @Transform(lowerTrim)
  @IsNotEmpty({ message: 'Email is required' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(320, { message: 'Email address is too long' })
  email: string;
  @IsString() @IsNotEmpty({ message: 'Password is required' }) @MaxLength(200) password: string;
}

/** The fields of a new account, whoever creates it (self sign-up or an admin adding a team member). */
class NewAccountDto {
  @Transform(lowerTrim)
  @IsNotEmpty({ message: 'Email is required' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(320, { message: 'Email address is too long' })
  email: string;
  @IsString()
  @IsNotEmpty({ message: 'Password is required' })
  @MinLength(6, { message: 'Password must be at least 6 characters long' })
  @MaxLength(200)
  password: string;
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'First name is required' }) @MaxLength(100) firstName: string;
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Last name is required' }) @MaxLength(100) lastName: string;
}

export class SignUpDto extends NewAccountDto {
  // Self sign-up always creates an organization admin; teachers are created by their admin.
  @IsOptionalNotNull() @IsIn(['admin'], { message: 'role must be admin for sign-up' }) role?: 'admin';
}

export class CreateUserDto extends NewAccountDto {
  @IsIn(['admin', 'teacher'], { message: 'role must be admin or teacher' }) role: 'admin' | 'teacher';
  @IsOptional() @IsUUID() organizationId?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(30) phone?: string;
}

export class UpdateProfileDto {
  @IsOptionalNotNull() @Transform(trim) @IsString() @IsNotEmpty({ message: 'First name is required' }) @MaxLength(100) firstName?: string;
  @IsOptionalNotNull() @Transform(trim) @IsString() @IsNotEmpty({ message: 'Last name is required' }) @MaxLength(100) lastName?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(30) phone?: string;
  @IsOptional() @IsUUID('all', { message: 'organizationId must be an id' }) organizationId?: string;
  /** The admin app's language (issue 42); null forgets the choice. */
  @IsOptional() @IsIn(STAFF_LANGUAGES, { message: 'language must be one of: en, es, fr' }) language?: StaffLanguage | null;
  // Accepted from clients that send the whole user back; never applied.
  @IsOptional() @IsUUID() userId?: string;
}

export class ResetPasswordRequestDto {
  @Transform(lowerTrim) @IsEmail({}, { message: 'Please enter a valid email address' }) @MaxLength(320) email: string;
}

export class ResetPasswordConfirmDto {
  @IsString() @Matches(/^[A-Za-z0-9_-]{20,200}$/, { message: 'The reset link is invalid' }) token: string;
  @IsString() @MinLength(6, { message: 'Password must be at least 6 characters long' }) @MaxLength(200) password: string;
}

export class StaffSignInDto {
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Username is required' }) @MaxLength(100) username: string;
  @IsString() @IsNotEmpty({ message: 'Password is required' }) @MaxLength(200) password: string;
}
