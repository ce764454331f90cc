import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ID, EXAMPLE_ORG_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';

export class ActivityEventResponseDto {
  @ApiProperty({ format: 'uuid', example: '54183f1f-dc69-4c17-8f57-974e7c8f0bbe' }) id: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ORG_ID }) organizationId: string;
  @ApiProperty({ example: 'class_enrollment' }) eventType: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) eventDate: string;
  @ApiProperty({ example: 'Olivia Martinez enrolled in Watercolor Basics' }) description: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: { classId: EXAMPLE_ID, className: 'Watercolor Basics', studentName: 'Olivia Martinez' },
  })
  metadata: Record<string, unknown>;
}
