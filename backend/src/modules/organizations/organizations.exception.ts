import { HttpStatus } from '@nestjs/common';
import { CodedException } from '../../common/http/app-exception';

/** Why an organization's settings were refused: stable codes clients can branch on (beside the message). */
export enum OrganizationError {
  /** The legal name, address or tax ID label is longer than its field (`field`, `maxLength` in the reply). */
  LegalDetailTooLong = 'LEGAL_DETAIL_TOO_LONG',
  /** The tax ID is longer than its kind allows (EIN 10, BN 17, VAT number 17, any other label 40; `maxLength` in the reply). */
  TaxIdTooLong = 'TAX_ID_TOO_LONG',
  /** A tax rate is outside 0-100 percent (`field`, `index` in the reply). */
  TaxRateOutOfRange = 'TAX_RATE_OUT_OF_RANGE',
  /** A registration fee is not from $0.01 to $10,000. */
  FeeOutOfRange = 'FEE_OUT_OF_RANGE',
}

const STATUS: Record<OrganizationError, HttpStatus> = {
  [OrganizationError.LegalDetailTooLong]: HttpStatus.BAD_REQUEST,
  [OrganizationError.TaxIdTooLong]: HttpStatus.BAD_REQUEST,
  [OrganizationError.TaxRateOutOfRange]: HttpStatus.BAD_REQUEST,
  [OrganizationError.FeeOutOfRange]: HttpStatus.BAD_REQUEST,
};

/** An organization rule said no: the status follows from the code, the details go into the failure envelope. */
export class OrganizationException extends CodedException<OrganizationError> {
  constructor(code: OrganizationError, message: string, details: Record<string, unknown> = {}) {
    super(code, STATUS[code], message, details);
  }
}
