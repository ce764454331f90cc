import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { trim } from '../../../common/http/transforms';

const REQUIRED = { message: 'Please fill in all required fields.' };

export class ContactMessageDto {
  @Transform(trim) @IsString(REQUIRED) @IsNotEmpty(REQUIRED) @MaxLength(200) name: string;
  @Transform(trim)
  @IsString(REQUIRED)
  @IsNotEmpty(REQUIRED)
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(320)
  email: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(300) subject?: string;
  @Transform(trim) @IsString(REQUIRED) @IsNotEmpty(REQUIRED) @MaxLength(5000) message: string;
  @IsOptional() @IsUUID('all', { message: 'organizationId must be an id' }) organizationId?: string;
  @IsOptional()
  @IsIn(['general', 'technical', 'partnership', 'educator', 'student', 'billing'], {
    message: 'inquiryType must be one of general, technical, partnership, educator, student, billing',
  })
  inquiryType?: string;
}
