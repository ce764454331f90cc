import { HttpStatus } from '@nestjs/common';
import { CodedException } from '../../common/http/app-exception';

/**
 * The waiting room's refusals (all 409), each with its stable code beside the readable message: the public site takes
 * a new place on WAITING_ROOM, shows the line until `admitAt` on WAITING_ROOM_NOT_YET, and opens the form on
 * NO_WAITING_ROOM.
 */
export enum WaitingRoomError {
  /** No place in line, or one that is not valid for this opening (forged, another's, expired): take one. */
  WaitingRoom = 'WAITING_ROOM',
  /** A valid place whose turn has not come (`admitAt` in the body). */
  NotYet = 'WAITING_ROOM_NOT_YET',
  /** The ticket route: this opening has no waiting room (off, no opening time, or over). */
  NoWaitingRoom = 'NO_WAITING_ROOM',
}

/** A waiting-room refusal: always 409 (the request may succeed later, with a place in line or on its turn). */
export class WaitingRoomException extends CodedException<WaitingRoomError> {
  constructor(code: WaitingRoomError, message: string, details: Record<string, unknown> = {}) {
    super(code, HttpStatus.CONFLICT, message, details);
  }
}
