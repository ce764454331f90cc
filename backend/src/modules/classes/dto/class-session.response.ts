import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';

export class ClassSessionResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ type: 'integer', example: 0, description: 'The session in the class, 0 = first (attendance is keyed by it)' })
  sessionIndex: number;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) startsAt: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) endsAt: string;
  @ApiProperty({ enum: ['scheduled', 'cancelled'], example: 'scheduled' }) status: string;
  @ApiProperty({ type: 'string', nullable: true, example: null }) cancelReason: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: null }) cancelledAt: string | null;
  @ApiProperty({ example: '' }) note: string;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, example: null, description: "null: the class's room" })
  roomId: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, example: null, description: "null: the class's instructor" })
  instructorId: string | null;
  @ApiProperty({ type: 'integer', example: 0, description: 'Drop-in seats taken in this session (issue 39 §3)' }) dropInsTaken: number;
}

/** What one student got for a cancelled session. */
export class SessionRemedyGivenDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) studentId: string;
  @ApiProperty({ example: 'Ann Adams' }) studentName: string;
  @ApiProperty({
    enum: ['makeup_token', 'credit', 'refund', 'refund_in_person', 'nothing'],
    example: 'refund',
    description: 'refund_in_person: paid in person, so the organization refunds the amount itself',
  })
  kind: string;
  @ApiProperty({ example: 15, description: 'Dollars credited or refunded (0 for a token or nothing)' }) amount: number;
}

export class CancelledSessionResponseDto extends ClassSessionResponseDto {
  @ApiProperty({ type: 'integer', example: 12, description: 'Messages queued to students and teachers' }) notified: number;
  @ApiProperty({
    enum: ['nothing', 'makeup_token', 'credit', 'refund', 'makeup_policy'],
    example: 'refund',
    description: 'The remedy applied; makeup_policy: none chosen, the make-up policy gave tokens or not',
  })
  remedy: string;
  @ApiProperty({ type: [SessionRemedyGivenDto], description: 'Each student holding a seat in the session and what they got' })
  given: SessionRemedyGivenDto[];
}

export class ClosedDateResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ example: 'Thanksgiving' }) name: string;
  @ApiProperty({ example: '2027-11-25' }) date: string;
}
