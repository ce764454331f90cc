import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';

export class TermResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ example: 'Summer 2027' }) name: string;
  @ApiProperty({ example: '2027-06-14' }) startDate: string;
  @ApiProperty({ example: '2027-08-20' }) endDate: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) registrationOpensAt: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: null }) registrationClosesAt: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: null }) earlyAccessOpensAt: string | null;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    example: null,
    description: 'When the early-access emails were queued',
  })
  earlyAccessSentAt: string | null;
  @ApiProperty({ type: 'integer', example: 12, description: 'Classes in this term' }) classCount: number;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) createdAt: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) updatedAt: string;
}

export class TermDeletedDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
}
