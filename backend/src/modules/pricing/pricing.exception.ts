import { HttpStatus } from '@nestjs/common';
import { CodedException } from '../../common/http/app-exception';

/** Why a promo code or a price was refused: stable codes clients can branch on (beside the message). */
export enum PricingError {
  /** The promo code sent does not apply (expired, another class, used up, ...): the message says why. */
  PromoCodeRefused = 'PROMO_CODE_REFUSED',
  /** Another promo code of the organization already has this code (whatever its case). */
  PromoCodeTaken = 'PROMO_CODE_TAKEN',
  /** The period's registration fee was charged to another registration since the quote: ask for a new quote. */
  RegistrationFeeChanged = 'REGISTRATION_FEE_CHANGED',
}

const STATUS: Record<PricingError, HttpStatus> = {
  [PricingError.PromoCodeRefused]: HttpStatus.CONFLICT,
  [PricingError.PromoCodeTaken]: HttpStatus.CONFLICT,
  [PricingError.RegistrationFeeChanged]: HttpStatus.CONFLICT,
};

export class PricingException extends CodedException<PricingError> {
  constructor(code: PricingError, message: string, details: Record<string, unknown> = {}) {
    super(code, STATUS[code], message, details);
  }
}

/** The texts a student reads next to the 'Promo code' field (the first three are the product's quoted texts). */
export const PROMO_EXPIRED = 'This code has expired';
export const PROMO_OTHER_CLASS = 'This code is not valid for this class';
export const PROMO_USED_UP = 'This code has been used up';
export const PROMO_UNKNOWN = 'This code is not valid';
export const PROMO_NOT_YET = 'This code is not valid yet';
export const PROMO_USED_BY_EMAIL = 'This code has already been used with this email';
export const PROMO_TAKEN = 'A promo code with this code already exists';
export const FEE_CHANGED = 'The registration fee for this period was just charged with another registration; please review the new price';
export const FEE_RELEASED =
  'The registration fee for this period was just given back with a cancelled registration; please review the new price';
