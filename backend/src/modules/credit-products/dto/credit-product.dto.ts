import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { IsOptionalNotNull } from '../../../common/http/optional';
import { trim } from '../../../common/http/transforms';
import {
  MEMBERSHIP_PERIODS,
  PRODUCT_KINDS,
  PRODUCT_SCOPES,
  type MembershipPeriod,
  type ProductKind,
  type ProductScope,
} from '../credit-product.types';

const money = { maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false };

/**
 * A product an organization sells (issue 41 §2): a pack (`uses`, `validityDays`), a membership (`period`, `uses` per
 * period or none for unlimited) or account credit (`credit` dollars, a gift). Amounts in dollars. The service checks
 * what depends on the kind and that every eligible class is the organization's.
 */
export class CreditProductDto {
  @ApiProperty({ enum: PRODUCT_KINDS })
  @IsIn(PRODUCT_KINDS, { message: `kind must be one of ${PRODUCT_KINDS.join(', ')}` })
  kind: ProductKind;

  @ApiProperty({ example: '10-class pack' })
  @Transform(trim)
  @IsString({ message: 'name is required' })
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(120, { message: 'name has at most 120 characters' })
  name: string;

  @ApiPropertyOptional({ type: 'string', nullable: true })
  @IsOptional()
  @IsString({ message: 'description must be text' })
  @MaxLength(2000, { message: 'description has at most 2000 characters' })
  description?: string | null;

  @ApiProperty({ example: 150, description: 'Dollars' })
  @IsNumber(money, { message: 'price must be an amount in dollars' })
  @Min(0, { message: 'price must not be negative' })
  @Max(1_000_000, { message: 'price must be at most 1000000' })
  price: number;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    example: 10,
    description: 'Pack: its uses; membership: uses per period (null: unlimited)',
  })
  @IsOptional()
  @IsInt({ message: 'uses must be a whole number' })
  @Min(1, { message: 'uses must be between 1 and 10000' })
  @Max(10_000, { message: 'uses must be between 1 and 10000' })
  uses?: number | null;

  @ApiPropertyOptional({ type: 'number', nullable: true, example: null, description: 'Account credit: the dollars of credit a sale gives' })
  @IsOptional()
  @IsNumber(money, { message: 'credit must be an amount in dollars' })
  @Min(0.01, { message: 'credit must be at least 0.01' })
  @Max(1_000_000, { message: 'credit must be at most 1000000' })
  credit?: number | null;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    example: 90,
    description: 'Pack: days valid from the day of the sale (null: no expiry)',
  })
  @IsOptional()
  @IsInt({ message: 'validityDays must be a whole number' })
  @Min(1, { message: 'validityDays must be between 1 and 3660' })
  @Max(3660, { message: 'validityDays must be between 1 and 3660' })
  validityDays?: number | null;

  @ApiPropertyOptional({ enum: MEMBERSHIP_PERIODS, nullable: true })
  @IsOptional()
  @IsIn(MEMBERSHIP_PERIODS, { message: 'period must be month or year' })
  period?: MembershipPeriod | null;

  @ApiPropertyOptional({ enum: PRODUCT_SCOPES, default: 'all' })
  @IsOptionalNotNull()
  @IsIn(PRODUCT_SCOPES, { message: `scope must be one of ${PRODUCT_SCOPES.join(', ')}` })
  scope?: ProductScope;

  @ApiPropertyOptional({ type: [String], description: 'The eligible classes (scope classes, or drop-ins of these classes)' })
  @IsOptionalNotNull()
  @IsArray({ message: 'classIds must be a list of class ids' })
  @ArrayMaxSize(200, { message: 'classIds has at most 200 classes' })
  @IsUUID('all', { each: true, message: 'each of classIds must be a class id' })
  classIds?: string[];

  @ApiPropertyOptional({ default: true, description: 'Sold on the public site (false: in person only)' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'soldOnline must be true or false' })
  soldOnline?: boolean;

  @ApiPropertyOptional({ default: false, description: 'An intro offer: once per person' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'introOffer must be true or false' })
  introOffer?: boolean;

  @ApiPropertyOptional({ default: true, description: 'false: no longer sold (its sales keep it)' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'active must be true or false' })
  active?: boolean;
}
