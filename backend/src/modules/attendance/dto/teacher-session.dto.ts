import { IsBoolean, IsString, MaxLength } from 'class-validator';
import { StudentFieldsDto } from '../../students/dto/student-fields.dto';

/** A session's day as the teacher's calendar shows it: YYYY-MM-DD in the organization's time zone. */
export const SESSION_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const SESSION_DATE_MESSAGE = 'date must be a day written YYYY-MM-DD';

export class SaveSessionNotesDto {
  @IsString({ message: 'notes must be text' })
  @MaxLength(5000, { message: 'notes must be at most 5000 characters' })
  notes: string;
}

/**
 * A walk-in at the door: the registration form's student fields and whether they paid now. The
 * natural key (organization, email, class) makes a retry one enrollment: the second call answers the first.
 */
export class WalkInDto extends StudentFieldsDto {
  @IsBoolean({ message: 'paidNow must be true or false' }) paidNow: boolean;
}
