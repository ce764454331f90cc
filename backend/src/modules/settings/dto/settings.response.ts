import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ORG_ID } from '../../../common/openapi/common.responses';
import { DiscountRulesDto } from '../../organizations/dto/discount-rules.dto';
import { CancellationPolicyDto, DiscountDto, NotificationsDto } from '../../organizations/dto/organization-settings.dto';
import { TAXABLE_KINDS } from '../../organizations/tax-settings';
import { BrandingResponseDto, ContactInfoResponseDto } from '../../organizations/dto/organization.response';

export class AdminProfileResponseDto {
  @ApiProperty({ example: 'Alex' }) firstName: string;
  @ApiProperty({ example: 'Rivera' }) lastName: string;
  @ApiProperty({ format: 'email', example: 'admin@demo.classlane.test' }) email: string;
  @ApiProperty({ example: '5595550110' }) phone: string;
  @ApiProperty({ example: '' }) profilePicture: string;
}

class DerivedDiscountsDto {
  @ApiProperty({ type: 'number', nullable: true, example: null }) earlyBird: number | null;
  @ApiProperty({ type: 'number', nullable: true, example: null }) senior: number | null;
  @ApiProperty({ type: 'number', nullable: true, example: null }) returning: number | null;
}

class DerivedCancellationDto {
  @ApiProperty({ type: 'number', nullable: true, example: null }) deadlineDays: number | null;
  @ApiProperty({ type: 'number', nullable: true, example: null }) refundPercentage: number | null;
}

/** Values the settings screens show, computed from the stored lists. */
class DerivedSettingsDto {
  @ApiProperty({ type: DerivedDiscountsDto }) discounts: DerivedDiscountsDto;
  @ApiProperty({ type: DerivedCancellationDto }) cancellation: DerivedCancellationDto;
  @ApiProperty({
    example: '18:00',
    description:
      'reminderHours as HH:00 (spec 1 §4): the hours before each session a reminder is sent, not a clock time (48 hours: "48:00")',
  })
  reminderTime: string;
}

/** The legal details receipts and statements print (empty strings: not set). */
export class LegalDetailsResponseDto {
  @ApiProperty({ example: 'Clay Studio LLC' }) legalName: string;
  @ApiProperty({ example: '1 Kiln Road, Fresno, CA 93701' }) address: string;
  @ApiProperty({ example: 'EIN', description: "EIN, BN, VAT number or the organization's own label" }) taxIdLabel: string;
  @ApiProperty({ example: '12-3456789' }) taxId: string;
}

class TaxRateResponseDto {
  @ApiProperty({ example: 'GST' }) label: string;
  @ApiProperty({ example: 5, description: 'Percent, at most 3 decimals' }) rate: number;
  @ApiProperty({ example: false, description: 'Charged on the price plus the other (non-compound) taxes' }) compound: boolean;
  @ApiProperty({ example: ['tuition'], enum: TAXABLE_KINDS, isArray: true }) appliesTo: string[];
}

/** The sales taxes the price quote applies. */
export class TaxSettingsResponseDto {
  @ApiProperty({ example: false }) pricesIncludeTax: boolean;
  @ApiProperty({ type: [TaxRateResponseDto] }) rates: TaxRateResponseDto[];
  @ApiProperty({ type: [String], example: [] }) exemptClassIds: string[];
}

export class RegistrationFeeResponseDto {
  @ApiProperty({ example: 'Annual registration fee' }) label: string;
  @ApiProperty({ example: 25 }) amount: number;
  @ApiProperty({ enum: ['student', 'household'] }) per: string;
  @ApiProperty({ enum: ['term', 'year'] }) period: string;
}

