import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ID, EXAMPLE_ORG_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';
import { CLASS_STATUSES, GO_NO_GO, SCHEDULES } from '../class.entity';
import { PublicQuestionDto, PublicWaiverDto } from '../public-class-extras';

/** When registration for a class opens and closes: its own times, else its term's; null: no limit. */
export class RegistrationWindowDto {
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: '2027-03-01T11:00:00.000Z' }) opensAt: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: null }) closesAt: string | null;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    example: null,
    description: 'From then, people with an early-access link (enrolled in an earlier term) may register',
  })
  earlyAccessOpensAt: string | null;
  @ApiProperty({
    type: 'string',
    nullable: true,
    example: 'America/Chicago',
    description: "The organization's time zone, to show the opening in (null when there is no opening)",
  })
  timeZone: string | null;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    example: null,
    description:
      "Until when the opening's waiting room is on (opensAt + the organization's waitingRoomMinutes); null when the organization has none or there is no opening",
  })
  waitingRoomUntil: string | null;
}

/** A session sold as a drop-in, as the public class page lists it (GET /api/classes/{id}/drop-in-sessions). */
export class DropInSessionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: "The session's place in the class (0 = first)" }) sessionIndex: number;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) startsAt: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) endsAt: string;
  @ApiProperty({ description: 'Drop-in seats left in this session' }) seatsLeft: number;
}

/** A class as mapClass returns it: prices in dollars, sessions computed from the schedule (spec 3 §4). */
export class ClassResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ORG_ID }) organizationId: string;
  @ApiProperty({ example: 'Watercolor Basics' }) title: string;
  @ApiProperty({ example: 'Learn washes, layering and colour mixing.' }) description: string;
  @ApiProperty({ example: 'Maya Chen' }) instructor: string;
  @ApiProperty({ example: 'Studio A, 120 Main St' }) location: string;
  @ApiProperty({ enum: CLASS_STATUSES, example: 'Open' }) status: string;
  @ApiProperty({ description: 'Dollars', example: 120 }) price: number;
  @ApiProperty({ type: 'number', nullable: true, description: 'Dollars; applies only when 0 < discountPrice < price', example: 99 })
  discountPrice: number | null;
  @ApiProperty({ example: 12 }) maxStudents: number;
  @ApiProperty({ example: 4 }) enrolledStudents: number;
  @ApiProperty({
    description: 'Every seat is taken and the class takes waitlist entries (Open, Scheduled, or Closed by filling up; not closed by hand)',
    example: false,
  })
  waitlistOpen: boolean;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) startDate: string;
  @ApiProperty({ description: 'Minutes per session', example: 120 }) duration: number;
  @ApiProperty({ description: 'Number of sessions', example: 4 }) days: number;
  @ApiProperty({ enum: SCHEDULES, example: 'Weekly' }) schedule: string;
  @ApiProperty({
    type: [String],
    format: 'date-time',
    description: 'Start of each session (its record: a moved session at its new time; cancelled ones included)',
    example: [EXAMPLE_TIME, '2026-11-30T18:00:00.000Z'],
  })
  sessions: string[];
  @ApiProperty({
    type: [String],
    format: 'date-time',
    description: 'Start of each session the organization cancelled (also in sessions): shown struck out',
    example: [],
    required: false,
  })
  cancelledSessions?: string[];
  @ApiProperty({ example: 'All levels welcome.' }) information: string;
  @ApiProperty({ type: [String], example: ['Watercolor paper pad'] }) materials: string[];
  @ApiProperty({ description: 'Students needed for the class to run; 0 = no minimum', example: 5 }) minEnrollment: number;
  @ApiProperty({ description: 'Hours before the start when the go/no-go is decided (1-720)', example: 48 }) decisionHoursBefore: number;
  @ApiProperty({ description: 'Cancel (and refund) automatically when below the minimum at the decision', example: false })
  autoCancelBelowMinimum: boolean;
  @ApiProperty({
    enum: GO_NO_GO,
    example: 'pending',
    description:
      'Read only. confirmed: at or above the minimum at the decision; cancelled: below it and cancelled automatically; pending: not decided, or below the minimum without auto-cancel (decidedAt set: the admin was told)',
  })
  goNoGo: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: null, description: 'When the job decided (read only)' })
  decidedAt: string | null;
  @ApiProperty({
    type: 'string',
    format: 'uuid',
    nullable: true,
    example: null,
    description: "The class's term (of its organization); null: none",
  })
  termId: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: null, description: "The term's name (read only)" }) termName: string | null;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    example: null,
    description: "The class's own opening; null: the term's",
  })
  registrationOpensAt: string | null;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    example: null,
    description: "The class's own closing; null: the term's",
  })
  registrationClosesAt: string | null;
  @ApiProperty({ type: RegistrationWindowDto, description: 'Read only: the effective opening and closing (what the public page shows)' })
  registrationWindow: RegistrationWindowDto;
  @ApiProperty({
    type: 'string',
    format: 'uuid',
    nullable: true,
    description: "The location record; `location` says its name (and the room's)",
    example: null,
  })
  locationId: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, description: 'A room of that location', example: null }) roomId:
    string | null;
  @ApiProperty({
    type: 'string',
    format: 'uuid',
    nullable: true,
    description: 'The instructor record; `instructor` says its name',
    example: null,
  })
  instructorId: string | null;
  // Always sent; optional in the schema so clients and fixtures written before drop-ins stay valid.
  @ApiProperty({
    type: 'number',
    nullable: true,
    required: false,
    description: 'Dollars: the price of one session as a drop-in; null: no drop-ins',
    example: 20,
  })
  dropInPrice?: number | null;
  @ApiProperty({ required: false, description: "How many of a session's seats drop-ins may take", example: 2 }) dropInCapacity?: number;
  @ApiProperty({ required: false, description: 'Drop-ins are sold until this many hours before the session', example: 0 })
  dropInCutoffHours?: number;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) createdAt: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) updatedAt: string;
  @ApiProperty({
    type: [PublicQuestionDto],
    required: false,
    description: 'Public reply only: the registration form’s questions, in order',
  })
  questions?: PublicQuestionDto[];
  @ApiProperty({ type: [PublicWaiverDto], required: false, description: 'Public reply only: the waivers to sign (newest version each)' })
  waivers?: PublicWaiverDto[];
}

