import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID, Matches } from 'class-validator';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';

/** A real calendar date written YYYY-MM-DD (2031-02-30 is refused). */
const CALENDAR_DATE = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const isCalendarDate = (v: string) => CALENDAR_DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

export class RoomCalendarQuery {
  @ApiPropertyOptional({ example: '2031-03-05', description: "Any day of the week to show (default: today in the organization's zone)" })
  @IsOptional()
  @Matches(CALENDAR_DATE, { message: 'week must be a date written YYYY-MM-DD' })
  week?: string;

  @ApiPropertyOptional({ format: 'uuid', description: "Only this location's rooms" })
  @IsOptional()
  @IsUUID('all', { message: 'locationId must be the id of a location' })
  locationId?: string;

  @ApiPropertyOptional({ enum: ['week', 'month'], description: 'A week (Monday to Sunday; the default) or the month of the date given' })
  @IsOptional()
  @IsIn(['week', 'month'], { message: 'period must be week or month' })
  period?: 'week' | 'month';

  @ApiPropertyOptional({ enum: ['room', 'instructor'], description: 'Sessions by room (the default) or by instructor' })
  @IsOptional()
  @IsIn(['room', 'instructor'], { message: 'by must be room or instructor' })
  by?: 'room' | 'instructor';
}

export class CalendarInstructorDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ example: 'Maria Lopez' }) name: string;
}

export class CalendarRoomDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ example: 'Studio 1' }) name: string;
  @ApiProperty({ type: 'integer', nullable: true, example: 12 }) capacity: number | null;
  @ApiProperty({ example: true, description: 'One booking at a time' }) exclusive: boolean;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) locationId: string;
  @ApiProperty({ example: 'Main Hall' }) locationName: string;
}

export class CalendarSessionDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) sessionId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ example: 'Beginner Pottery' }) classTitle: string;
  @ApiProperty({
    type: 'string',
    format: 'uuid',
    nullable: true,
    example: EXAMPLE_ID,
    description: "The session's own room or its class's; null only by instructor (a session with no room)",
  })
  roomId: string | null;
  @ApiProperty({
    type: 'string',
    format: 'uuid',
    nullable: true,
    example: EXAMPLE_ID,
    description: "The session's instructor record, else its class's; null: none",
  })
  instructorId: string | null;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) startsAt: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) endsAt: string;
  @ApiProperty({ enum: ['scheduled', 'cancelled'], description: 'Cancelled: the session or its whole class' }) status: string;
  @ApiProperty({ type: 'integer', example: 8, description: "The class's enrolled students plus this session's drop-ins" })
  enrolled: number;
  @ApiProperty({ type: 'integer', example: 12, description: "The class's maximum" }) capacity: number;
  @ApiProperty({ example: 'Maria Lopez', description: 'Empty when none is named' }) instructor: string;
}

export class RoomCalendarResponseDto {
  @ApiProperty({ enum: ['week', 'month'], example: 'week' }) period: string;
  @ApiProperty({ enum: ['room', 'instructor'], example: 'room' }) by: string;
  @ApiProperty({ example: '2031-03-03', description: "The first day shown: the week's Monday, or the month's first" }) weekStart: string;
  @ApiProperty({ example: '2031-03-09', description: "The last day shown: the week's Sunday, or the month's last" }) weekEnd: string;
  @ApiProperty({ example: 'America/Chicago', description: "The organization's zone: the days and times are read in it" })
  timeZone: string;
  @ApiProperty({ type: [String], example: ['2031-03-03'], description: 'The days shown, in order' }) days: string[];
  @ApiProperty({ type: [CalendarRoomDto], description: 'Every room (of the location), by location then name' }) rooms: CalendarRoomDto[];
  @ApiProperty({ type: [CalendarInstructorDto], description: 'By instructor: every instructor, by name (empty by room)' })
  instructors: CalendarInstructorDto[];
  @ApiProperty({
    type: [CalendarSessionDto],
    description: 'The sessions booked in those rooms (by instructor: every session) in the period, soonest first',
  })
  sessions: CalendarSessionDto[];
}
