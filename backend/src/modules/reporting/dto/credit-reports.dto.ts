import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { EXAMPLE_ID } from '../../../common/openapi/common.responses';
import { RangeQueryDto } from './report-query.dto';

/** The credits reports (issue 41 §4) answer JSON or CSV. */
export class CreditReportQueryDto extends RangeQueryDto {
  @ApiPropertyOptional({ enum: ['json', 'csv'] })
  @IsOptional()
  @IsIn(['json', 'csv'], { message: 'format must be json or csv' })
  format?: 'json' | 'csv';
}

class RangeMetaDto {
  @ApiProperty({ example: '2026-11-01' }) startDate: string;
  @ApiProperty({ example: '2026-11-30' }) endDate: string;
  @ApiProperty({ example: 'America/Chicago' }) timeZone: string;
}

export class CreditLiabilityRowDto {
  @ApiProperty({ type: 'string', nullable: true, example: '2027-03', description: 'The month of the last valid day; null: no expiry' })
  expiryMonth: string | null;
  @ApiProperty({ enum: ['pack', 'membership_allowance', 'makeup_token', 'account_credit'], example: 'pack' }) kind: string;
  @ApiProperty({ example: 4, description: 'Credits with something left' }) credits: number;
  @ApiProperty({ example: 23, description: 'Uses left (0 for account credit)' }) uses: number;
  @ApiProperty({ example: 0, description: 'Account credit left, in dollars' }) dollars: number;
}
export class CreditLiabilityTotalsDto {
  @ApiProperty({ example: 4 }) credits: number;
  @ApiProperty({ example: 23 }) uses: number;
  @ApiProperty({ example: 25 }) dollars: number;
}
export class CreditLiabilityReportDto {
  @ApiProperty({ example: 'credit-liability' }) report: string;
  @ApiProperty({ example: '2026-12-07', description: "Today in the organization's zone: what is owed now" }) asOf: string;
  @ApiProperty({ example: 'America/Chicago' }) timeZone: string;
  @ApiProperty({ type: [CreditLiabilityRowDto], description: 'By expiry month (no expiry last), then kind' }) rows: CreditLiabilityRowDto[];
  @ApiProperty({ type: CreditLiabilityTotalsDto }) totals: CreditLiabilityTotalsDto;
}

export class CreditSalesRowDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) productId: string;
  @ApiProperty({ example: '10-class pack' }) product: string;
  @ApiProperty({ enum: ['pack', 'membership', 'account_credit'], example: 'pack' }) kind: string;
  @ApiProperty({ example: 3, description: 'Paid sales in the range' }) sales: number;
  @ApiProperty({ example: 2 }) inPerson: number;
  @ApiProperty({ example: 1 }) card: number;
  @ApiProperty({ example: 450, description: 'Dollars' }) revenue: number;
}
export class CreditSalesTotalsDto {
  @ApiProperty({ example: 3 }) sales: number;
  @ApiProperty({ example: 450 }) revenue: number;
}
export class CreditSalesReportDto extends RangeMetaDto {
  @ApiProperty({ example: 'credit-sales' }) report: string;
  @ApiProperty({ type: [CreditSalesRowDto], description: 'By revenue, highest first' }) rows: CreditSalesRowDto[];
  @ApiProperty({ type: CreditSalesTotalsDto }) totals: CreditSalesTotalsDto;
}

export class MakeupsReportRowDto {
  @ApiProperty({ example: '2026-11' }) month: string;
  @ApiProperty({ example: 5, description: 'Tokens granted' }) granted: number;
  @ApiProperty({ example: 3, description: 'Make-ups booked (not cancelled)' }) booked: number;
  @ApiProperty({ example: 2, description: 'Of those booked, the ones whose session has started' }) used: number;
  @ApiProperty({ example: 1, description: 'Tokens left unused past their last day' }) expired: number;
}
export class MakeupsReportTotalsDto {
  @ApiProperty({ example: 5 }) granted: number;
  @ApiProperty({ example: 3 }) booked: number;
  @ApiProperty({ example: 2 }) used: number;
  @ApiProperty({ example: 1 }) expired: number;
}
export class MakeupsReportDto extends RangeMetaDto {
  @ApiProperty({ example: 'makeups' }) report: string;
  @ApiProperty({ type: [MakeupsReportRowDto], description: 'By month' }) rows: MakeupsReportRowDto[];
  @ApiProperty({ type: MakeupsReportTotalsDto }) totals: MakeupsReportTotalsDto;
}
