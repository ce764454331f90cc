import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** The typed confirmation of a destructive staff action; its text is checked by the server (spec 3 §5). */
export class ConfirmationDto {
  @IsString({ message: 'confirmation must be a string' })
  @IsNotEmpty({ message: 'Confirmation is required' })
  @MaxLength(100)
  confirmation: string;
}

export class ResetStudentPaymentsDto {
  /** Required on purpose: a reset is never run because a flag was left out. */
  @IsBoolean({ message: 'dryRun must be true or false' }) dryRun: boolean;
}

/** ra-data-simple-rest list parameters (`filter` may carry `q`: name or domain). */
export class StaffListQuery {
  @IsOptional() @IsString() sort?: string;
  @IsOptional() @IsString() range?: string;
  @IsOptional() @IsString() filter?: string;
}
