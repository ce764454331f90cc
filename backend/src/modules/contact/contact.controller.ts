import { Body, Controller, NotFoundException, Post } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { DataSource } from 'typeorm';
import { Public } from '../../common/auth/roles';
import { RateLimit } from '../../common/http/rate-limit';
import { trim } from '../../common/http/transforms';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { ContactSentResponseDto } from './dto/contact.response';

const REQUIRED = { message: 'Please fill in all required fields.' };

export class ContactMessageDto {
  @Transform(trim) @IsString(REQUIRED) @IsNotEmpty(REQUIRED) @MaxLength(200) name: string;
  @Transform(trim) @IsString(REQUIRED) @IsNotEmpty(REQUIRED) @IsEmail({}, { message: 'Please enter a valid email address' }) @MaxLength(320) email: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(300) subject?: string;
  @Transform(trim) @IsString(REQUIRED) @IsNotEmpty(REQUIRED) @MaxLength(5000) message: string;
  @IsOptional() @IsUUID('all', { message: 'organizationId must be an id' }) organizationId?: string;
  @IsOptional() @IsIn(['general', 'technical', 'partnership', 'educator', 'student', 'billing'], { message: 'inquiryType must be one of general, technical, partnership, educator, student, billing' })
  inquiryType?: string;
}

/** Contact form messages are stored; spam is bounded per client IP. */
@Controller('contact')
export class ContactController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @ApiEnvelope(ContactSentResponseDto, { status: 201 })
  @ApiRequestExample({ name: 'Ann Lee', email: 'ann@example.com', subject: 'Group bookings', message: 'Do you offer group rates?', inquiryType: 'general' })
  @Public() @RateLimit('contact', 'message') @Post()
  async create(@Body() dto: ContactMessageDto) {
    const [row] = await this.db.query(
      `INSERT INTO contact_messages (organization_id, name, email, subject, message, inquiry_type)
       SELECT $1::uuid, $2, $3, $4, $5, $6
        WHERE $1::uuid IS NULL OR EXISTS (SELECT 1 FROM organizations WHERE id = $1::uuid)
       RETURNING id`,
      [dto.organizationId ?? null, dto.name, dto.email, dto.subject || null, dto.message, dto.organizationId ? null : dto.inquiryType ?? null],
    );
    if (!row) throw new NotFoundException('Organization not found');
    return { id: row.id, message: "Your message has been sent successfully! We'll get back to you soon." };
  }
}
