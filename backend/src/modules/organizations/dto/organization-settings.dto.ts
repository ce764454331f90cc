import { type Language, LANGUAGES } from '../../../common/i18n/languages';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { ApiProperty } from '@nestjs/swagger';
import { IsOptionalNotNull } from '../../../common/http/optional';
import { IsIanaTimeZone } from '../../../common/time-zone';
import { IsCancellationPolicy, MAX_CANCELLATION_TIERS } from '../../../common/cancellation-policy';
import { NestedObject, WholeNumber } from '../../../common/dto/fields';
import { ApiExtendsParent } from '../../../common/openapi/schema-extends';
import { IsEmbedOrigins, MAX_EMBED_DOMAINS, normalizeEmbedDomains } from '../embed-origin';
import {
  SESSION_CANCEL_REMEDIES,
  WAITING_ROOM_MAX_MINUTES,
  type OrganizationSettings,
  type SessionCancelRemedy,
} from '../organization.entity';
import { discountRules, DiscountRulesDto } from './discount-rules.dto';
import { legalDetails, LegalDetailsDto } from '../legal-details';
import { registrationFee, RegistrationFeeDto, taxSettings, TaxSettingsDto } from '../tax-settings';

/**
 * One discount, a percentage off (0-100). Stored for the organization; no price applies them yet (see
 * docs/decisions/settings-server-discounts.md). The type check is the bottom decorator: class-validator reports it first.
 */
export class DiscountDto {
  @MaxLength(100, { message: 'A discount name has at most 100 characters' })
  @IsNotEmpty({ message: 'A discount needs a name' })
  @IsString({ message: 'A discount name must be text' })
  name: string;
  @WholeNumber(0, 100, 'A discount must be a whole percentage from 0 to 100')
  value: number;
}

/** One tier of the cancellation policy (common/cancellation-policy.ts says how refunds follow it). */
export class CancellationPolicyDto {
  @WholeNumber(0, 365, 'Deadline days must be a whole number from 0 to 365')
  daysBeforeClass: number;
  @WholeNumber(0, 100, 'Refund percentage must be a whole number from 0 to 100')
  refundPercentage: number;
}

/** Class reminders: sent `reminderHours` before each session, by email and/or SMS. */
export class NotificationsDto {
  @WholeNumber(1, 168, 'Reminder hours must be a whole number from 1 to 168 (one week)')
  reminderHours: number;
  @IsBoolean({ message: 'emailEnabled must be true or false' }) emailEnabled: boolean;
  @IsBoolean({ message: 'smsEnabled must be true or false' }) smsEnabled: boolean;
}

/**
 * Every setting of an organization but its discount list, with its one validation: PUT /api/settings and the
 * `settings` of POST /api/organizations and PUT /api/organizations/{id} take this same object, any part of it, and
 * merge it the same way (`mergeSettings`). Only `discounts` differs by route (see the two DTOs below), so a setting
 * added here reaches both routes at once.
 */
