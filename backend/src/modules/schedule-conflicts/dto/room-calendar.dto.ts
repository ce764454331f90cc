import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID, Matches } from 'class-validator';
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
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID, description: "The session's own room or its class's" }) roomId: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) startsAt: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) endsAt: string;
  @ApiProperty({ enum: ['scheduled', 'cancelled'], description: 'Cancelled: the session or its whole class' }) status: string;
  @ApiProperty({ type: 'integer', example: 8, description: "The class's enrolled students plus this session's drop-ins" })
  enrolled: number;
  @ApiProperty({ type: 'integer', example: 12, description: "The class's maximum" }) capacity: number;
  @ApiProperty({ example: 'Maria Lopez', description: 'Empty when none is named' }) instructor: string;
}

export class RoomCalendarResponseDto {
  @ApiProperty({ example: '2031-03-03', description: 'The Monday shown' }) weekStart: string;
  @ApiProperty({ example: '2031-03-09', description: 'The Sunday shown' }) weekEnd: string;
  @ApiProperty({ example: 'America/Chicago', description: "The organization's zone: the days and times are read in it" })
  timeZone: string;
  @ApiProperty({ type: [String], example: ['2031-03-03'], description: 'The seven days, Monday first' }) days: string[];
  @ApiProperty({ type: [CalendarRoomDto], description: 'Every room (of the location), by location then name' }) rooms: CalendarRoomDto[];
  @ApiProperty({ type: [CalendarSessionDto], description: 'The sessions booked in those rooms that week, soonest first' })
  sessions: CalendarSessionDto[];
}
