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