export class SettingsResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ORG_ID }) organizationId: string;
  @ApiProperty({ type: [DiscountDto] }) discounts: DiscountDto[];
  @ApiProperty({ type: [CancellationPolicyDto] }) cancellationPolicies: CancellationPolicyDto[];
  @ApiProperty({ type: NotificationsDto }) notifications: NotificationsDto;
  @ApiProperty({
    type: 'string',
    nullable: true,
    example: 'America/Chicago',
    description: "The organization's IANA time zone; null: the server's",
  })
  timeZone: string | null;
  @ApiProperty({ example: 'UTC', description: 'The zone used while timeZone is null' }) defaultTimeZone: string;
  @ApiProperty({ example: 24, description: 'Hours a waitlist offer holds its seat (1-168)' }) waitlistOfferHours: number;
  @ApiProperty({ example: false, description: "Email students 'Your class is on' when the go/no-go confirms their class" })
  classConfirmedMessages: boolean;
  @ApiProperty({
    enum: ['nothing', 'credit', 'refund'],
    example: 'nothing',
    description: 'What students get for a cancelled session (credit and refund are not available yet: a cancel is refused with 409)',
  })
  sessionCancelRemedy: string;
  @ApiProperty({
    enum: ['en', 'es', 'fr'],
    example: 'en',
    description: "The language of messages to a student whose language is not known, and of the organization's own templates",
  })
  defaultLanguage: string;
  @ApiProperty({ example: true, description: 'Students manage their own registrations through an emailed sign-in link' })
  selfService: boolean;
  @ApiProperty({ example: 24, description: 'Hours before the first session until which a student may cancel in the portal (0-720)' })
  selfServiceCancelHoursBefore: number;
  @ApiProperty({ example: true, description: 'Students may switch to another class in the portal' }) selfServiceTransfers: boolean;
  @ApiProperty({
    example: false,
    description: 'A card-paid switch to a dearer class in the portal may leave the difference to pay in person (off: paid by card)',
  })
  selfServiceTransferDifferenceInPerson: boolean;
  @ApiProperty({ type: DiscountRulesDto, description: 'The automatic discounts every price quote applies' })
  discountRules: DiscountRulesDto;
  @ApiProperty({
    type: [String],
    example: ['https://www.example.com'],
    description: "The sites (HTTPS origins) allowed to show the organization's booking widget in a frame",
  })
  embedDomains: string[];
  @ApiProperty({ example: true, description: 'A class that has started takes registrations, at a price prorated by the sessions left' })
  lateRegistration: boolean;
  @ApiProperty({ example: false, description: "At a class's opening, people take a place in line and are let in a few at a time" })
  waitingRoom: boolean;
  @ApiProperty({ type: 'integer', example: 1800, description: 'People the waiting room lets in per minute' })
  waitingRoomAdmitPerMinute: number;
  @ApiProperty({ type: 'integer', example: 60, description: 'Minutes the waiting room stays on after the opening' })
  waitingRoomMinutes: number;
  @ApiProperty({ type: LegalDetailsResponseDto, description: 'Printed on receipts and year-end statements' })
  legalDetails: LegalDetailsResponseDto;
  @ApiProperty({ type: TaxSettingsResponseDto }) taxes: TaxSettingsResponseDto;
  @ApiProperty({ type: RegistrationFeeResponseDto, nullable: true }) registrationFee: RegistrationFeeResponseDto | null;
  @ApiProperty({ required: false, description: 'Present when the request changed taxes or the fee: they apply to new quotes only' })
  notice?: string;
  @ApiProperty({ type: ContactInfoResponseDto }) contactInfo: ContactInfoResponseDto;
  @ApiProperty({ type: BrandingResponseDto }) branding: BrandingResponseDto;
  @ApiProperty({ type: AdminProfileResponseDto }) adminProfile: AdminProfileResponseDto;
  @ApiProperty({ type: DerivedSettingsDto }) derived: DerivedSettingsDto;
}

export class PublicConfigResponseDto {
  @ApiProperty({ description: 'The platform fee every page states (spec README decision 1)', example: 3 }) platformFeePercent: number;
  @ApiProperty({ type: 'string', nullable: true, example: 'support@classlane.example' }) supportEmail: string | null;
}
