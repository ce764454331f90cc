import { ApiProperty, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDateString,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { CLASS_STATUSES, SCHEDULES, type ClassStatus, type Schedule } from '../class.entity';
import { trim } from '../../../common/http/transforms';
import { IsOptionalNotNull } from '../../../common/http/optional';

const noInstructorRecord = (o: { instructorId?: string | null }) => !o.instructorId;
const noPlaceRecord = (o: { locationId?: string | null; roomId?: string | null }) => !o.locationId && !o.roomId;

const money = { maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false };

/** The class form of spec 3 §5, with its messages. Prices are dollars. */
export class CreateClassDto {
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Title is required' }) @MaxLength(200) title: string;
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Description is required' }) @MaxLength(5000) description: string;
  // The free text is required unless a record is named: the record's name is then what the class says. Each rule
  // carries the condition (a field-wide @ValidateIf may not read another field: test/architecture/conditional-rules).
  @ApiProperty({ required: false, maxLength: 200, description: 'Required unless instructorId names a record (then its name)' })
  @Transform(trim)
  @IsString({ validateIf: noInstructorRecord })
  @IsNotEmpty({ message: 'Instructor is required', validateIf: noInstructorRecord })
  @MaxLength(200, { validateIf: noInstructorRecord })
  instructor: string;
  @ApiProperty({ required: false, maxLength: 300, description: 'Required unless locationId or roomId names a record (then its name)' })
  @Transform(trim)
  @IsString({ validateIf: noPlaceRecord })
  @IsNotEmpty({ message: 'Location is required', validateIf: noPlaceRecord })
  @MaxLength(300, { validateIf: noPlaceRecord })
  location: string;
  /** The organization's location record, or null for free text only; a room alone brings its location. */
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsUUID('all', { message: 'locationId must be the id of a location' }) locationId?:
    string | null;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsUUID('all', { message: 'roomId must be the id of a room' }) roomId?: string | null;
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsUUID('all', { message: 'instructorId must be the id of an instructor' })
  instructorId?: string | null;
  /** Save although the instructor teaches another session at one of these times (the INSTRUCTOR_CONFLICT warning). */
  @IsOptionalNotNull() @IsBoolean({ message: 'allowInstructorConflict must be true or false' }) allowInstructorConflict?: boolean;
  @IsOptionalNotNull() @IsIn(CLASS_STATUSES, { message: `status must be one of ${CLASS_STATUSES.join(', ')}` }) status?: ClassStatus;
  @IsNumber(money, { message: 'Price must be a number with at most 2 decimals' })
  @Min(0, { message: 'Price cannot be negative' })
  @Max(1_000_000)
  price: number;
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsNumber(money, { message: 'Discount price must be a number with at most 2 decimals' })
  @Min(0, { message: 'Discount price cannot be negative' })
  @Max(1_000_000)
  discountPrice?: number | null;
  @IsInt({ message: 'Max students must be a whole number' })
  @Min(1, { message: 'Max students must be at least 1' })
  @Max(10_000)
  maxStudents: number;
  @IsDateString({ strict: true }, { message: 'startDate must be an ISO date' }) startDate: string;
  @IsInt({ message: 'Duration must be a whole number of minutes' })
  @Min(15, { message: 'Duration must be at least 15 minutes' })
  @Max(24 * 60)
  duration: number;
  @IsOptionalNotNull()
  @IsInt({ message: 'Days must be a whole number' })
  @Min(1, { message: 'Days must be at least 1' })
  @Max(365)
  days?: number;
  @IsOptionalNotNull() @IsIn(SCHEDULES, { message: 'schedule must be Consecutive or Weekly' }) schedule?: Schedule;
  @IsOptionalNotNull() @IsString() @MaxLength(10_000) information?: string;
  @IsOptionalNotNull() @IsArray() @ArrayMaxSize(50) @IsString({ each: true }) @MaxLength(300, { each: true }) materials?: string[];
  // The type check last: class-validator reports the bottom decorator's message first.
  @IsOptionalNotNull()
  @Max(10_000, { message: 'Minimum enrolment must be at most 10000' })
  @Min(0, { message: 'Minimum enrolment cannot be negative' })
  @IsInt({ message: 'Minimum enrolment must be a whole number' })
  minEnrollment?: number;
  @IsOptionalNotNull()
  @Max(720, { message: 'Decide at most 720 hours (30 days) before the start' })
  @Min(1, { message: 'Decide at least 1 hour before the start' })
  @IsInt({ message: 'Decision hours must be a whole number' })
  decisionHoursBefore?: number;
  @IsOptionalNotNull() @IsBoolean({ message: 'autoCancelBelowMinimum must be true or false' }) autoCancelBelowMinimum?: boolean;
  @IsOptional() @IsUUID() organizationId?: string;
  /** The class's term (of the same organization), or null for none. */
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsUUID('all', { message: 'termId must be the id of a term' }) termId?: string | null;
  /** Overrides the term's opening; null: the term's. */
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsDateString({ strict: true }, { message: 'registrationOpensAt must be an ISO date and time, or null' })
  registrationOpensAt?: string | null;
  /** Overrides the term's closing; null: the term's. */
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsDateString({ strict: true }, { message: 'registrationClosesAt must be an ISO date and time, or null' })
  registrationClosesAt?: string | null;
  /** Drop-ins (issue 39 §3): the price of one session in dollars; null: the class sells no drop-ins. */
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsNumber(money, { message: 'Drop-in price must be a number with at most 2 decimals' })
  @Min(0, { message: 'Drop-in price cannot be negative' })
  @Max(1_000_000)
  dropInPrice?: number | null;
  /** How many of a session's seats drop-ins may take (a session never holds more people than maxStudents). */
  @IsOptionalNotNull()
  @Max(10_000, { message: 'Drop-in seats must be at most 10000' })
  @Min(0, { message: 'Drop-in seats cannot be negative' })
  @IsInt({ message: 'Drop-in seats must be a whole number' })
  dropInCapacity?: number;
  /** Drop-ins are sold until this many hours before the session. */
  @IsOptionalNotNull()
  @Max(720, { message: 'Stop drop-ins at most 720 hours (30 days) before the session' })
  @Min(0, { message: 'Drop-in cut-off hours cannot be negative' })
  @IsInt({ message: 'Drop-in cut-off hours must be a whole number' })
  dropInCutoffHours?: number;
}

/**
 * react-admin PUTs the whole record back: the class's own read-only fields are accepted and ignored
 * (DESIGN.md "Lists for react-admin"); fields a class does not have are still refused.
 */
export class UpdateClassDto extends CreateClassDto {
  @IsOptional() id?: unknown;
  @IsOptional() enrolledStudents?: unknown;
  @IsOptional() waitlistOpen?: unknown;
  @IsOptional() sessions?: unknown;
  @IsOptional() cancelledSessions?: unknown;
  @IsOptional() createdAt?: unknown;
  @IsOptional() updatedAt?: unknown;
  @IsOptional() revenue?: unknown;
  @IsOptional() time?: unknown;
  @IsOptional() goNoGo?: unknown;
  @IsOptional() decidedAt?: unknown;
  @IsOptional() termName?: unknown;
  @IsOptional() registrationWindow?: unknown;
}

/** A clone takes the source's go/no-go settings unless given (the same rules as a new class's). */
export class CloneClassDto extends PickType(CreateClassDto, [
  'minEnrollment',
  'decisionHoursBefore',
  'autoCancelBelowMinimum',
  'organizationId',
] as const) {
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Title is required' }) @MaxLength(200) title: string;
  @IsNotEmpty({ message: 'Start date is required' }) @IsDateString({ strict: true }, { message: 'Invalid date format' }) startDate: string;
  @IsOptionalNotNull() @IsIn(['Open', 'Scheduled', 'Archived'], { message: 'status must be Open, Scheduled or Archived' }) status?:
    'Open' | 'Scheduled' | 'Archived';
}

export class PublicClassQuery {
  @IsOptional() @IsUUID('all', { message: 'organizationId must be an id' }) organizationId?: string;
}

/** GET /api/classes: the public organizationId plus ra-data-simple-rest's list parameters. */
export class ListClassesQuery extends PublicClassQuery {
  @IsOptional() @IsString() sort?: string;
  @IsOptional() @IsString() range?: string;
  @IsOptional() @IsString() filter?: string;
}
