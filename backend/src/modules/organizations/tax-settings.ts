import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsNotEmpty, IsNumber, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { IsOptionalNotNull } from '../../common/http/optional';
import { trim } from '../../common/http/transforms';
import { OrganizationError, OrganizationException } from './organizations.exception';

/**
 * The organization's sales taxes (issue 43 §1): each rate with its label (GST, HST, Sales tax, VAT), its percentage to
 * 3 decimals, whether it compounds (is charged on the price plus the other taxes, as Quebec's QST once was) and the
 * kinds of charge it applies to; whether prices are typed tax inclusive; the classes exempt. The price quote reads
 * these (pricing/quote-taxes.ts); a change applies to quotes made after it.
 */
export const TAXABLE_KINDS = ['tuition', 'registrationFee', 'passes', 'dropIns'] as const;
export type TaxableKind = (typeof TAXABLE_KINDS)[number];

export interface TaxRate {
  label: string;
  /** A percentage, 0-100, at most 3 decimals (9.975). */
  rate: number;
  compound: boolean;
  appliesTo: TaxableKind[];
}

export interface TaxSettings {
  /** The prices typed are tax inclusive (the tax is shown as included); false: the tax is added on top. */
  pricesIncludeTax: boolean;
  rates: TaxRate[];
  /** Classes whose tuition is not taxed (their registration fee still follows the fee's rule). */
  exemptClassIds: string[];
}

/** A registration fee charged once per period per student or per household, with the first registration of that period. */
export interface RegistrationFee {
  label: string;
  /** Dollars, as the settings store every amount. */
  amount: number;
  per: 'student' | 'household';
  /** term: once per term (a class with no term counts in its calendar year); year: once per calendar year of the class's start. */
  period: 'term' | 'year';
}

export const NO_TAXES: TaxSettings = { pricesIncludeTax: false, rates: [], exemptClassIds: [] };
export const MAX_TAX_RATES = 5;
export const TAX_LABEL_MAX = 40;
/** What a reply that changed taxes or fees says (issue 43 §4). */
export const TAX_CHANGE_NOTICE =
  'Tax and fee changes apply to new price quotes only; a payment already open completes at its quoted amount.';

export class TaxRateDto {
  @MaxLength(TAX_LABEL_MAX, { message: `A tax label has at most ${TAX_LABEL_MAX} characters` })
  @IsNotEmpty({ message: 'A tax rate needs a label (GST, HST, Sales tax, VAT...)' })
  @Transform(trim)
  @IsString({ message: 'A tax label must be text' })
  label: string;
  /** The range is checked with a code (taxSettings below); here only that it is a number with at most 3 decimals. */
  @IsNumber(
    { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 3 },
    { message: 'A tax rate must be a percentage with at most 3 decimals' },
  )
  rate: number;
  @IsOptionalNotNull() @IsBoolean({ message: 'compound must be true or false' }) compound?: boolean;
  @IsIn(TAXABLE_KINDS, { each: true, message: `appliesTo holds only ${TAXABLE_KINDS.join(', ')}` })
  @IsArray({ message: 'appliesTo must be a list of kinds of charge' })
  appliesTo: TaxableKind[];
}

export class TaxSettingsDto {
  @IsBoolean({ message: 'pricesIncludeTax must be true or false' }) pricesIncludeTax: boolean;
  @ValidateNested({ each: true })
  @Type(() => TaxRateDto)
  @ArrayMaxSize(MAX_TAX_RATES, { message: `At most ${MAX_TAX_RATES} tax rates` })
  @IsArray({ message: 'rates must be a list of tax rates' })
  rates: TaxRateDto[];
  @IsOptionalNotNull()
  @IsUUID('all', { each: true, message: 'exemptClassIds must be class IDs' })
  @ArrayMaxSize(1000)
  @IsArray({ message: 'exemptClassIds must be a list of class IDs' })
  exemptClassIds?: string[];
}

export class RegistrationFeeDto {
  @MaxLength(100, { message: 'A fee label has at most 100 characters' })
  @IsNotEmpty({ message: 'A registration fee needs a label' })
  @Transform(trim)
  @IsString({ message: 'A fee label must be text' })
  label: string;
  @IsNumber(
    { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 },
    { message: 'A fee amount must be dollars with at most 2 decimals' },
  )
  amount: number;
  @IsIn(['student', 'household'], { message: 'per must be student or household' }) per: 'student' | 'household';
  @IsIn(['term', 'year'], { message: 'period must be term or year' }) period: 'term' | 'year';
}

/**
 * The tax settings as stored, or the coded 400 naming the rate outside 0-100. Checked here rather than by the DTO so
 * the refusal carries a code and the rate's position a client can point at.
 */
export function taxSettings(sent: TaxSettingsDto): TaxSettings {
  sent.rates.forEach((r, index) => {
    if (r.rate < 0 || r.rate > 100)
      throw new OrganizationException(OrganizationError.TaxRateOutOfRange, `The rate of ${r.label} must be from 0 to 100 percent`, {
        field: `rates[${index}].rate`,
        index,
      });
  });
  return {
    pricesIncludeTax: sent.pricesIncludeTax,
    rates: sent.rates.map((r) => ({ label: r.label, rate: r.rate, compound: r.compound === true, appliesTo: [...new Set(r.appliesTo)] })),
    exemptClassIds: [...new Set(sent.exemptClassIds ?? [])],
  };
}

/** The fee as stored; an amount of 0 or less, or above 10000, is the coded 400 (null is sent to remove the fee). */
export function registrationFee(sent: RegistrationFeeDto): RegistrationFee {
  if (sent.amount <= 0 || sent.amount > 10000)
    throw new OrganizationException(OrganizationError.FeeOutOfRange, 'A registration fee must be from $0.01 to $10,000', {
      field: 'amount',
    });
  return { label: sent.label, amount: sent.amount, per: sent.per, period: sent.period };
}
