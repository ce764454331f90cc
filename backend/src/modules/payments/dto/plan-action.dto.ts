import { IsISO8601 } from 'class-validator';

/** Move one instalment's due date (a date-time; a past one makes the instalment due now). */
export class MoveInstalmentDto {
  @IsISO8601({ strict: true }, { message: 'dueAt must be an ISO 8601 date-time' })
  dueAt: string;
}
