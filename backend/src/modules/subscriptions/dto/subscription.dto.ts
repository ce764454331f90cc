import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsInt, IsNotEmpty, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { IsOptionalNotNull } from '../../../common/http/optional';
import { FIRST_SUBSCRIPTION_TRIAL_DAYS } from '../plan-policy';

export const PRORATION_BEHAVIORS = ['create_prorations', 'none', 'always_invoice'] as const;
export const EFFECTIVE_DATES = ['end_of_period', 'immediate'] as const;

export class CreateCustomerDto {
  @ApiProperty({ format: 'uuid' }) @IsUUID('all', { message: 'organizationId must be an id' }) organizationId: string;
  @ApiProperty({ example: 'Sunrise Community Arts' })
  @IsString()
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(200)
  name: string;
  @ApiProperty({ example: 'billing@sunrise-arts.example' })
  @IsNotEmpty({ message: 'email is required' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254)
  email: string;
}

export class CreateCheckoutDto {
  @ApiProperty({ format: 'uuid' }) @IsUUID('all', { message: 'organizationId must be an id' }) organizationId: string;
  @ApiProperty({ description: "A paid plan's Stripe price id (its stripePriceId)", example: 'price_1QfV2a' })
  @IsString()
  @IsNotEmpty({ message: 'priceId is required' })
  @MaxLength(255)
  priceId: string;
  @ApiPropertyOptional({
    description:
      "A shorter free trial for the organization's first subscription (the test page asks for 14; without it 30). A later subscription has no trial whatever is sent.",
    minimum: 1,
    maximum: FIRST_SUBSCRIPTION_TRIAL_DAYS,
  })
  @IsOptionalNotNull()
  @IsInt({ message: 'trialDays must be a whole number of days' })
  @Min(1, { message: 'trialDays must be at least 1' })
  @Max(FIRST_SUBSCRIPTION_TRIAL_DAYS, { message: `trialDays must be at most ${FIRST_SUBSCRIPTION_TRIAL_DAYS}` })
  trialDays?: number;
}

export class PlanChangeDto {
  @ApiProperty({ example: 'professional' })
  @IsString()
  @IsNotEmpty({ message: 'newPlanId is required' })
  @MaxLength(64)
  newPlanId: string;
  @ApiPropertyOptional({ description: "The plan's Stripe price id; when sent it must be that plan's", example: 'price_1QfV2a' })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(255)
  newPriceId?: string;
}

export class UpgradeDto extends PlanChangeDto {
  @ApiPropertyOptional({ enum: PRORATION_BEHAVIORS, default: 'create_prorations' })
  @IsOptionalNotNull()
  @IsIn(PRORATION_BEHAVIORS, { message: `prorationBehavior must be one of ${PRORATION_BEHAVIORS.join(', ')}` })
  prorationBehavior?: (typeof PRORATION_BEHAVIORS)[number];
}

export class DowngradeDto extends PlanChangeDto {
  @ApiPropertyOptional({ enum: EFFECTIVE_DATES, default: 'end_of_period' })
  @IsOptionalNotNull()
  @IsIn(EFFECTIVE_DATES, { message: `effectiveDate must be one of ${EFFECTIVE_DATES.join(', ')}` })
  effectiveDate?: (typeof EFFECTIVE_DATES)[number];
}

/** `POST /api/subscriptions/update`: a plan change; upgrade or downgrade is decided by the plans' prices. */
export class UpdateSubscriptionDto extends UpgradeDto {
  @ApiProperty({ format: 'uuid' }) @IsUUID('all', { message: 'organizationId must be an id' }) organizationId: string;
}

export class PortalDto {
  @ApiPropertyOptional({ description: 'Where the portal sends the admin back: an address on this site (PUBLIC_URL)' })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(2000)
  returnUrl?: string;
}
