import { ApiProperty } from '@nestjs/swagger';

export class PlanLimitsDto {
  @ApiProperty({ description: '-1 means unlimited', example: 25 }) maxClasses: number;
  @ApiProperty({ description: '-1 means unlimited', example: 500 }) maxStudents: number;
  @ApiProperty({ description: '-1 means unlimited', example: -1 }) maxTransactionsPerMonth: number;
}

export class PlanFeaturesDto {
  @ApiProperty({ example: true }) basicSiteAccess: boolean;
  @ApiProperty({ example: true }) inClassPayments: boolean;
  @ApiProperty({ example: true }) onlinePaymentCollection: boolean;
  @ApiProperty({ example: true }) advancedReporting: boolean;
  @ApiProperty({ example: true }) customBranding: boolean;
  @ApiProperty({ example: false }) apiAccess: boolean;
  @ApiProperty({ example: false }) prioritySupport: boolean;
}

export class PlanResponseDto {
  @ApiProperty({ example: 'essential' }) id: string;
  @ApiProperty({ example: 'Essential' }) name: string;
  @ApiProperty({ example: 'Online payments, reporting and your own branding.' }) description: string;
  @ApiProperty({ description: 'Cents a month', example: 4900 }) monthlyPrice: number;
  @ApiProperty({ example: 1 }) displayOrder: number;
  @ApiProperty({ example: true }) isActive: boolean;
  @ApiProperty({ type: PlanLimitsDto }) limits: PlanLimitsDto;
  @ApiProperty({ type: PlanFeaturesDto }) features: PlanFeaturesDto;
  @ApiProperty({ type: 'string', nullable: true, example: null }) stripePriceId: string | null;
}
