import { ApiProperty } from '@nestjs/swagger';
import type { OrganizationSettings } from '../organization.entity';
import { IsIn, IsInt, Max, Min, ValidateIf } from 'class-validator';
import { DiscountValue, NestedObject } from '../../../common/dto/fields';

/** One automatic discount: a whole percent, or dollars off each seat. */
export class DiscountAdjustmentDto {
  @ApiProperty({ enum: ['percent', 'amount'] })
  @IsIn(['percent', 'amount'], { message: "kind must be 'percent' or 'amount'" })
  kind: 'percent' | 'amount';
  @ApiProperty({
    example: 10,
    description: 'percent: a whole percentage (1-100); amount: dollars off each seat, 0.01 to 100000 with at most 2 decimals',
  })
  @DiscountValue()
  value: number;
}

export class EarlyBirdRuleDto extends DiscountAdjustmentDto {
  @ApiProperty({ type: 'integer', example: 14, description: 'Registrations until this many days before the first session' })
  @IsInt({ message: 'daysBefore must be a whole number of days (0-365)' })
  @Min(0, { message: 'daysBefore must be a whole number of days (0-365)' })
  @Max(365, { message: 'daysBefore must be a whole number of days (0-365)' })
  daysBefore: number;
}

export class SeniorRuleDto extends DiscountAdjustmentDto {
  @ApiProperty({ type: 'integer', example: 65, description: 'Age on the first session, from the date of birth given' })
  @IsInt({ message: 'minAge must be a whole number of years (1-120)' })
  @Min(1, { message: 'minAge must be a whole number of years (1-120)' })
  @Max(120, { message: 'minAge must be a whole number of years (1-120)' })
  minAge: number;
}

/**
 * The organization's automatic discounts (the settings' `discountRules`). Every key is sent (null: that discount is
 * off), so a form cannot turn one off by leaving it out.
 */
export class DiscountRulesDto {
  @ApiProperty({ type: EarlyBirdRuleDto, nullable: true })
  @ValidateIf((_, v) => v !== null)
  @NestedObject(() => EarlyBirdRuleDto, 'earlyBird must be an object, or null for none')
  earlyBird: EarlyBirdRuleDto | null;
  @ApiProperty({ type: DiscountAdjustmentDto, nullable: true })
  @ValidateIf((_, v) => v !== null)
  @NestedObject(() => DiscountAdjustmentDto, 'returning must be an object, or null for none')
  returning: DiscountAdjustmentDto | null;
  @ApiProperty({ type: SeniorRuleDto, nullable: true })
  @ValidateIf((_, v) => v !== null)
  @NestedObject(() => SeniorRuleDto, 'senior must be an object, or null for none')
  senior: SeniorRuleDto | null;
  @ApiProperty({ type: DiscountAdjustmentDto, nullable: true })
  @ValidateIf((_, v) => v !== null)
  @NestedObject(() => DiscountAdjustmentDto, 'siblings must be an object, or null for none')
  siblings: DiscountAdjustmentDto | null;
  @ApiProperty({
    enum: ['best', 'stack'],
    description: 'best: the single largest discount; stack: all, in the order early bird, returning, senior, siblings',
  })
  @IsIn(['best', 'stack'], { message: "combine must be 'best' or 'stack'" })
  combine: 'best' | 'stack';
}

type Stored = NonNullable<OrganizationSettings['discountRules']>;

/** No automatic discount: what an organization that never set any has. */
export const NO_DISCOUNT_RULES: Stored = { earlyBird: null, returning: null, senior: null, siblings: null, combine: 'best' };

const adjustment = (a: DiscountAdjustmentDto) => ({ kind: a.kind, value: a.value });

/** The rules as stored: only the known fields of each. */
export function discountRules(d: DiscountRulesDto): Stored {
  return {
    earlyBird: d.earlyBird ? { ...adjustment(d.earlyBird), daysBefore: d.earlyBird.daysBefore } : null,
    returning: d.returning ? adjustment(d.returning) : null,
    senior: d.senior ? { ...adjustment(d.senior), minAge: d.senior.minAge } : null,
    siblings: d.siblings ? adjustment(d.siblings) : null,
    combine: d.combine,
  };
}