/** A class on the teacher's dashboard, with its payment counts. */
export class TeacherClassResponseDto extends ClassResponseDto {
  @ApiProperty({ example: 2 }) paidCount: number;
  @ApiProperty({ example: 2 }) pendingCount: number;
}

export class TeacherOverviewResponseDto {
  @ApiProperty({ example: 5 }) totalClasses: number;
  @ApiProperty({ example: 6 }) totalStudents: number;
  @ApiProperty({ example: 1 }) todaysClasses: number;
}

/** Clone's extra envelope fields: a plan limit may force the copy to Archived. */
export const CLONE_EXTRA = {
  warning: { type: 'string', nullable: true, example: null, description: 'Set when the plan limit forced the status' },
  statusForcedByLimit: { type: 'boolean', example: false },
};

/** A class form (spec 3 §5), as the example of the create body. */
export const CLASS_EXAMPLE = {
  title: 'Watercolor Basics',
  description: 'Learn washes, layering and colour mixing.',
  instructor: 'Maya Chen',
  location: 'Studio A, 120 Main St',
  status: 'Open',
  price: 120,
  discountPrice: 99,
  maxStudents: 12,
  startDate: EXAMPLE_TIME,
  duration: 120,
  days: 4,
  schedule: 'Weekly',
  information: 'All levels welcome.',
  materials: ['Watercolor paper pad'],
  minEnrollment: 5,
  decisionHoursBefore: 48,
  autoCancelBelowMinimum: false,
};
