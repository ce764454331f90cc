import { IsUUID } from 'class-validator';
import { IsOptionalNotNull } from '../../../common/http/optional';

/** "I can't make it": the session missed, and who misses it (default: the signed-in student; or a household member). */
export class ReportAbsenceDto {
  @IsUUID('all', { message: 'classSessionId must be an id' }) classSessionId: string;
  @IsOptionalNotNull() @IsUUID('all', { message: 'studentId must be an id' }) studentId?: string;
}

/** "Book a make-up": the token to use and the session to take. */
export class BookMakeupDto {
  @IsUUID('all', { message: 'entitlementId must be an id' }) entitlementId: string;
  @IsUUID('all', { message: 'classSessionId must be an id' }) classSessionId: string;
}
