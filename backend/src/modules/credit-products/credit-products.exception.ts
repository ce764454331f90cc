import { HttpStatus } from '@nestjs/common';
import { CodedException } from '../../common/http/app-exception';

/** Why a product or a sale of one was refused: stable codes beside the message. */
export enum CreditProductError {
  /** No such product in this organization (or, on the public site, not one sold online now). */
  NotFound = 'CREDIT_PRODUCT_NOT_FOUND',
  /** The fields do not fit the kind (a pack without uses, a membership without a period, credit without an amount). */
  Invalid = 'CREDIT_PRODUCT_INVALID',
  /** An eligible class that is not this organization's. */
  ClassNotFound = 'CREDIT_PRODUCT_CLASS_NOT_FOUND',
  /** It was sold already: it can be retired (active false), not deleted. */
  Sold = 'CREDIT_PRODUCT_SOLD',
  /** The product is retired (not sold any more). */
  Inactive = 'CREDIT_PRODUCT_INACTIVE',
  /** The amount the page showed is not the product's price now. */
  PriceChanged = 'CREDIT_PRODUCT_PRICE_CHANGED',
  /** An intro offer this person already bought (or is buying). */
  IntroOfferUsed = 'CREDIT_PRODUCT_INTRO_USED',
  /** This kind is not sold here yet (memberships are sold through their own route). */
  KindNotSold = 'CREDIT_PRODUCT_KIND_NOT_SOLD',
  /** No such student in this organization. */
  StudentNotFound = 'CREDIT_SALE_STUDENT_NOT_FOUND',
  /** No such sale in this organization. */
  SaleNotFound = 'CREDIT_SALE_NOT_FOUND',
  /** The sale is paid or cancelled already. */
  SaleNotPending = 'CREDIT_SALE_NOT_PENDING',
  /** A card sale is paid by card only (Stripe confirms it), never marked paid by hand. */
  SaleIsCard = 'CREDIT_SALE_IS_CARD',
  /** Card payments are not available (no payment provider, or the organization's account cannot take charges). */
  CardUnavailable = 'CREDIT_SALE_CARD_UNAVAILABLE',
  /** A price under the card minimum (50 cents): sold in person only. */
  BelowCardMinimum = 'CREDIT_SALE_BELOW_CARD_MINIMUM',
}

const STATUS: Record<CreditProductError, HttpStatus> = {
  [CreditProductError.NotFound]: HttpStatus.NOT_FOUND,
  [CreditProductError.Invalid]: HttpStatus.BAD_REQUEST,
  [CreditProductError.ClassNotFound]: HttpStatus.BAD_REQUEST,
  [CreditProductError.Sold]: HttpStatus.CONFLICT,
  [CreditProductError.Inactive]: HttpStatus.CONFLICT,
  [CreditProductError.PriceChanged]: HttpStatus.CONFLICT,
  [CreditProductError.IntroOfferUsed]: HttpStatus.CONFLICT,
  [CreditProductError.KindNotSold]: HttpStatus.CONFLICT,
  [CreditProductError.StudentNotFound]: HttpStatus.NOT_FOUND,
  [CreditProductError.SaleNotFound]: HttpStatus.NOT_FOUND,
  [CreditProductError.SaleNotPending]: HttpStatus.CONFLICT,
  [CreditProductError.SaleIsCard]: HttpStatus.CONFLICT,
  [CreditProductError.CardUnavailable]: HttpStatus.SERVICE_UNAVAILABLE,
  [CreditProductError.BelowCardMinimum]: HttpStatus.CONFLICT,
};

export class CreditProductException extends CodedException<CreditProductError> {
  constructor(code: CreditProductError, message: string, details: Record<string, unknown> = {}) {
    super(code, STATUS[code], message, details);
  }
}