export class SettingsDto {
  @IsOptionalNotNull()
  @IsCancellationPolicy()
  @ValidateNested({ each: true })
  @Type(() => CancellationPolicyDto)
  @ArrayMaxSize(MAX_CANCELLATION_TIERS, { message: `A cancellation policy has at most ${MAX_CANCELLATION_TIERS} tiers` })
  @IsArray({ message: 'cancellationPolicies must be a list of tiers' })
  cancellationPolicies?: CancellationPolicyDto[];
  @IsOptionalNotNull()
  @NestedObject(() => NotificationsDto, 'notifications must be an object')
  notifications?: NotificationsDto;
  @IsOptionalNotNull() @IsIanaTimeZone() timeZone?: string;
  /** How long a waitlist offer holds its seat; absent: 24. */
  @IsOptionalNotNull()
  @IsInt({ message: 'waitlistOfferHours must be a whole number of hours' })
  @Min(1, { message: 'waitlistOfferHours must be between 1 and 168' })
  @Max(168, { message: 'waitlistOfferHours must be between 1 and 168' })
  waitlistOfferHours?: number;
  @IsOptionalNotNull() @IsBoolean({ message: 'classConfirmedMessages must be true or false' }) classConfirmedMessages?: boolean;
  /** What students get for a session the organization cancels; absent: nothing. */
  @IsOptionalNotNull()
  @IsIn(SESSION_CANCEL_REMEDIES, { message: 'sessionCancelRemedy must be nothing, credit or refund' })
  sessionCancelRemedy?: SessionCancelRemedy;
  /** The language of the organization's messages to a student whose language is not known, and of its own templates. */
  @IsOptionalNotNull()
  @IsIn(LANGUAGES, { message: 'defaultLanguage must be one of: en, es, fr' })
  defaultLanguage?: Language;
  /** The student portal (students manage their registrations by an emailed link); absent: on. */
  @IsOptionalNotNull() @IsBoolean({ message: 'selfService must be true or false' }) selfService?: boolean;
  @IsOptionalNotNull()
  @IsInt({ message: 'selfServiceCancelHoursBefore must be a whole number of hours from 0 to 720' })
  @Min(0, { message: 'selfServiceCancelHoursBefore must be a whole number of hours from 0 to 720' })
  @Max(720, { message: 'selfServiceCancelHoursBefore must be a whole number of hours from 0 to 720' })
  selfServiceCancelHoursBefore?: number;
  @IsOptionalNotNull() @IsBoolean({ message: 'selfServiceTransfers must be true or false' }) selfServiceTransfers?: boolean;
  @IsOptionalNotNull()
  @IsBoolean({ message: 'selfServiceTransferDifferenceInPerson must be true or false' })
  selfServiceTransferDifferenceInPerson?: boolean;
  /** The automatic discounts the price quote applies (early bird, returning, senior, siblings). */
  @IsOptionalNotNull()
  @NestedObject(() => DiscountRulesDto, 'discountRules must be an object with earlyBird, returning, senior, siblings and combine')
  discountRules?: DiscountRulesDto;
  /** The sites (HTTPS origins) allowed to show the organization's booking widget in a frame; absent: none. */
  @IsOptionalNotNull()
  @Transform(normalizeEmbedDomains)
  @IsEmbedOrigins()
  @ArrayMaxSize(MAX_EMBED_DOMAINS, { message: `embedDomains holds at most ${MAX_EMBED_DOMAINS} sites` })
  @IsArray({ message: 'embedDomains must be a list of HTTPS origins' })
  embedDomains?: string[];
  /** A class that has started takes registrations, prorated by the sessions left (absent from the settings: on). */
  @IsOptionalNotNull() @IsBoolean({ message: 'lateRegistration must be true or false' }) lateRegistration?: boolean;
  /** At a class's opening, people take a place in line and are let in a few at a time (absent from the settings: off). */
  @IsOptionalNotNull() @IsBoolean({ message: 'waitingRoom must be true or false' }) waitingRoom?: boolean;
  /** How many people the waiting room lets in per minute. */
  @IsOptionalNotNull()
  @Max(60000, { message: 'waitingRoomAdmitPerMinute must be a whole number from 30 to 60000' })
  @Min(30, { message: 'waitingRoomAdmitPerMinute must be a whole number from 30 to 60000' })
  @IsInt({ message: 'waitingRoomAdmitPerMinute must be a whole number from 30 to 60000' })
  waitingRoomAdmitPerMinute?: number;
  /** How long after the opening the waiting room stays on, in minutes. */
  @IsOptionalNotNull()
  @Max(WAITING_ROOM_MAX_MINUTES, { message: `waitingRoomMinutes must be a whole number from 5 to ${WAITING_ROOM_MAX_MINUTES}` })
  @Min(5, { message: `waitingRoomMinutes must be a whole number from 5 to ${WAITING_ROOM_MAX_MINUTES}` })
  @IsInt({ message: `waitingRoomMinutes must be a whole number from 5 to ${WAITING_ROOM_MAX_MINUTES}` })
  waitingRoomMinutes?: number;
  /** The legal name, address and tax ID receipts and statements print (lengths checked with a code: legal-details.ts). */
  @IsOptionalNotNull()
  @NestedObject(() => LegalDetailsDto, 'legalDetails must be an object with legalName, address, taxIdLabel and taxId')
  legalDetails?: LegalDetailsDto;
  /** Sales taxes: rates, what each applies to, inclusive or exclusive prices, exempt classes (range checked with a code). */
  @IsOptionalNotNull()
  @NestedObject(() => TaxSettingsDto, 'taxes must be an object with pricesIncludeTax, rates and exemptClassIds')
  taxes?: TaxSettingsDto;
  /** A registration fee once per period per student or household; null removes it. */
  @ApiProperty({ type: RegistrationFeeDto, nullable: true, required: false })
  @ValidateIf((_, v) => v !== null && v !== undefined)
  @NestedObject(() => RegistrationFeeDto, 'registrationFee must be an object with label, amount, per and period, or null')
  registrationFee?: RegistrationFeeDto | null;
}

