import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';

export class InstructorPayQuery {
  @ApiProperty({ example: '2031-03-01', description: "First day, in the organization's zone" })
  @IsString({ message: 'from must be a date written YYYY-MM-DD' })
  from: string;

  @ApiProperty({ example: '2031-03-31', description: 'Last day, included' })
  @IsString({ message: 'to must be a date written YYYY-MM-DD' })
  to: string;

  @ApiPropertyOptional({ enum: ['json', 'csv'], description: 'csv: the same report as a download' })
  @IsOptional()
  @IsIn(['json', 'csv'], { message: 'format must be json or csv' })
  format?: 'json' | 'csv';
}

export class PaidSessionDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) sessionId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ example: 'Beginner Pottery' }) classTitle: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) startsAt: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) endsAt: string;
  @ApiProperty({ type: 'integer', example: 8, description: 'Students marked present (0 when no roll was taken)' }) headcount: number;
  @ApiProperty({ example: true, description: 'False: nobody was marked, flagged (per-head pay counted 0)' }) rollTaken: boolean;
  @ApiProperty({ example: 45, description: 'Dollars this session earned (a flat rule pays in the total only)' }) pay: number;
}

export class InstructorPayDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) instructorId: string;
  @ApiProperty({ example: 'Maria Lopez' }) name: string;
  @ApiProperty({ type: 'string', nullable: true, enum: ['per_session', 'per_hour', 'per_head', 'flat'], description: 'null: no pay rule' })
  payRule: string | null;
  @ApiProperty({ type: 'integer', example: 4 }) sessionsTaught: number;
  @ApiProperty({ example: 6 }) hours: number;
  @ApiProperty({ type: 'integer', example: 30 }) headcount: number;
  @ApiProperty({ type: 'integer', example: 1 }) sessionsWithoutRoll: number;
  @ApiProperty({ example: 180, description: 'Dollars' }) pay: number;
  @ApiProperty({ type: [PaidSessionDto] }) sessions: PaidSessionDto[];
}

export class InstructorPayReportDto {
  @ApiProperty({ example: '2031-03-01' }) from: string;
  @ApiProperty({ example: '2031-03-31' }) to: string;
  @ApiProperty({ example: 'America/Chicago' }) timeZone: string;
  @ApiProperty({ type: [InstructorPayDto], description: 'Every instructor who taught a session held in the range, by name' })
  instructors: InstructorPayDto[];
  @ApiProperty({ example: 360, description: 'Dollars, every instructor' }) total: number;
}
