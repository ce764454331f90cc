import { Transform } from 'class-transformer';
import { IsString } from 'class-validator';
import { IsOptionalNotNull } from '../../common/http/optional';
import { trim } from '../../common/http/transforms';
import { OrganizationError, OrganizationException } from './organizations.exception';

/**
 * Who issues the organization's receipts and statements, as the law knows it: the legal name, the postal address and
 * the tax ID with its label (a US EIN, a Canadian BN, an EU VAT number, or another label the organization types).
 * Printed on every receipt, credit note and year-end statement; a receipt keeps the details it was issued with.
 */
export interface LegalDetails {
  legalName: string;
  address: string;
  taxIdLabel: string;
  taxId: string;
}

/** The labels the settings screen offers; any other text is accepted as the organization's own label. */
export const TAX_ID_LABELS = ['EIN', 'BN', 'VAT number'] as const;

/**
 * The longest tax ID of each known label, with room for the usual separators: an EIN is 9 digits written 12-3456789;
 * a BN 9 digits plus a program account (123456789 RT 0001); an EU VAT number a country prefix and up to 12 more
 * characters, sometimes spaced. Any other label: 40.
 */
export const TAX_ID_MAX: Record<string, number> = { EIN: 10, BN: 17, 'VAT number': 17 };
export const OTHER_TAX_ID_MAX = 40;
export const LEGAL_FIELD_MAX = { legalName: 200, address: 500, taxIdLabel: 40 } as const;

const NAMES: Record<keyof typeof LEGAL_FIELD_MAX, string> = {
  legalName: 'The legal name',
  address: 'The address',
  taxIdLabel: 'The tax ID label',
};

/** The legal details as PUT /api/settings takes them: all text, each may be empty (not printed then). */
export class LegalDetailsDto {
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'legalName must be text' })
  legalName?: string;
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'address must be text' })
  address?: string;
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'taxIdLabel must be text' })
  taxIdLabel?: string;
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'taxId must be text' })
  taxId?: string;
}

/**
 * The legal details as stored, or the coded 400 that says which field is too long. The lengths are checked here
 * rather than by the DTO so the refusal carries a code a client can branch on (a receipt's fields have fixed room).
 */
export function legalDetails(sent: LegalDetailsDto): LegalDetails {
  const d: LegalDetails = {
    legalName: sent.legalName ?? '',
    address: sent.address ?? '',
    taxIdLabel: sent.taxIdLabel ?? '',
    taxId: sent.taxId ?? '',
  };
  for (const field of Object.keys(LEGAL_FIELD_MAX) as (keyof typeof LEGAL_FIELD_MAX)[]) {
    const maxLength = LEGAL_FIELD_MAX[field];
    if (d[field].length > maxLength)
      throw new OrganizationException(OrganizationError.LegalDetailTooLong, `${NAMES[field]} has at most ${maxLength} characters`, {
        field,
        maxLength,
      });
  }
  const maxLength = TAX_ID_MAX[d.taxIdLabel] ?? OTHER_TAX_ID_MAX;
  if (d.taxId.length > maxLength)
    throw new OrganizationException(
      OrganizationError.TaxIdTooLong,
      `${d.taxIdLabel ? `A tax ID labelled ${d.taxIdLabel}` : 'A tax ID'} has at most ${maxLength} characters`,
      { field: 'taxId', maxLength },
    );
  return d;
}

/** The legal details to print: the organization's own, or its name alone when none were set. */
export function issuerOf(org: { name: string; settings?: { legalDetails?: LegalDetails } | null }): LegalDetails {
  const d = org.settings?.legalDetails;
  return {
    legalName: d?.legalName || org.name,
    address: d?.address ?? '',
    taxIdLabel: d?.taxIdLabel ?? '',
    taxId: d?.taxId ?? '',
  };
}
