import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { trim } from '../../../common/http/transforms';
import { PLAN_INTERVALS, type PlanInterval } from '../plan-schedule';

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const dayMessage = (field: string) => ({ message: `${field} must be a date (YYYY-MM-DD)` });
const money = { maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false };

/** One explicit due date, with the share of the balance (after the deposit) it takes; all or none carry a percent. */
export class PlanDueDateDto {
  @ApiProperty({ example: '2027-03-01' })
  @IsString(dayMessage('date'))
  @Matches(DAY, dayMessage('date'))
  date: string;
  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    example: 50,
    description: 'Percent of the balance; absent on every date: equal shares',
  })
  @IsOptional()
  @IsInt({ message: 'percent must be a whole number' })
  @Min(1, { message: 'percent must be between 1 and 100' })
  @Max(100, { message: 'percent must be between 1 and 100' })
  percent?: number | null;
}

/**
 * A plan an organization offers, for one class (`classId`) or every class of a term (`termId`): a deposit, then
 * either instalments every `interval` (`instalmentCount` of them, or as many as fit) until `paidInFullBy`, or explicit
 * `dueDates`. Amounts in dollars; the service checks what depends on the class (its price, its last session).
 */
export class PlanDefinitionDto {
  @ApiProperty({ example: 'Deposit and 3 monthly payments' })
  @Transform(trim)
  @IsString({ message: 'name is required' })
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(100, { message: 'name has at most 100 characters' })
  name: string;
  @ApiPropertyOptional({ type: 'string', format: 'uuid', nullable: true, description: 'The class it is offered on (or termId)' })
  @IsOptional()
  @IsUUID('all', { message: 'classId must be a class id' })
  classId?: string | null;
  @ApiPropertyOptional({
    type: 'string',
    format: 'uuid',
    nullable: true,
    description: 'Every class of this term without plans of its own (or classId)',
  })
  @IsOptional()
  @IsUUID('all', { message: 'termId must be a term id' })
  termId?: string | null;
  @ApiProperty({ enum: ['amount', 'percent'] })
  @IsIn(['amount', 'percent'], { message: "depositKind must be 'amount' or 'percent'" })
  depositKind: 'amount' | 'percent';
  @ApiProperty({ example: 150, description: 'Dollars, or a whole percent of the price; 0: no deposit (the method is saved)' })
  @IsNumber(money, { message: 'depositValue must be a number' })
  @Min(0, { message: 'depositValue cannot be negative' })
  @Max(100000, { message: 'depositValue is at most 100000' })
  depositValue: number;
  @ApiPropertyOptional({ enum: PLAN_INTERVALS, nullable: true, description: 'With paidInFullBy; leave out with dueDates' })
  @IsOptional()
  @IsIn(PLAN_INTERVALS, { message: "interval must be 'weekly', 'biweekly' or 'monthly'" })
  interval?: PlanInterval | null;
  @ApiPropertyOptional({ type: 'integer', nullable: true, example: 3, description: 'Absent: as many as fit until paidInFullBy' })
  @IsOptional()
  @IsInt({ message: 'instalmentCount must be a whole number' })
  @Min(1, { message: 'instalmentCount must be between 1 and 52' })
  @Max(52, { message: 'instalmentCount must be between 1 and 52' })
  instalmentCount?: number | null;
  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    example: '2027-02-01',
    description: 'First instalment; absent: one interval after registering',
  })
  @IsOptional()
  @IsString(dayMessage('firstDueDate'))
  @Matches(DAY, dayMessage('firstDueDate'))
  firstDueDate?: string | null;
  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    example: '2027-05-31',
    description: 'No instalment after this date (required with interval)',
  })
  @IsOptional()
  @IsString(dayMessage('paidInFullBy'))
  @Matches(DAY, dayMessage('paidInFullBy'))
  paidInFullBy?: string | null;
  @ApiPropertyOptional({ type: [PlanDueDateDto], nullable: true, description: 'Explicit due dates instead of an interval' })
  @IsOptional()
  @IsArray({ message: 'dueDates must be a list of dates' })
  @ArrayMinSize(1, { message: 'dueDates needs at least one date' })
  @ArrayMaxSize(24, { message: 'dueDates has at most 24 dates' })
  @ValidateNested({ each: true })
  @Type(() => PlanDueDateDto)
  dueDates?: PlanDueDateDto[] | null;
  @ApiPropertyOptional({ example: 200, description: 'Dollars: offered on classes priced from this' })
  @IsOptional()
  @IsNumber(money, { message: 'minPrice must be a number' })
  @Min(0, { message: 'minPrice cannot be negative' })
  @Max(100000, { message: 'minPrice is at most 100000' })
  minPrice?: number;
  @ApiPropertyOptional({ example: 10, description: 'Dollars added to the total for paying over time' })
  @IsOptional()
  @IsNumber(money, { message: 'surcharge must be a number' })
  @Min(0, { message: 'surcharge cannot be negative' })
  @Max(10000, { message: 'surcharge is at most 10000' })
  surcharge?: number;
  @ApiPropertyOptional({ type: 'string', nullable: true, example: '2027-01-31', description: 'The last day a registration can choose it' })
  @IsOptional()
  @IsString(dayMessage('chooseBy'))
  @Matches(DAY, dayMessage('chooseBy'))
  chooseBy?: string | null;
}

