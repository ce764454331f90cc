import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** One row of GET /api/tax-report/{year}: a rate in a month, or in the whole year (period YYYY). Dollars. */
export class TaxReportRowDto {
  @ApiProperty({ example: '2026-03', description: 'YYYY-MM in the organization time zone, or YYYY for the year total' }) period: string;
  @ApiProperty({ example: 'GST' }) label: string;
  @ApiProperty({ example: 5 }) rate: number;
  @ApiProperty({ example: false, description: 'Included in the prices (tax-inclusive pricing)' }) included: boolean;
  @ApiProperty({ example: 25 }) collected: number;
  @ApiProperty({ example: 5, description: 'Given back with refunds (credit notes)' }) refunded: number;
  @ApiProperty({ example: 20 }) net: number;
  @ApiProperty({
    example: false,
    description: 'Payments made before receipts existed (no receipt names them): tax from their price lines, shown apart',
  })
  beforeReceipts: boolean;
  @ApiPropertyOptional({ example: 3, description: 'beforeReceipts rows: how many such payments' }) payments?: number;
  @ApiPropertyOptional({ example: 240, description: 'beforeReceipts rows: what those payments took, in dollars' }) paid?: number;
}
