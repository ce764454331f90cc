import { HttpStatus } from '@nestjs/common';
import { CodedException } from '../../common/http/app-exception';

/** Why a location or room was refused: stable codes clients can branch on (beside the message). */
export enum VenueError {
  /** The organization already has a location of this name (names are compared without case). */
  LocationNameTaken = 'LOCATION_NAME_TAKEN',
  /** The location already has a room of this name. */
  RoomNameTaken = 'ROOM_NAME_TAKEN',
  /** A class still names this location or one of its rooms: move the classes first. */
  LocationInUse = 'LOCATION_IN_USE',
  /** A class still names this room. */
  RoomInUse = 'ROOM_IN_USE',
  /** The location named (a room's, or a class's) is not one of the organization's. */
  UnknownLocation = 'UNKNOWN_LOCATION',
  /** The room named by a class is not one of the organization's. */
  UnknownRoom = 'UNKNOWN_ROOM',
  /** The room is not in the location named with it, or a room was asked to move to another location. */
  RoomNotInLocation = 'ROOM_NOT_IN_LOCATION',
}

const STATUS: Record<VenueError, HttpStatus> = {
  [VenueError.LocationNameTaken]: HttpStatus.CONFLICT,
  [VenueError.RoomNameTaken]: HttpStatus.CONFLICT,
  [VenueError.LocationInUse]: HttpStatus.CONFLICT,
  [VenueError.RoomInUse]: HttpStatus.CONFLICT,
  [VenueError.UnknownLocation]: HttpStatus.BAD_REQUEST,
  [VenueError.UnknownRoom]: HttpStatus.BAD_REQUEST,
  [VenueError.RoomNotInLocation]: HttpStatus.BAD_REQUEST,
};

/** A location or room rule said no: the status follows from the code; `errors` names the field when one is at fault. */
export class VenueException extends CodedException<VenueError> {
  constructor(code: VenueError, message: string, field?: string) {
    super(code, STATUS[code], message, field ? { errors: { [field]: message } } : {});
  }
}
