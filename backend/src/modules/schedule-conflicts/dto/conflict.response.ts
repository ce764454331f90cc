import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';

export class ConflictSessionDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) sessionId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ example: 'Beginner Pottery' }) classTitle: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) startsAt: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) endsAt: string;
}

export class ConflictPairResponseDto {
  @ApiProperty({ enum: ['room', 'instructor'], example: 'instructor' }) kind: 'room' | 'instructor';
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID, description: "The room's or the instructor's id" }) resourceId: string;
  @ApiProperty({ example: 'Maria Lopez' }) resourceName: string;
  @ApiProperty({ type: [ConflictSessionDto], description: 'The two sessions, the earlier first' }) sessions: ConflictSessionDto[];
}
