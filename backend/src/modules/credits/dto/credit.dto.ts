import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { IsOptionalNotNull } from '../../../common/http/optional';
import { ENTITLEMENT_KINDS, ENTITLEMENT_SCOPES, type EntitlementKind, type EntitlementScope } from '../credit.types';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Why the admin did it: written on the movement and in the activity log. */
class WithReason {
  @ApiProperty({ example: 'Missed two weeks for an injury', maxLength: 500 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Give a reason' })
  @MaxLength(500)
  reason: string;
}

/** The admin grants a credit to a student (or, `household`, to a household contact for the whole household). */
export class GrantCreditDto extends WithReason {
  @ApiProperty({ enum: ENTITLEMENT_KINDS, example: 'pack' })
  @IsIn(ENTITLEMENT_KINDS as unknown as string[], { message: `kind must be one of ${ENTITLEMENT_KINDS.join(', ')}` })
  kind: EntitlementKind;
  @ApiProperty({ example: 10, description: 'Uses (a whole number), or dollars for account credit' })
  @IsNumber({ maxDecimalPlaces: 2 }, { message: 'amount must be a number' })
  @Min(0.01)
  @Max(1_000_000)
  amount: number;
  @ApiPropertyOptional({ enum: ENTITLEMENT_SCOPES, example: 'all', description: 'What it can pay for (default all classes)' })
  @IsOptionalNotNull()
  @IsIn(ENTITLEMENT_SCOPES as unknown as string[], { message: `scope must be one of ${ENTITLEMENT_SCOPES.join(', ')}` })
  scope?: EntitlementScope;
  @ApiPropertyOptional({ type: [String], format: 'uuid', description: 'scope classes (or drop_ins limited to these classes)' })
  @IsOptionalNotNull()
  @IsArray()
  @ArrayMaxSize(200)
  @IsUUID('all', { each: true, message: 'classIds must be class ids' })
  classIds?: string[];
  @ApiPropertyOptional({ format: 'uuid', description: 'scope term: the term whose classes it pays for' })
  @IsOptionalNotNull()
  @IsUUID('all', { message: 'termId must be a term id' })
  termId?: string;
  @ApiPropertyOptional({ example: '2026-12-07', description: "First valid day (YYYY-MM-DD, the organization's zone); default today" })
  @IsOptionalNotNull()
  @Matches(DATE, { message: 'validFrom must be a date YYYY-MM-DD' })
  validFrom?: string;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '2027-03-07',
    description: 'Last valid day, usable through the whole day; null: no expiry',
  })
  @IsOptional()
  @Matches(DATE, { message: 'validUntil must be a date YYYY-MM-DD' })
  validUntil?: string | null;
  @ApiPropertyOptional({ example: false, description: "Usable by every member of the student's household (the student is its contact)" })
  @IsOptionalNotNull()
  @IsBoolean()
  household?: boolean;
  @ApiPropertyOptional({ example: '10-class pack', maxLength: 120 })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(120)
  label?: string;
}

/** The admin moves a credit's validity, earlier or later. */
export class CreditValidityDto extends WithReason {
  @ApiPropertyOptional({ example: '2026-12-07' })
  @IsOptionalNotNull()
  @Matches(DATE, { message: 'validFrom must be a date YYYY-MM-DD' })
  validFrom?: string;
  @ApiProperty({ type: String, nullable: true, example: '2027-04-07', description: 'null: no expiry' })
  @ValidateIf((_, v) => v !== null)
  @Matches(DATE, { message: 'validUntil must be a date YYYY-MM-DD' })
  validUntil: string | null;
}

export class RevokeCreditDto extends WithReason {}

/** The admin moves part of a credit to another member of the holder's household. */
export class TransferCreditDto extends WithReason {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'toStudentId must be a student id' })
  toStudentId: string;
  @ApiProperty({ example: 2, description: 'Uses, or dollars for account credit' })
  @IsNumber({ maxDecimalPlaces: 2 }, { message: 'amount must be a number' })
  @Min(0.01)
  @Max(1_000_000)
  amount: number;
}
