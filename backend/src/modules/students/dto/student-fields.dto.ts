import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsNotEmpty, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { IsUsPhone, normaliseUsPhone } from '../../../common/http/phone';
import { lowerTrim, trim } from '../../../common/http/transforms';
import { IsOptionalNotNull } from '../../../common/http/optional';

const NAME = /^[\p{L}][\p{L} '’-]*$/u;

/** Spec 2 §5 names and spec 1 §5 US phone rules, enforced by the server too. */
export class StudentFieldsDto {
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'First name is required' })
  @Matches(NAME, { message: 'First name can only contain letters, spaces, hyphens, and apostrophes' })
  @MinLength(2, { message: 'First name must be at least 2 characters long' })
  @MaxLength(49, { message: 'First name must be less than 50 characters long' })
  firstName: string;

  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Last name is required' })
  @Matches(NAME, { message: 'Last name can only contain letters, spaces, hyphens, and apostrophes' })
  @MinLength(2, { message: 'Last name must be at least 2 characters long' })
  @MaxLength(49, { message: 'Last name must be less than 50 characters long' })
  lastName: string;

  @Transform(lowerTrim)
  @IsNotEmpty({ message: 'Email is required' })
  @MaxLength(320, { message: 'Email address is too long' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email: string;

  /** Stored as 10 national digits (common/http/phone.ts); the display format is the front end's job. */
  @Transform(normaliseUsPhone)
  @IsUsPhone()
  phone: string;

  @IsOptionalNotNull() @IsBoolean({ message: 'communicationOptIn must be true or false' }) communicationOptIn?: boolean;
}
