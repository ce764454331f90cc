import { HttpStatus } from '@nestjs/common';
import { CodedException } from '../../common/http/app-exception';

/** Why a card payment could not be started or confirmed: stable codes clients can branch on (beside the message). */
export enum PaymentError {
  /** The platform takes no card payments (Stripe is not configured): pay in person. */
  CardPaymentsUnavailable = 'CARD_PAYMENTS_UNAVAILABLE',
  /** The organization's Stripe account cannot take charges yet: pay in person. */
  CardPaymentsNotSetUp = 'CARD_PAYMENTS_NOT_SET_UP',
  /** The class's price changed since the page was loaded (`amount`: the price now). */
  PriceChanged = 'PRICE_CHANGED',
  /** The price is below Stripe's $0.50 minimum of a card payment: pay in person. */
  BelowCardMinimum = 'BELOW_CARD_MINIMUM',
  /** The seat was taken but Stripe could not open the payment: nothing was registered. */
  ReserveFailed = 'RESERVE_FAILED',
  /** Stripe's answer could not be read; try again. */
  ProviderNotReady = 'PROVIDER_NOT_READY',
  /** No payment of this registration has that id. */
  PaymentNotFound = 'PAYMENT_NOT_FOUND',
  /** The payment does not belong to this registration (another class, amount or account). */
  PaymentMismatch = 'PAYMENT_MISMATCH',
  /** The payment has not succeeded (`paymentIntentStatus` says where it is). */
  PaymentNotCompleted = 'PAYMENT_NOT_COMPLETED',
  /** The class filled up before the payment arrived, which was refunded in full. */
  LatePaymentRefunded = 'LATE_PAYMENT_REFUNDED',
  /** The seat held for a switch's difference was released before the payment arrived, which was refunded in full. */
  TopUpRefunded = 'TOP_UP_REFUNDED',
  /** A switch to a dearer class of a card payment: the difference (`differenceAmount`) is paid by card first. */
  TransferNeedsPayment = 'TRANSFER_NEEDS_PAYMENT',
}

const STATUS: Record<PaymentError, HttpStatus> = {
  [PaymentError.CardPaymentsUnavailable]: HttpStatus.SERVICE_UNAVAILABLE,
  [PaymentError.CardPaymentsNotSetUp]: HttpStatus.FORBIDDEN,
  [PaymentError.PriceChanged]: HttpStatus.CONFLICT,
  [PaymentError.BelowCardMinimum]: HttpStatus.CONFLICT,
  [PaymentError.ReserveFailed]: HttpStatus.BAD_GATEWAY,
  [PaymentError.ProviderNotReady]: HttpStatus.BAD_GATEWAY,
  [PaymentError.PaymentNotFound]: HttpStatus.NOT_FOUND,
  [PaymentError.PaymentMismatch]: HttpStatus.CONFLICT,
  [PaymentError.PaymentNotCompleted]: HttpStatus.CONFLICT,
  [PaymentError.LatePaymentRefunded]: HttpStatus.CONFLICT,
  [PaymentError.TopUpRefunded]: HttpStatus.CONFLICT,
  [PaymentError.TransferNeedsPayment]: HttpStatus.CONFLICT,
};

/** A card payment rule or the provider said no: the status follows from the code, the details go into the envelope. */
export class PaymentException extends CodedException<PaymentError> {
  constructor(code: PaymentError, message: string, details: Record<string, unknown> = {}) {
    super(code, STATUS[code], message, details);
  }
}

/** The refusals whose words never change, with those words (the public site shows them as they are). */
const MESSAGE = {
  /** Spec 2 §8's own text. */
  [PaymentError.CardPaymentsUnavailable]: "Credit card payments are not available. Please select 'Pay in Person at Class'.",
  /** The public site maps its code to its in-person-only message (spec 2 §8: the server's 'subscription' refusals). */
  [PaymentError.CardPaymentsNotSetUp]: "Card payments are not set up for this organization's subscription yet.",
  [PaymentError.BelowCardMinimum]:
    "This class's price is below the $0.50 minimum of a card payment. Please select 'Pay in Person at Class'.",
  [PaymentError.ReserveFailed]: 'Failed to reserve spot. Please try again.',
  [PaymentError.ProviderNotReady]: 'Payment system not ready. Please try again.',
  [PaymentError.PaymentNotFound]: 'Payment not found for this registration.',
  [PaymentError.PaymentMismatch]: 'This payment does not match this registration.',
  [PaymentError.PaymentNotCompleted]: 'Payment was not completed. Please try again.',
} satisfies Partial<Record<PaymentError, string>>;

/** Refusals after which the public site offers paying in person instead (the envelope says `cardPaymentsUnavailable`). */
const IN_PERSON_INSTEAD = new Set<PaymentError>([
  PaymentError.CardPaymentsUnavailable,
  PaymentError.CardPaymentsNotSetUp,
  PaymentError.BelowCardMinimum,
]);

/** A refusal whose words follow from its code; `details` (e.g. the PaymentIntent's status) go into the envelope. */
export function paymentRefused(code: keyof typeof MESSAGE, details: Record<string, unknown> = {}): PaymentException {
  return new PaymentException(code, MESSAGE[code], IN_PERSON_INSTEAD.has(code) ? { cardPaymentsUnavailable: true, ...details } : details);
}
