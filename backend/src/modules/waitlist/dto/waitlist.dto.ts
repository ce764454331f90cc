import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Matches, Max, Min, MaxLength } from 'class-validator';
import { StudentFieldsDto } from '../../students/dto/student-fields.dto';

/** Joining a full class's waitlist: the registration form's fields (spec 2 §5 rules) and the organization. */
export class JoinWaitlistDto extends StudentFieldsDto {
  @IsUUID('all', { message: 'organizationId must be an id' }) organizationId: string;
  /** The token of an early-access link: lets this email join before the opening, as it may register. */
  @IsOptional()
  @IsString()
  @Matches(/^[0-9a-f]{32}\.[A-Za-z0-9_-]{22}$/, { message: 'earlyAccessToken is not a valid early-access link' })
  earlyAccessToken?: string;
  /** The opening's waiting room: the signed place in line (from its ticket route), when the opening has one. */
  @IsOptional()
  @IsString({ message: 'waitingRoomTicket must be a waiting-room ticket' })
  @MaxLength(300, { message: 'waitingRoomTicket must be a waiting-room ticket' })
  waitingRoomTicket?: string;
}

export class MoveWaitlistEntryDto {
  @Type(() => Number)
  @IsInt({ message: 'position must be a whole number' })
  @Min(1, { message: 'position must be at least 1' })
  @Max(10_000, { message: 'position is too large' })
  position: number;
}
