import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';
import { QuoteLineTaxDto } from '../../pricing/dto/pricing.response';
import { LegalDetailsResponseDto } from '../../settings/dto/settings.response';

/** GET /api/receipts: ra-data-simple-rest's list parameters; filter may hold studentId and kind. */
export class ListReceiptsQuery {
  @IsOptional() @IsString() sort?: string;
  @IsOptional() @IsString() range?: string;
  @IsOptional() @IsString() filter?: string;
}

/** GET /api/receipts/csv: the list's filter (as JSON), no paging. */
export class ReceiptsCsvQuery {
  @IsOptional() @IsString() filter?: string;
}

export const RECEIPT_KINDS = ['receipt', 'credit_note'] as const;

class ReceiptPayerDto {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: EXAMPLE_ID }) studentId: string | null;
  @ApiProperty({ example: 'Maria Lopez' }) name: string;
  @ApiProperty({ example: 'maria@example.com' }) email: string;
}

class ReceiptStudentDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ example: 'Sofia Lopez' }) name: string;
}

class ReceiptLineDto {
  @ApiProperty({ example: 'Pottery 101: Class price' }) description: string;
  @ApiProperty({ example: 80, description: 'Dollars (a discount is negative)' }) amount: number;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) studentId: string;
  @ApiProperty({ example: 'Sofia Lopez' }) studentName: string;
  @ApiProperty({ example: 'Pottery 101' }) className: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: EXAMPLE_TIME, description: 'First session' })
  serviceStart: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: EXAMPLE_TIME, description: 'Last session' })
  serviceEnd: string | null;
  @ApiPropertyOptional({ type: QuoteLineTaxDto, description: 'A tax line (issue 43); an included one is not added to the total' })
  tax?: QuoteLineTaxDto;
}

/** The tax a receipt or credit note holds, per rate. */
class ReceiptTaxDto {
  @ApiProperty({ example: 'GST' }) label: string;
  @ApiProperty({ example: 5 }) rate: number;
  @ApiProperty({ example: false }) included: boolean;
  @ApiProperty({ example: 4, description: 'Dollars' }) amount: number;
}

/** A numbered receipt (a payment) or credit note (a refund), as issued: it never changes afterwards. */
export class ReceiptResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ enum: RECEIPT_KINDS, example: 'receipt' }) kind: string;
  @ApiProperty({ example: 'R-2026-000123', description: "From the organization's gap-free series (R- receipts, CN- credit notes)" })
  number: string;
  @ApiPropertyOptional({ type: String, nullable: true, example: null, description: 'A credit note: the receipt it gives money back on' })
  originalNumber: string | null;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) issuedAt: Date;
  @ApiProperty({ type: ReceiptPayerDto }) payer: ReceiptPayerDto;
  @ApiProperty({ type: [ReceiptStudentDto] }) students: ReceiptStudentDto[];
  @ApiProperty({ type: [ReceiptLineDto] }) lines: ReceiptLineDto[];
  @ApiProperty({ example: 80, description: 'Dollars: paid (receipt) or refunded (credit note)' }) total: number;
  @ApiProperty({ type: [ReceiptTaxDto], description: 'The tax in the total per rate (issue 43); empty without taxes' })
  taxes: ReceiptTaxDto[];
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ enum: ['card', 'in-person'], example: 'card' }) paymentMethod: string;
  @ApiProperty({ type: String, nullable: true, example: 'pi_3Q0example' }) stripePaymentIntentId: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'ch_3Q0example' }) stripeChargeId: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) stripeRefundId: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'A credit note: why the money went back' }) reason:
    string | null;
  @ApiProperty({ type: LegalDetailsResponseDto, description: "The organization's legal details when it was issued" })
  issuer: LegalDetailsResponseDto;
}
