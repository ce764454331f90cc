import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsDateString, IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { IsOptionalNotNull } from '../../../common/http/optional';

/** The remedies a cancel may choose (the session-cancellations module's SESSION_REMEDIES, repeated here below it). */
const CANCEL_REMEDIES = ['nothing', 'makeup_token', 'credit', 'refund'] as const;

/** PUT /api/class-sessions/{id}: any of the session's own fields; room and instructor null = the class's. */
export class UpdateSessionDto {
  @IsOptionalNotNull() @IsDateString({ strict: true }, { message: 'startsAt must be an ISO date and time' }) startsAt?: string;
  @IsOptionalNotNull() @IsDateString({ strict: true }, { message: 'endsAt must be an ISO date and time' }) endsAt?: string;
  @IsOptionalNotNull() @IsString() @MaxLength(2000) note?: string;
  // null is accepted on purpose: it sets the session back to the class's room or instructor.
  @ApiProperty({ required: false, nullable: true, type: 'string', format: 'uuid', description: "null: the class's room" })
  @IsOptional()
  @IsUUID('all', { message: 'roomId must be a UUID' })
  roomId?: string | null;
  @ApiProperty({ required: false, nullable: true, type: 'string', format: 'uuid', description: "null: the class's instructor" })
  @IsOptional()
  @IsUUID('all', { message: 'instructorId must be a UUID' })
  instructorId?: string | null;
  /** Keep the change although the instructor teaches elsewhere at that time (the INSTRUCTOR_CONFLICT warning). */
  @IsOptionalNotNull() @IsBoolean({ message: 'allowInstructorConflict must be true or false' }) allowInstructorConflict?: boolean;
}

/** POST /api/class-sessions/{id}/cancel. */
export class CancelSessionDto {
  @IsString({ message: 'reason must be text' }) @MaxLength(500) reason: string;
  /** Tell the enrolled students and the teachers (email and SMS by their preferences). */
  @IsBoolean({ message: 'notify must be true or false' }) notify: boolean;
  /**
   * What each student gets for the session. Left out: the organization's setting `sessionCancelRemedy` (its `nothing`
   * leaves it to the make-up policy).
   */
  @ApiProperty({
    required: false,
    enum: CANCEL_REMEDIES,
    description:
      "What each student gets: nothing, a make-up token, account credit of the session's share or a refund of it (what they paid divided by the class's sessions). Left out: the organization's setting",
  })
  @IsOptionalNotNull()
  @IsIn(CANCEL_REMEDIES, { message: 'remedy must be nothing, makeup_token, credit or refund' })
  remedy?: (typeof CANCEL_REMEDIES)[number];
}
