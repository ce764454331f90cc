import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { EXAMPLE_TIME } from '../../../common/openapi/common.responses';

export class PortalPlanPayDto {
  @ApiPropertyOptional({ type: 'integer', example: 2, description: 'The instalment to pay now; absent: the whole balance' })
  @IsOptional()
  @IsInt({ message: 'seq must be an instalment number' })
  @Min(1, { message: 'seq must be an instalment number' })
  @Max(1000, { message: 'seq must be an instalment number' })
  seq?: number;
}

export class PortalPlanPayConfirmDto {
  @ApiProperty({ example: 'pi_3Q0abc' })
  @IsString({ message: 'paymentIntentId must be a PaymentIntent id' })
  @Matches(/^pi_[A-Za-z0-9_]+$/, { message: 'paymentIntentId must be a PaymentIntent id' })
  paymentIntentId: string;
}

export class PortalPlanMethodConfirmDto {
  @ApiProperty({ example: 'seti_1Q0abc' })
  @IsString({ message: 'setupIntentId must be a SetupIntent id' })
  @Matches(/^seti_[A-Za-z0-9_]+$/, { message: 'setupIntentId must be a SetupIntent id' })
  setupIntentId: string;
}

export class PortalPlanPayResponseDto {
  @ApiProperty({ example: 'pi_3Q0abc_secret_xyz' }) clientSecret: string;
  @ApiProperty({ example: 'pi_3Q0abc' }) paymentIntentId: string;
  @ApiProperty({ example: 150, description: 'Dollars' }) amount: number;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME, description: 'The schedule leaves these instalments alone until then' })
  holdExpiresAt: string;
  @ApiProperty({ type: [Number], example: [2] }) instalments: number[];
}

export class PortalPlanPaidResponseDto {
  @ApiProperty({ example: 'pi_3Q0abc' }) paymentIntentId: string;
  @ApiProperty({ type: [Number], example: [2] }) instalments: number[];
  @ApiProperty({ example: 150 }) amount: number;
}

export class PortalPlanMethodResponseDto {
  @ApiProperty({ example: 'seti_1Q0abc_secret_xyz' }) clientSecret: string;
  @ApiProperty({ example: 'seti_1Q0abc' }) setupIntentId: string;
}

export class PortalPlanMethodSavedDto {
  @ApiProperty({ example: 'pm_1Q0abc' }) paymentMethodId: string;
  @ApiProperty({ type: [Number], example: [1], description: 'Failed or due instalments the schedule charges again now' })
  retried: number[];
}
