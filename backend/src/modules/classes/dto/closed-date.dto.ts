import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

/** A closed date (a holiday): its name and calendar date in the organization's zone. */
export class ClosedDateDto {
  @IsString({ message: 'name must be text' }) @IsNotEmpty({ message: 'name is required' }) @MaxLength(100) name: string;
  @Matches(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: 'date must be a calendar date such as 2027-11-25' }) date: string;
}
