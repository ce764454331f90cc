import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsDateString,
  IsInt,
  IsOptional,
  IsUUID,
  Min,
  ValidateNested,
} from 'class-validator';

/** Which session: the index names it; its upper bound (days - 1) is checked against the class. */
class SessionRefDto {
  @IsUUID('all', { message: 'classId must be a class id' }) classId: string;
  @IsDateString({}, { message: 'sessionDate must be an ISO date' }) sessionDate: string;
  @IsInt({ message: 'sessionIndex must be a whole number' }) @Min(0, { message: 'sessionIndex cannot be negative' }) sessionIndex: number;
  @IsOptional() @IsUUID('all', { message: 'organizationId must be an id' }) organizationId?: string;
}

export class MarkAttendanceDto extends SessionRefDto {
  @IsUUID('all', { message: 'studentId must be a student id' }) studentId: string;
  @IsBoolean({ message: 'attended must be true or false' }) attended: boolean;
}

export class AttendanceEntryDto {
  @IsUUID('all', { message: 'studentId must be a student id' }) studentId: string;
  @IsBoolean({ message: 'attended must be true or false' }) attended: boolean;
}

/** Mark All Present / Absent for one session (spec 3 §4): one call, one transaction. */
export class BulkAttendanceDto extends SessionRefDto {
  @IsArray({ message: 'attendanceData must be a list' })
  @ArrayNotEmpty({ message: 'attendanceData must not be empty' })
  @ArrayMaxSize(10_000)
  @ValidateNested({ each: true })
  @Type(() => AttendanceEntryDto)
  attendanceData: AttendanceEntryDto[];
}
