import { HttpStatus } from '@nestjs/common';
import { CodedException } from '../../common/http/app-exception';

/** Why a change to a membership (cancel at period end, freeze, renew now, a renewal marked paid) was refused. */
export enum MembershipError {
  /** No such membership in this organization (or, in the portal, of this person). */
  NotFound = 'MEMBERSHIP_NOT_FOUND',
  /** The membership is cancelled or lapsed: nothing about it can change any more. */
  Ended = 'MEMBERSHIP_ENDED',
  /** A freeze whose first day is before today in the organization's zone. */
  FreezeInPast = 'MEMBERSHIP_FREEZE_IN_PAST',
  /** A freeze whose last day is before its first, or longer than a year. */
  FreezeInvalid = 'MEMBERSHIP_FREEZE_INVALID',
  /** Its period has not ended: there is no renewal to charge or mark paid yet. */
  NotDue = 'MEMBERSHIP_RENEWAL_NOT_DUE',
  /** Another admin (or the renewal job) is charging this renewal right now. */
  RenewalInProgress = 'MEMBERSHIP_RENEWAL_IN_PROGRESS',
  /** Renew now charges a saved card: this membership is paid in person (mark its renewal paid instead), or has no saved method. */
  NoSavedMethod = 'MEMBERSHIP_NO_SAVED_METHOD',
  /** A card membership's renewal is paid by card (renew now), never marked paid by hand. */
  RenewalIsCard = 'MEMBERSHIP_RENEWAL_IS_CARD',
  /** Card payments are not available right now (no Stripe key, the organization cannot take charges, no answer). */
  CardUnavailable = 'MEMBERSHIP_CARD_UNAVAILABLE',
}

const STATUS: Record<MembershipError, HttpStatus> = {
  [MembershipError.NotFound]: HttpStatus.NOT_FOUND,
  [MembershipError.Ended]: HttpStatus.CONFLICT,
  [MembershipError.FreezeInPast]: HttpStatus.BAD_REQUEST,
  [MembershipError.FreezeInvalid]: HttpStatus.BAD_REQUEST,
  [MembershipError.NotDue]: HttpStatus.CONFLICT,
  [MembershipError.RenewalInProgress]: HttpStatus.CONFLICT,
  [MembershipError.NoSavedMethod]: HttpStatus.CONFLICT,
  [MembershipError.RenewalIsCard]: HttpStatus.CONFLICT,
  [MembershipError.CardUnavailable]: HttpStatus.SERVICE_UNAVAILABLE,
};

export class MembershipException extends CodedException<MembershipError> {
  constructor(code: MembershipError, message: string, details: Record<string, unknown> = {}) {
    super(code, STATUS[code], message, details);
  }
}
