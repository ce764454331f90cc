import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDateString, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength, ValidateIf } from 'class-validator';
import { trim } from '../../../common/http/transforms';

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A term (season): its dates, and when its registration opens and closes (the order is checked by the service). */
export class CreateTermDto {
  @ApiProperty({ example: 'Summer 2027' })
  @Transform(trim)
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(100, { message: 'Name must be at most 100 characters' })
  name: string;
  @ApiProperty({ example: '2027-06-14', description: 'First day of the term (YYYY-MM-DD)' })
  @Matches(DAY, { message: 'startDate must be a date (YYYY-MM-DD)' })
  @IsString({ message: 'startDate must be a date (YYYY-MM-DD)' })
  startDate: string;
  @ApiProperty({ example: '2027-08-20', description: 'Last day of the term (YYYY-MM-DD), not before startDate' })
  @Matches(DAY, { message: 'endDate must be a date (YYYY-MM-DD)' })
  @IsString({ message: 'endDate must be a date (YYYY-MM-DD)' })
  endDate: string;
  @ApiProperty({ format: 'date-time', example: '2027-03-01T11:00:00.000Z' })
  @IsDateString({ strict: true }, { message: 'registrationOpensAt must be an ISO date and time' })
  registrationOpensAt: string;
  @ApiPropertyOptional({ type: 'string', format: 'date-time', nullable: true, description: 'After the opening; absent: stays open' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsDateString({ strict: true }, { message: 'registrationClosesAt must be an ISO date and time, or null' })
  registrationClosesAt?: string | null;
  @ApiPropertyOptional({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'Before the opening: people enrolled in an earlier term may register from then (with their emailed link)',
  })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsDateString({ strict: true }, { message: 'earlyAccessOpensAt must be an ISO date and time, or null' })
  earlyAccessOpensAt?: string | null;
  @IsOptional() @IsUUID() organizationId?: string;
}

/** A form PUTs the whole record back: its read-only fields are accepted and ignored. */
export class UpdateTermDto extends CreateTermDto {
  @IsOptional() id?: unknown;
  @IsOptional() classCount?: unknown;
  @IsOptional() earlyAccessSentAt?: unknown;
  @IsOptional() createdAt?: unknown;
  @IsOptional() updatedAt?: unknown;
}
