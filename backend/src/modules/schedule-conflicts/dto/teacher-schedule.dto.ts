import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';

export class MySessionsQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 62, example: 14, description: 'How many days from today (default 14)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'days must be a whole number of days' })
  @Min(1, { message: 'days must be between 1 and 62' })
  @Max(62, { message: 'days must be between 1 and 62' })
  days?: number;
}

export class TaughtSessionDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) sessionId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ example: 'Beginner Pottery' }) classTitle: string;
  @ApiProperty({ type: 'integer', example: 0, description: "Zero-based: the session's place in its class" }) sessionIndex: number;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) startsAt: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) endsAt: string;
  @ApiProperty({ example: '2031-03-04', description: "The session's day in the organization's zone (the session screen's address)" })
  date: string;
  @ApiProperty({ enum: ['scheduled', 'cancelled'], description: 'Cancelled: the session or its whole class' }) status: string;
  @ApiProperty({ example: 'Main Hall — Studio 1', description: "The class's place as its pages say it" }) location: string;
  @ApiProperty({ type: 'string', nullable: true, example: 'Studio 1', description: "The session's room (its own or its class's)" })
  roomName: string | null;
  @ApiProperty({ type: 'integer', example: 9, description: 'Students expected: the whole-class registrations and this session’s drop-ins' })
  enrolled: number;
  @ApiProperty({ type: 'integer', example: 1, description: "Of those, this session's drop-ins" }) dropIns: number;
  @ApiProperty({ type: 'integer', example: 12, description: "The class's maximum" }) capacity: number;
}

export class MySessionsResponseDto {
  @ApiProperty({
    type: [String],
    example: ['Maria Lopez'],
    description: "The instructor records linked to the caller's user (empty: none)",
  })
  instructors: string[];
  @ApiProperty({ example: 'America/Chicago' }) timeZone: string;
  @ApiProperty({ example: '2031-03-04', description: 'Today in the organization’s zone' }) from: string;
  @ApiProperty({ example: '2031-03-17', description: 'The last day included' }) to: string;
  @ApiProperty({ type: [TaughtSessionDto], description: 'Soonest first' }) sessions: TaughtSessionDto[];
}
