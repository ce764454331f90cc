import { HttpStatus } from '@nestjs/common';
import { CodedException } from '../../common/http/app-exception';

/** Why a write of sessions was refused for what it booked: stable codes clients can branch on (beside the message). */
export enum ScheduleConflictError {
  /** An exclusive room is already booked at one of the times (never allowed; the message names the other class and time). */
  RoomConflict = 'ROOM_CONFLICT',
  /** The instructor already teaches at one of the times: sent again with `allowInstructorConflict: true`, it is kept. */
  InstructorConflict = 'INSTRUCTOR_CONFLICT',
}

/** A conflict said no: 409 either way; `conflicts` in the details lists what clashed with what. */
export class ScheduleConflictException extends CodedException<ScheduleConflictError> {
  constructor(code: ScheduleConflictError, message: string, details: Record<string, unknown> = {}) {
    super(code, HttpStatus.CONFLICT, message, details);
  }
}
