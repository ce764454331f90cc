import { IsIn, IsOptional, IsUUID } from 'class-validator';

export const PERIODS = ['month', 'quarter', 'year'] as const;
export type Period = (typeof PERIODS)[number];

export class DashboardQuery {
  @IsOptional() @IsIn(PERIODS, { message: 'period must be month, quarter or year' }) period?: Period;
  @IsOptional() @IsUUID('all', { message: 'organizationId must be an id' }) organizationId?: string;
}
