/** What an organization sells on the credits ledger (issue 41 §2), as the module's services see it. */

/** A pack of N uses, a membership (uses per period or unlimited), account credit (a gift of cents). */
export const PRODUCT_KINDS = ['pack', 'membership', 'account_credit'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** What the product's uses buy: every class, the listed classes, drop-in sessions only (of the listed classes, if any). */
export const PRODUCT_SCOPES = ['all', 'classes', 'drop_ins'] as const;
export type ProductScope = (typeof PRODUCT_SCOPES)[number];

export const MEMBERSHIP_PERIODS = ['month', 'year'] as const;
export type MembershipPeriod = (typeof MEMBERSHIP_PERIODS)[number];

export interface CreditProduct {
  id: string;
  organizationId: string;
  kind: ProductKind;
  name: string;
  description: string | null;
  priceCents: number;
  /** Pack: its uses; membership: uses per period, null = unlimited; account credit: null. */
  uses: number | null;
  /** Account credit: the cents of credit a sale gives. */
  creditCents: number | null;
  /** Pack: days it stays valid from the day of the sale (null: no expiry). */
  validityDays: number | null;
  period: MembershipPeriod | null;
  scope: ProductScope;
  scopeClassIds: string[];
  soldOnline: boolean;
  /** Once per person (by email), whatever the channel. */
  introOffer: boolean;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export type SaleChannel = 'card' | 'in_person';
export type SaleStatus = 'pending' | 'paid' | 'cancelled';

export interface CreditSale {
  id: string;
  organizationId: string;
  productId: string;
  studentId: string | null;
  buyerEmail: string;
  /** The buyer's fields as given at a card checkout (the student is found or added when the payment is confirmed). */
  buyer: { firstName?: string; lastName?: string; email?: string; phone?: string; communicationOptIn?: boolean };
  channel: SaleChannel;
  status: SaleStatus;
  amountCents: number;
  platformFeeCents: number;
  intro: boolean;
  stripePaymentIntentId: string | null;
  stripeChargeId: string | null;
  /** A card membership's payer as a Stripe Customer of this organization (the renewals charge its saved method). */
  stripeCustomerId: string | null;
  entitlementId: string | null;
  markedByUserId: string | null;
  paidAt: Date | null;
  createdAt: Date;
}

/** The fields written for a product (the service has checked them). */
export type ProductFields = Omit<CreditProduct, 'id' | 'organizationId' | 'createdAt' | 'updatedAt'>;
