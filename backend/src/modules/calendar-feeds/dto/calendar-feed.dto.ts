import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';

export class CreateCalendarFeedDto {
  @IsIn(['organization', 'class', 'teacher'], { message: "scope must be 'organization', 'class' or 'teacher'" })
  scope: 'organization' | 'class' | 'teacher';
  @IsOptional() @IsUUID('all', { message: 'classId must be an id' }) classId?: string;
}

export class CalendarFeedResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ enum: ['organization', 'class', 'teacher'], example: 'organization' }) scope: string;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, example: null }) classId: string | null;
  @ApiProperty({ format: 'uuid', description: 'Who made it (a teacher feed: whose classes)', example: EXAMPLE_ID }) userId: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) createdAt: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: null }) revokedAt: string | null;
}

export class CreatedCalendarFeedResponseDto extends CalendarFeedResponseDto {
  @ApiProperty({
    description: 'The subscription URL, shown this once',
    example: 'https://classes.example.com/api/calendar/3f9a1c0d5b7e4a2f9c8d1e6b0a3f5c7d.ics',
  })
  url: string;
}