/**
 * The settings as the organization routes take them (and as they are stored and read back): every setting, the
 * discounts as their stored list. PUT /api/settings takes the same settings with the settings screen's three named
 * discounts instead (settings/dto/settings.dto.ts).
 */
@ApiExtendsParent()
export class OrganizationSettingsDto extends SettingsDto {
  @IsOptionalNotNull() @IsArray() @ArrayMaxSize(20) @ValidateNested({ each: true }) @Type(() => DiscountDto) discounts?: DiscountDto[];
}

type Settings = Required<OrganizationSettingsDto>;

/**
 * How each setting is stored: only the known fields of a nested object, embed sites once each. A mapped type over
 * the DTO, so a setting added to it does not compile until it is said here how it is stored.
 */
const STORED: { [K in keyof Settings]: (value: Settings[K]) => OrganizationSettings[K] } = {
  cancellationPolicies: (tiers) => tiers.map((t) => ({ daysBeforeClass: t.daysBeforeClass, refundPercentage: t.refundPercentage })),
  discounts: (list) => list.map((d) => ({ name: d.name, value: d.value })),
  notifications: ({ reminderHours, emailEnabled, smsEnabled }) => ({ reminderHours, emailEnabled, smsEnabled }),
  timeZone: (v) => v,
  waitlistOfferHours: (v) => v,
  classConfirmedMessages: (v) => v,
  sessionCancelRemedy: (v) => v,
  defaultLanguage: (v) => v,
  selfService: (v) => v,
  selfServiceCancelHoursBefore: (v) => v,
  selfServiceTransfers: (v) => v,
  selfServiceTransferDifferenceInPerson: (v) => v,
  discountRules: (rules) => discountRules(rules),
  embedDomains: (sites) => [...new Set(sites)],
  lateRegistration: (v) => v,
  waitingRoom: (v) => v,
  waitingRoomAdmitPerMinute: (v) => v,
  waitingRoomMinutes: (v) => v,
  legalDetails: (d) => legalDetails(d),
  taxes: (t) => taxSettings(t),
  registrationFee: (f) => (f ? registrationFee(f) : null),
};

/** The name of every setting, in the order messages list them. */
export const SETTING_NAMES = Object.keys(STORED) as (keyof Settings)[];

/** The settings with the ones sent replacing theirs (each a whole group: a nested object is not merged field by field). */
export function mergeSettings(current: OrganizationSettings, sent: OrganizationSettingsDto): OrganizationSettings {
  const next: Record<string, unknown> = { ...current };
  for (const name of SETTING_NAMES) {
    const value = sent[name];
    if (value !== undefined) next[name] = (STORED[name] as (v: unknown) => unknown)(value);
  }
  return next as unknown as OrganizationSettings;
}