/** The organization's plan settings (Settings → Payments). */
export class PlanSettingsDto {
  @ApiProperty({ example: 9, description: 'Local hour (0-23) instalments are charged' })
  @IsInt({ message: 'chargeHour must be a whole hour' })
  @Min(0, { message: 'chargeHour must be between 0 and 23' })
  @Max(23, { message: 'chargeHour must be between 0 and 23' })
  chargeHour: number;
  @ApiProperty({
    type: 'integer',
    isArray: true,
    example: [1, 3, 5],
    description: 'Days after a soft decline each retry happens, ascending',
  })
  @IsArray({ message: 'retryDays must be a list of days' })
  @ArrayMaxSize(5, { message: 'retryDays has at most 5 retries' })
  @IsInt({ each: true, message: 'retryDays must be whole days' })
  @Min(1, { each: true, message: 'retryDays must be between 1 and 30' })
  @Max(30, { each: true, message: 'retryDays must be between 1 and 30' })
  retryDays: number[];
  @ApiProperty({ example: 7, description: 'Days after a failed instalment before the registration is past due' })
  @IsInt({ message: 'graceDays must be a whole number' })
  @Min(0, { message: 'graceDays must be between 0 and 60' })
  @Max(60, { message: 'graceDays must be between 0 and 60' })
  graceDays: number;
  @ApiProperty({ enum: ['flag', 'release'], description: 'Past due: flag only, or release the seat after releaseAfterDays' })
  @IsIn(['flag', 'release'], { message: "pastDueAction must be 'flag' or 'release'" })
  pastDueAction: 'flag' | 'release';
  @ApiPropertyOptional({
    type: 'integer',
    example: 7,
    nullable: true,
    description: 'Required with release: days past due before the seat is released',
  })
  // Required with 'release': the service says so (a condition here on another field would switch off these rules).
  @IsOptional()
  @IsInt({ message: 'releaseAfterDays must be a whole number between 1 and 90' })
  @Min(1, { message: 'releaseAfterDays must be a whole number between 1 and 90' })
  @Max(90, { message: 'releaseAfterDays must be a whole number between 1 and 90' })
  releaseAfterDays?: number | null;
  @ApiPropertyOptional({ type: 'integer', example: 3, description: 'Days before a due date the payer is reminded (0: never); absent: 3' })
  @IsOptional()
  @IsInt({ message: 'reminderDays must be a whole number between 0 and 30' })
  @Min(0, { message: 'reminderDays must be a whole number between 0 and 30' })
  @Max(30, { message: 'reminderDays must be a whole number between 0 and 30' })
  reminderDays?: number;
  @ApiProperty({ example: false, description: 'Bank debit (ACH) offered beside cards' })
  @IsBoolean({ message: 'bankDebit must be true or false' })
  bankDebit: boolean;
  @ApiPropertyOptional({ type: 'string', nullable: true, description: 'What a payer accepts; absent or null: the default text' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'consentText must be text' })
  @MaxLength(2000, { message: 'consentText has at most 2000 characters' })
  consentText?: string | null;
}

/** A registration's choice of a plan (create-intent's `paymentPlan`): the plan and the payer's consent. */
export class PaymentPlanChoiceDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'paymentPlan.id must be a plan id' })
  id: string;
  @ApiProperty({ example: true, description: 'The payer accepted the consent text (consentVersion) to charge the method later' })
  @IsBoolean({ message: 'paymentPlan.consentAccepted must be true' })
  consentAccepted: boolean;
  @ApiPropertyOptional({ example: 1, description: 'The consent version the page showed (a newer one is refused: reload)' })
  @IsOptional()
  @IsInt({ message: 'paymentPlan.consentVersion must be a whole number' })
  consentVersion?: number;
}
