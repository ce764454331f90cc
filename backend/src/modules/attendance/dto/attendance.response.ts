import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';

const STUDENT_ID = '6ce1f1f8-50fc-4694-af01-d92231027404';

export class AttendanceEntryResponseDto {
  @ApiProperty({ format: 'uuid', example: STUDENT_ID }) studentId: string;
  @ApiProperty({ example: true }) attended: boolean;
}

export class AttendanceSessionResponseDto {
  @ApiProperty({ example: 0 }) sessionIndex: number;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) sessionDate: string;
  @ApiProperty({ type: [AttendanceEntryResponseDto] }) entries: AttendanceEntryResponseDto[];
  @ApiProperty({ example: 1 }) presentCount: number;
  @ApiProperty({ example: 0 }) absentCount: number;
  @ApiProperty({ type: 'number', nullable: true, description: 'Null until something is marked (spec README decision 8)', example: 25 })
  percent: number | null;
  @ApiProperty({ type: [String], description: "The students on this session's roll as drop-ins (issue 39 §3)", example: [] })
  dropIns: string[];
  @ApiProperty({ type: [String], description: "Of those, the students on this session's roll as make-ups (issue 41 §3)", example: [] })
  makeUps: string[];
}

export class AttendanceStudentResponseDto {
  @ApiProperty({ format: 'uuid', example: STUDENT_ID }) id: string;
  @ApiProperty({ example: 'Liam' }) firstName: string;
  @ApiProperty({ example: 'Brown' }) lastName: string;
  @ApiProperty({
    type: [Number],
    nullable: true,
    description: 'The sessions (indexes) this student holds only as drop-ins; null: the whole class',
    example: null,
  })
  dropInSessions: number[] | null;
  @ApiProperty({ description: "A payment plan's instalment is unpaid past the grace days (issue 40)", example: false })
  pastDue: boolean;
  @ApiProperty({ type: [Number], nullable: true, description: 'Of those, the sessions held as make-ups (issue 41 §3)', example: null })
  makeUpSessions: number[] | null;
}

/** Every scheduled session of a class, marked or not, and the students enrolled now. */
export class ClassAttendanceResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ type: [AttendanceSessionResponseDto] }) sessions: AttendanceSessionResponseDto[];
  @ApiProperty({ type: [AttendanceStudentResponseDto] }) students: AttendanceStudentResponseDto[];
}

export class SavedMarkResponseDto {
  @ApiProperty({ format: 'uuid', example: STUDENT_ID }) studentId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ example: 0 }) sessionIndex: number;
  @ApiProperty({ example: true }) attended: boolean;
  @ApiProperty({ format: 'date-time', description: "The class schedule's date for the index", example: EXAMPLE_TIME }) sessionDate: string;
}
