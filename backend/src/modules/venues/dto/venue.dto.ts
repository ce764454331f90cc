import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IsOptionalNotNull } from '../../../common/http/optional';
import { trim } from '../../../common/http/transforms';
import { IsIanaTimeZone } from '../../../common/time-zone';

export class CreateLocationDto {
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Name is required' }) @MaxLength(200) name: string;
  @IsOptionalNotNull() @Transform(trim) @IsString() @MaxLength(500) address?: string;
  /** Only when the location is in another zone than the organization's; null: the organization's. */
  @ApiProperty({ type: 'string', nullable: true, required: false, example: 'America/Chicago' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsIanaTimeZone()
  timeZone?: string | null;
}

/** react-admin PUTs the whole record back: the reply's read-only fields are accepted and ignored. */
export class UpdateLocationDto extends CreateLocationDto {
  @IsOptional() id?: unknown;
  @IsOptional() roomCount?: unknown;
  @IsOptional() createdAt?: unknown;
  @IsOptional() updatedAt?: unknown;
}

export class CreateRoomDto {
  @IsUUID('all', { message: 'locationId must be the id of a location' }) locationId: string;
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Name is required' }) @MaxLength(200) name: string;
  /** How many people the room holds; null: not said. */
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @Max(10_000, { message: 'Capacity must be at most 10000' })
  @Min(1, { message: 'Capacity must be at least 1' })
  @IsInt({ message: 'Capacity must be a whole number' })
  capacity?: number | null;
  /** One booking at a time (the default); false for a space several classes share, such as a park. */
  @IsOptionalNotNull() @IsBoolean({ message: 'exclusive must be true or false' }) exclusive?: boolean;
}

export class UpdateRoomDto extends CreateRoomDto {
  @IsOptional() id?: unknown;
  @IsOptional() locationName?: unknown;
  @IsOptional() createdAt?: unknown;
  @IsOptional() updatedAt?: unknown;
}
