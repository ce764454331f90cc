import type { Language } from '../../common/i18n/languages';
import type { LegalDetails } from './legal-details';
import type { RegistrationFee, TaxSettings } from './tax-settings';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export interface ContactInfo {
  email?: string;
  phone?: string;
  address?: string;
}
interface SocialLinks {
  facebook?: string;
  twitter?: string;
  instagram?: string;
  youtube?: string;
  linkedin?: string;
}
export interface Branding {
  businessName: string;
  logoUrl: string;
  primaryColor: string;
  secondaryColor: string;
  headerBackgroundColor: string;
  headerTextColor: string;
  footerBackgroundColor: string;
  footerTextColor: string;
  slogan: string;
  websiteUrl: string;
  socialLinks: SocialLinks;
}
/** What students get for a cancelled session: nothing, a credit (wave 4's ledger) or a refund of the session's share. */
export const SESSION_CANCEL_REMEDIES = ['nothing', 'credit', 'refund'] as const;
export type SessionCancelRemedy = (typeof SESSION_CANCEL_REMEDIES)[number];
export interface OrganizationSettings {
  discounts: { name: string; value: number }[];
  cancellationPolicies: { daysBeforeClass: number; refundPercentage: number }[];
  notifications: { reminderHours: number; emailEnabled: boolean; smsEnabled: boolean };
  /** IANA zone the reports count days in; absent: the server's zone. */
  timeZone?: string;
  /** Send students 'Your class is on' when a class reaches its minimum at its go/no-go time; absent: off. */
  classConfirmedMessages?: boolean;
  /** Hours a waitlist offer holds its seat; absent: 24. */
  waitlistOfferHours?: number;
  /** Students manage their own registrations in the portal; absent: on. */
  selfService?: boolean;
  /** How many hours before the first session a student may still cancel in the portal; absent: 24. */
  selfServiceCancelHoursBefore?: number;
  /** Students may switch to another class in the portal; absent: on. */
  selfServiceTransfers?: boolean;
  /** What students get for a session the organization cancels (issue 39 §1); absent: nothing. */
  sessionCancelRemedy?: SessionCancelRemedy;
  /** The language of messages to a student whose language is not known, and of the organization's own templates; absent: English. */
  defaultLanguage?: Language;
  /**
   * A student switching a card registration to a dearer class in the portal may leave the difference to pay in person
   * (the switch happens at once, the difference is due at class); absent: off (the difference is paid by card).
   */
  selfServiceTransferDifferenceInPerson?: boolean;
  /**
   * A class that has started still takes registrations, at a price prorated by the sessions left; absent: on (classes
   * took registrations after their start before this setting existed). Off: registration closes at the first session.
   */
  lateRegistration?: boolean;
  /** The automatic discounts the price quote applies (amounts in dollars); absent: none. */
  discountRules?: {
    earlyBird: { kind: 'percent' | 'amount'; value: number; daysBefore: number } | null;
    returning: { kind: 'percent' | 'amount'; value: number } | null;
    senior: { kind: 'percent' | 'amount'; value: number; minAge: number } | null;
    siblings: { kind: 'percent' | 'amount'; value: number } | null;
    combine: 'best' | 'stack';
  };
  /** The origins allowed to frame the organization's booking widget (CSP frame-ancestors); absent: none. */
  embedDomains?: string[];
  /** At a class's opening, people take a place in line and are let in a few at a time; absent: off. */
  waitingRoom?: boolean;
  /** How many people the waiting room lets in per minute; absent: 1800. */
  waitingRoomAdmitPerMinute?: number;
  /** How long after the opening the waiting room stays on, in minutes; absent: 60. */
  waitingRoomMinutes?: number;
  /** The legal name, address and tax ID printed on receipts and statements (legal-details.ts); absent: the name alone. */
  legalDetails?: LegalDetails;
  /** Sales taxes the price quote adds or shows as included (tax-settings.ts); absent: none. */
  taxes?: TaxSettings;
  /** A registration fee charged once per period (tax-settings.ts); absent or null: none. */
  registrationFee?: RegistrationFee | null;
}

/** The longest a waiting room stays on after an opening (minutes): past it no registration needs the organization's settings for it. */
export const WAITING_ROOM_MAX_MINUTES = 480;

/** The opening's waiting room as the organization set it, with its defaults. */
export function waitingRoomRules(s: Partial<OrganizationSettings> | null | undefined) {
  return {
    waitingRoom: s?.waitingRoom === true,
    waitingRoomAdmitPerMinute: s?.waitingRoomAdmitPerMinute ?? 1800,
    waitingRoomMinutes: s?.waitingRoomMinutes ?? 60,
  };
}

/** The organization's waiting room when it is on (how long after an opening, how many let in a minute); null when off. */
export function activeWaitingRoom(s: Partial<OrganizationSettings> | null | undefined): { minutes: number; admitPerMinute: number } | null {
  const rules = waitingRoomRules(s);
  return rules.waitingRoom ? { minutes: rules.waitingRoomMinutes, admitPerMinute: rules.waitingRoomAdmitPerMinute } : null;
}

/** Until when the waiting room of an opening at `opensAt` is on: null when the organization has it off or there is no opening. */
export function waitingRoomUntil(opensAt: Date | null, s: Partial<OrganizationSettings> | null | undefined): Date | null {
  const rules = waitingRoomRules(s);
  return opensAt && rules.waitingRoom ? new Date(new Date(opensAt).getTime() + rules.waitingRoomMinutes * 60_000) : null;
}

/** The student portal's rules as the organization set them, with their defaults. */
export function selfServiceRules(s: Partial<OrganizationSettings> | null | undefined) {
  return {
    selfService: s?.selfService !== false,
    selfServiceCancelHoursBefore: s?.selfServiceCancelHoursBefore ?? 24,
    selfServiceTransfers: s?.selfServiceTransfers !== false,
    selfServiceTransferDifferenceInPerson: s?.selfServiceTransferDifferenceInPerson === true,
  };
}

@Entity('organizations')
export class OrganizationEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'text', nullable: true }) domain: string | null;
  @Column({ name: 'contact_info', type: 'jsonb' }) contactInfo: ContactInfo;
  @Column({ type: 'jsonb' }) branding: Branding;
  @Column({ type: 'jsonb' }) settings: OrganizationSettings;
  @Column({ name: 'plan_id', type: 'text' }) planId: string;
  @Column({ name: 'subscription_status', type: 'text' }) subscriptionStatus: string;
  /**
   * Bumped by database triggers whenever the organization's questions, waivers, templates or webhook endpoints change
   * (in the writer's transaction): in-process copies of those are used only while read under the same number. Never
   * written from here, so saving an entity read earlier cannot put an old number back.
   */
  @Column({ name: 'config_version', type: 'bigint', insert: false, update: false }) configVersion: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}

export const mapOrganization = (o: OrganizationEntity) => ({
  id: o.id,
  name: o.name,
  domain: o.domain,
  contactInfo: o.contactInfo,
  branding: o.branding,
  settings: o.settings,
  planId: o.planId,
  subscriptionStatus: o.subscriptionStatus,
  createdAt: o.createdAt,
  updatedAt: o.updatedAt,
});

/** What anyone may see of an organization (public pages). */
export const mapPublicOrganization = (o: OrganizationEntity) => ({
  id: o.id,
  name: o.name,
  contactInfo: o.contactInfo,
  branding: o.branding,
});
