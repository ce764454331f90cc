import { HttpStatus } from '@nestjs/common';
import { CodedException } from '../../common/http/app-exception';

/** Why a credit (an entitlement of the ledger) was refused: stable codes beside the message. */
export enum CreditError {
  /** No such entitlement in this organization, or not one this person may use (another student's, another household's). */
  NotFound = 'CREDIT_NOT_FOUND',
  /** Its last valid day (in the organization's zone) has passed. */
  Expired = 'CREDIT_EXPIRED',
  /** Its first valid day has not come yet. */
  NotYetValid = 'CREDIT_NOT_YET_VALID',
  /** Nothing (or not enough) left: the last use was taken, possibly a moment ago by a household member. */
  Exhausted = 'CREDIT_EXHAUSTED',
  /** It does not cover this class or session (other classes, another term, drop-ins only). */
  NotEligible = 'CREDIT_NOT_ELIGIBLE',
  /** The organization revoked it. */
  Revoked = 'CREDIT_REVOKED',
  /** This registration already used a credit. */
  AlreadyUsed = 'CREDIT_ALREADY_USED',
  /** An amount that is zero, negative or too large. */
  AmountInvalid = 'CREDIT_AMOUNT_INVALID',
  /** Valid-until before valid-from, or a date that does not exist. */
  ValidityInvalid = 'CREDIT_VALIDITY_INVALID',
  /** Credit moves only between members of one household. */
  NotHousehold = 'CREDIT_NOT_HOUSEHOLD',
  /** A credit pays for one person's seat: a household registration pays otherwise. */
  OnePersonOnly = 'CREDIT_ONE_PERSON',
}

const STATUS: Record<CreditError, HttpStatus> = {
  [CreditError.NotFound]: HttpStatus.NOT_FOUND,
  [CreditError.Expired]: HttpStatus.CONFLICT,
  [CreditError.NotYetValid]: HttpStatus.CONFLICT,
  [CreditError.Exhausted]: HttpStatus.CONFLICT,
  [CreditError.NotEligible]: HttpStatus.CONFLICT,
  [CreditError.Revoked]: HttpStatus.CONFLICT,
  [CreditError.AlreadyUsed]: HttpStatus.CONFLICT,
  [CreditError.AmountInvalid]: HttpStatus.BAD_REQUEST,
  [CreditError.ValidityInvalid]: HttpStatus.BAD_REQUEST,
  [CreditError.NotHousehold]: HttpStatus.BAD_REQUEST,
  [CreditError.OnePersonOnly]: HttpStatus.BAD_REQUEST,
};

export class CreditException extends CodedException<CreditError> {
  constructor(code: CreditError, message: string, details: Record<string, unknown> = {}) {
    super(code, STATUS[code], message, details);
  }
}
