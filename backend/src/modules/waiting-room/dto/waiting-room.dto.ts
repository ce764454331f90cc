import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

/** Taking a place in the line of a class's opening. */
export class TakeTicketDto {
  @IsUUID('all', { message: 'classId must be a class id' }) classId: string;
}

export class WaitingRoomTicketResponseDto {
  @ApiProperty({ description: 'The signed place in line: send it as waitingRoomTicket with the registration' }) ticket: string;
  @ApiProperty({ type: 'integer', example: 1, description: "The place's number in this opening's line (1: first)" }) position: number;
  @ApiProperty({ format: 'date-time', description: "The opening's instant" }) opensAt: string;
  @ApiProperty({ format: 'date-time', description: 'When the holder is let in (not before the opening)' }) admitAt: string;
  @ApiProperty({ format: 'date-time', description: 'admitAt + 30 minutes: after it, take a new place' }) expiresAt: string;
  @ApiProperty({
    type: 'integer',
    example: 1800,
    description:
      "The organization's rate the place was computed with (people let in per minute): the people still ahead at a moment are ceil((admitAt - now) / (60000 / admitPerMinute))",
  })
  admitPerMinute: number;
}

/** One opening's line as the admin sees it live (GET /api/waiting-room/lines). */
export class WaitingRoomLineResponseDto {
  @ApiProperty({ format: 'date-time', description: "The opening's instant (all classes opening then share the line)" }) opensAt: string;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: "opensAt + the organization's waitingRoomMinutes; null when the organization has turned the waiting room off",
  })
  waitingRoomUntil: string | null;
  @ApiProperty({ type: 'integer', example: 1800, description: 'Places given in this line so far' }) placesGiven: number;
  @ApiProperty({
    type: 'integer',
    example: 1234,
    description:
      "The places whose turn has not come yet, computed from the turns at the organization's current rate: people who took a place and left are still counted; 0 once the room is over or off",
  })
  inLineNow: number;
  @ApiProperty({ type: 'integer', example: 566, description: 'placesGiven - inLineNow' }) letInSoFar: number;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: "When the last place given is let in; null when that has passed (a newcomer's turn is now) or the room is over or off",
  })
  lineClearsAt: string | null;
  @ApiProperty({ type: 'integer', example: 1800, description: "The organization's current rate: people let in per minute" })
  admitPerMinute: number;
}
