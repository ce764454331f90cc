import { ApiProperty } from '@nestjs/swagger';
import { ErrorEnvelopeDto } from '../../../common/openapi/api-envelope';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';
import { HouseholdContactResponseDto } from '../../registration/dto/student.response';
import { EnrollmentAnswerResponseDto } from '../../registration-forms/dto/waiver.dto';

const STUDENT_ID = '6ce1f1f8-50fc-4694-af01-d92231027404';
const ENROLLMENT_ID = '9076790a-923e-482e-977e-408883466a8c';

/** One student on the session's roll: attendance and payment side by side. */
export class SessionRollEntryResponseDto {
  @ApiProperty({ format: 'uuid', example: STUDENT_ID }) studentId: string;
  @ApiProperty({ format: 'uuid', example: ENROLLMENT_ID }) enrollmentId: string;
  @ApiProperty({ example: 'Liam' }) firstName: string;
  @ApiProperty({ example: 'Brown' }) lastName: string;
  @ApiProperty({ example: 'liam@example.com' }) email: string;
  @ApiProperty({ description: 'Digits only', example: '5595550111' }) phone: string;
  @ApiProperty({ enum: ['present', 'absent'], nullable: true, description: 'Null until marked', example: 'present' })
  attendance: 'present' | 'absent' | null;
  @ApiProperty({ enum: ['pending', 'completed', 'failed'], example: 'pending' }) paymentStatus: string;
  @ApiProperty({ description: 'Dollars: what this student owes for the class (discount rule of spec 2 §5)', example: 80 })
  amountDue: number;
  @ApiProperty({ description: 'Dollars', example: 0 }) amountPaid: number;
  @ApiProperty({
    description: 'Dollars still to collect from a paid student (a switch to a dearer class with the difference due in person); 0 otherwise',
    example: 0,
  })
  balanceDue: number;
  @ApiProperty({ enum: ['in-person', 'card'], example: 'in-person' }) paymentMethod: string;
  @ApiProperty({ description: "A payment plan's instalment is unpaid past the grace days (issue 40)", example: false }) pastDue: boolean;
  @ApiProperty({
    type: HouseholdContactResponseDto,
    nullable: true,
    description: 'The contact who registered this attendee in a household; null for a contact of their own',
  })
  householdContact: HouseholdContactResponseDto | null;
  @ApiProperty({ type: [EnrollmentAnswerResponseDto], description: 'Registration form answers the organization shows to teachers' })
  answers: EnrollmentAnswerResponseDto[];
  @ApiProperty({ type: [String], description: 'Waivers of the class this student has not signed in their newest version (flag them)' })
  unsignedWaivers: string[];
  @ApiProperty({ description: 'A drop-in: registered for this session only (issue 39 §3), not for the whole class', example: false })
  dropIn: boolean;
}

export class SessionTotalsResponseDto {
  @ApiProperty({ example: 12 }) enrolled: number;
  @ApiProperty({ example: 9 }) present: number;
  @ApiProperty({ example: 1 }) absent: number;
  @ApiProperty({ example: 2 }) unmarked: number;
  @ApiProperty({ description: 'Students whose payment is completed', example: 8 }) paid: number;
  @ApiProperty({ description: 'Dollars still to collect from the students not paid yet', example: 320 }) toCollect: number;
}

/** One class session as the teacher runs it. */
export class TeacherSessionResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ example: 'Watercolor Basics' }) title: string;
  @ApiProperty({ description: 'Zero-based index of the session in the class schedule', example: 0 }) sessionIndex: number;
  @ApiProperty({ example: '2026-11-23', description: "The session's day in the organization's time zone" }) date: string;
  @ApiProperty({ format: 'date-time', description: 'When the session starts', example: EXAMPLE_TIME }) startsAt: string;
  @ApiProperty({ description: 'Minutes', example: 60 }) duration: number;
  @ApiProperty({ example: 'Studio A' }) location: string;
  @ApiProperty({ example: 3 }) sessionsCount: number;
  @ApiProperty({ description: 'Seats still free (walk-ins take one)', example: 2 }) seatsLeft: number;
  @ApiProperty({ type: [SessionRollEntryResponseDto] }) roll: SessionRollEntryResponseDto[];
  @ApiProperty({ type: SessionTotalsResponseDto }) totals: SessionTotalsResponseDto;
  @ApiProperty({ description: "The teacher's notes for this session ('' when none)", example: 'Bring extra brushes next week' })
  notes: string;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'When the notes were last saved',
    example: EXAMPLE_TIME,
  })
  notesUpdatedAt: string | null;
}

/** One session of a class: its index, its day in the organization's zone and when it starts. */
export class TeacherSessionDayResponseDto {
  @ApiProperty({ example: 0 }) sessionIndex: number;
  @ApiProperty({ example: '2026-11-23', description: "The session's day in the organization's time zone" }) date: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) startsAt: string;
  @ApiProperty({ example: false, required: false, description: 'The organization cancelled this session: no roll is taken' })
  cancelled?: boolean;
}

export class SessionNotesResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ example: '2026-11-23' }) date: string;
  @ApiProperty({ example: 0 }) sessionIndex: number;
  @ApiProperty({ example: 'Bring extra brushes next week' }) notes: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) updatedAt: string;
}

/** A walk-in's enrollment: 201 when it was made now, 200 (alreadyEnrolled) when this email was already on the roll. */
export class WalkInResponseDto {
  @ApiProperty({ format: 'uuid', example: STUDENT_ID }) studentId: string;
  @ApiProperty({ format: 'uuid', example: ENROLLMENT_ID }) enrollmentId: string;
  @ApiProperty({ example: 'Liam' }) firstName: string;
  @ApiProperty({ example: 'Brown' }) lastName: string;
  @ApiProperty({ example: 'liam@example.com' }) email: string;
  @ApiProperty({ enum: ['pending', 'completed', 'failed'], example: 'completed' }) paymentStatus: string;
  @ApiProperty({ enum: ['in-person', 'card'], example: 'in-person' }) paymentMethod: string;
  @ApiProperty({ description: 'Dollars', example: 80 }) amountPaid: number;
  @ApiProperty({ description: 'True when this email was already enrolled (a retried walk-in answers the first one)', example: false })
  alreadyEnrolled: boolean;
}

/** A walk-in refused because no seat can be taken: the readable message and the stable code beside it. */
export class SeatConflictResponseDto extends ErrorEnvelopeDto {
  @ApiProperty({ enum: ['CLASS_FULL', 'CLASS_NOT_OPEN', 'ALREADY_ENROLLED'], example: 'CLASS_FULL' }) code: string;
}
