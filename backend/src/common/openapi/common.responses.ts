import { ApiProperty } from '@nestjs/swagger';

/** Shared example values, so the document's examples fit together (ids of the demo organization). */
export const EXAMPLE_ORG_ID = 'a0000000-0000-4000-8000-000000000001';
export const EXAMPLE_ID = '486f36a9-a089-445a-9c44-8cb266b86655';
export const EXAMPLE_TIME = '2026-11-23T18:00:00.000Z';

/** The reply of a delete: the id that is gone. */
export class DeletedResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
}
