import type { Language, Localized } from '../../common/i18n/languages';
import type { ClassEntity } from '../classes/class.entity';
import type { OrganizationEntity } from '../organizations/organization.entity';
export type Channel = 'email' | 'sms';
export type RecipientType = 'student' | 'user';
export type MessageKind =
  | 'manual'
  | 'reminder'
  | 'confirmation'
  | 'receipt'
  | 'refund'
  | 'rating'
  | 'system'
  // The go/no-go decision: to the students, and to the organization's admins when below the minimum.
  | 'class_confirmed'
  | 'class_cancelled'
  | 'class_below_minimum'
  // The waitlist: the place on the list with a leave link, and a held seat's offer.
  | 'waitlist_joined'
  | 'waitlist_offer'
  // A term's early-access invitation to returning students: it sells the term, so it is not transactional.
  | 'early_access';
/** The kinds written from a template (the organization's own or the built-in one); the others are written in full by their sender. */
export type TemplatedKind = Exclude<MessageKind, 'manual' | 'system' | 'early_access'>;
export type MessageStatus = 'pending' | 'sending' | 'sent' | 'delivered' | 'failed' | 'cancelled' | 'skipped';

/**
 * Kinds that always go (spec 2 §9's monthly cap and the opt-in do not apply): the student asked for them. A rating
 * request was not asked for: it carries List-Unsubscribe and counts toward the cap, like a reminder.
 */
export const TRANSACTIONAL_KINDS: MessageKind[] = [
  'confirmation',
  'receipt',
  'refund',
  'system',
  // About a class the student registered for (or the admin's own class): never capped, never opted out of.
  'class_confirmed',
  'class_cancelled',
  'class_below_minimum',
  // Asked for by joining the waitlist.
  'waitlist_joined',
  'waitlist_offer',
];
/** Terms (spec 2 §9): at most this many non-transactional messages a month to one student, across channels. */
export const MONTHLY_CAP = 5;
export const OUTCOME_UNKNOWN = 'outcome unknown';

export interface Attachment {
  filename: string;
  type: string;
  /** base64 */
  content: string;
}

/** Who a message went to, as they were when it was queued. */
export interface RecipientSnapshot {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
}

export interface CommunicationRow {
  id: string;
  organizationId: string;
  recipientType: RecipientType;
  recipientId: string;
  recipient: RecipientSnapshot;
  channel: Channel;
  toAddress: string;
  subject: string | null;
  message: string;
  html: string | null;
  attachments: Attachment[];
  templateId: string | null;
  kind: MessageKind;
  status: MessageStatus;
  statusReason: string | null;
  scheduledAt: Date;
  nextAttemptAt: Date;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  provider: string | null;
  providerMessageId: string | null;
  errorCode: string | null;
  dedupeKey: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** An outbox row as a sender writes it: the rest (status, attempts, times) the table fills in. */
export type NewCommunication = Pick<
  CommunicationRow,
  'organizationId' | 'recipientType' | 'recipientId' | 'recipient' | 'channel' | 'toAddress' | 'subject' | 'message' | 'kind'
> &
  Partial<Pick<CommunicationRow, 'html' | 'attachments' | 'templateId' | 'scheduledAt' | 'maxAttempts' | 'dedupeKey'>> & {
    createdBy?: string | null;
  };

/** The people of a registration, as the registering code has them (nothing is read back from the students table). */
export interface RegistrationMessageInput {
  organizationId: string;
  enrollmentId: string;
  classId: string;
  studentId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  /** The recipient's language when the caller has it (undefined: read from the student; null: the organization's default). */
  language?: Language | null;
  /** A household registration: everyone registered, listed in the one confirmation to the contact. */
  attendees?: { firstName: string; lastName: string }[];
  /** The price quote's lines kept on the enrollment (dollars, discounts negative): listed when something came off. */
  priceLines?: { label: string; amount: number }[] | null;
  /** The class and organization as the registering code read them in this transaction (not read again). */
  read?: { cls: ClassEntity; org: OrganizationEntity };
}

export interface PaymentMessageInput extends RegistrationMessageInput {
  /** A stable id of the payment (the PaymentIntent id): one receipt per payment. */
  paymentReference: string;
  amountCents: number;
}

export interface RefundMessageInput extends RegistrationMessageInput {
  /** The refund's own id (refunds.id or the Stripe refund id): one notice per refund. */
  refundReference: string;
  refundCents: number;
}

/** The 'How was {className}?' request to one student of a class that has just ended. */
export type RatingMessageInput = Omit<RegistrationMessageInput, 'enrollmentId'>;

/** An email to a student that its sender writes in full (no organization template). */
export interface WrittenEmail {
  organizationId: string;
  studentId: string;
  recipient: { firstName: string; lastName: string; email: string; phone: string | null };
  /** A function of the language when the sender writes each one (issue 42): the recipient's language is used. */
  subject: Localized<string>;
  message: Localized<string>;
  /**
   * Written where `message` has {{link}}: its address in the text part, `label` as a link in the HTML part. The
   * address may depend on the language too (a page that opens in the message's language: `?lang=`).
   */
  link?: { url: Localized<string>; label: Localized<string> };
  /** Further links, each written where `message` has {{<name>}} (names of letters and digits), like `link`. */
  links?: { name: string; url: string; label: Localized<string> }[];
  dedupeKey: string;
  /** The recipient's language when the sender knows it (undefined: read from the student; null: the organization's default). */
  language?: Language | null;
}
