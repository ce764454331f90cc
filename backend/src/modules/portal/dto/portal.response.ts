import { ApiProperty } from '@nestjs/swagger';
import { LANGUAGES, type Language } from '../../../common/i18n/languages';

const TIME = '2026-12-01T17:00:00.000Z';
const ID = 'b0000000-0000-4000-8000-000000000001';

export class PortalLinkRequestedDto {
  @ApiProperty({ example: 'If this email belongs to a registration with us, a sign-in link is on its way. It works once, for 15 minutes.' })
  message: string;
}

export class PortalStudentDto {
  @ApiProperty({ format: 'uuid', example: ID }) id: string;
  @ApiProperty({ example: 'Maya' }) firstName: string;
  @ApiProperty({ example: 'Lin' }) lastName: string;
  @ApiProperty({ example: 'maya@example.com' }) email: string;
}

export class PortalSessionResponseDto {
  @ApiProperty({ description: 'The portal token: send it as Authorization: Bearer to /api/portal/* (and nothing else accepts it)' })
  token: string;
  @ApiProperty({ format: 'date-time', example: TIME }) expiresAt: string;
  @ApiProperty({ format: 'uuid', example: ID }) organizationId: string;
  @ApiProperty({ type: PortalStudentDto }) student: PortalStudentDto;
}

export class PortalSignOutDto {
  @ApiProperty({ example: true }) signedOut: boolean;
}

export class PortalContactDto {
  @ApiProperty({ format: 'uuid', example: ID }) id: string;
  @ApiProperty({ example: 'Clay Studio' }) name: string;
  @ApiProperty({ type: 'string', nullable: true, example: 'hello@claystudio.example' }) email: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: '(559) 555-0100' }) phone: string | null;
}

export class PortalRulesDto {
  @ApiProperty({ example: true }) selfService: boolean;
  @ApiProperty({ example: 24 }) selfServiceCancelHoursBefore: number;
  @ApiProperty({ example: true }) selfServiceTransfers: boolean;
  @ApiProperty({ example: false, description: 'A dearer class may be paid for in person instead of by card' })
  selfServiceTransferDifferenceInPerson: boolean;
}

export class PortalProfileDto {
  @ApiProperty({ format: 'uuid', example: ID }) id: string;
  @ApiProperty({ example: 'Maya' }) firstName: string;
  @ApiProperty({ example: 'Lin' }) lastName: string;
  @ApiProperty({ example: 'maya@example.com' }) email: string;
  @ApiProperty({ example: '5595550123' }) phone: string;
  @ApiProperty({ example: true }) communicationOptIn: boolean;
  @ApiProperty({
    enum: LANGUAGES,
    nullable: true,
    example: 'es',
    description: "The language of the student's messages; null: not chosen (the organization's default language applies)",
  })
  language: Language | null;
}

export class PortalPersonDto {
  @ApiProperty({ format: 'uuid', example: ID }) id: string;
  @ApiProperty({ example: 'Maya' }) firstName: string;
  @ApiProperty({ example: 'Lin' }) lastName: string;
}

export class PortalClassDto {
  @ApiProperty({ format: 'uuid', example: ID }) id: string;
  @ApiProperty({ example: 'Pottery I' }) title: string;
  @ApiProperty({ example: 'Studio A' }) location: string;
  @ApiProperty({ example: 'Luis' }) instructor: string;
  @ApiProperty({ example: 60, description: 'Minutes per session' }) duration: number;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    isArray: true,
    example: [TIME],
    description: 'The sessions held, from the session records (every one cancelled: those, also in cancelledSessions)',
  })
  sessions: string[];
  @ApiProperty({ type: 'string', format: 'date-time', isArray: true, example: [], description: 'Sessions the organization cancelled' })
  cancelledSessions: string[];
}

export class PortalRefundDto {
  @ApiProperty({ format: 'uuid', example: ID }) id: string;
  @ApiProperty({ example: 40 }) amount: number;
  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'], example: 'succeeded' }) status: string;
  @ApiProperty({ example: 'Cancelled 5 days before the class: 50% refund by the policy at registration' }) reason: string;
  @ApiProperty({ format: 'date-time', example: TIME }) createdAt: string;
}

export class PortalRefundQuoteDto {
  @ApiProperty({ example: 40, description: 'Dollars back if cancelled now' }) refundAmount: number;
  @ApiProperty({ type: 'integer', nullable: true, example: 50, description: 'The percentage of the policy frozen at registration' })
  refundPercentage: number | null;
  @ApiProperty({ example: false, description: 'The organization had no policy when the student registered: the whole amount' })
  noPolicy: boolean;
  @ApiProperty({ type: 'integer', nullable: true, example: 5 }) daysBeforeClass: number | null;
  @ApiProperty({ example: 80 }) paidAmount: number;
}

export class PortalEnrollmentDto {
  @ApiProperty({ format: 'uuid', example: ID }) id: string;
  @ApiProperty({ type: PortalPersonDto }) student: PortalPersonDto;
  @ApiProperty({ type: PortalClassDto }) class: PortalClassDto;
  @ApiProperty({ example: false, description: 'A drop-in: one session of the class (class.sessions holds it), cancelled on its own' })
  dropIn: boolean;
  @ApiProperty({ enum: ['held', 'active', 'cancelled'], example: 'active' }) status: string;
  @ApiProperty({ enum: ['card', 'in-person'], example: 'card' }) paymentMethod: string;
  @ApiProperty({ enum: ['pending', 'completed', 'failed'], example: 'completed' }) paymentStatus: string;
  @ApiProperty({ example: 80 }) amountPaid: number;
  @ApiProperty({ example: 0 }) refundedAmount: number;
  @ApiProperty({ example: 0, description: 'Dollars still to pay in person (a switch to a dearer class with the difference paid at class)' })
  balanceDue: number;
  @ApiProperty({ format: 'date-time', example: TIME }) enrolledAt: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: null }) cancelledAt: string | null;
  @ApiProperty({ type: [PortalRefundDto] }) refunds: PortalRefundDto[];
  @ApiProperty({ example: true, description: 'Cancellable here now (self-service on, before the cut-off)' }) canCancel: boolean;
  @ApiProperty({ format: 'date-time', example: TIME, description: 'The cut-off: selfServiceCancelHoursBefore before the first session' })
  cancelBefore: string;
  @ApiProperty({ example: true }) canTransfer: boolean;
  @ApiProperty({ type: PortalRefundQuoteDto, nullable: true }) refundQuote: PortalRefundQuoteDto | null;
}

export class PortalWaitlistEntryDto {
  @ApiProperty({ format: 'uuid', example: ID }) id: string;
  @ApiProperty({ format: 'uuid', example: ID }) classId: string;
  @ApiProperty({ example: 'Pottery II' }) classTitle: string;
  @ApiProperty({ format: 'date-time', example: TIME }) startDate: string;
  @ApiProperty({ enum: ['waiting', 'offered'], example: 'waiting' }) status: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: null }) offerExpiresAt: string | null;
  @ApiProperty({ example: 2, description: 'Place in line (1 = next)' }) position: number;
}

export class PortalRegistrationsDto {
  @ApiProperty({ type: PortalProfileDto }) student: PortalProfileDto;
  @ApiProperty({ type: PortalContactDto }) organization: PortalContactDto;
  @ApiProperty({ type: PortalRulesDto }) rules: PortalRulesDto;
  @ApiProperty({ type: [PortalEnrollmentDto] }) enrollments: PortalEnrollmentDto[];
  @ApiProperty({ type: [PortalWaitlistEntryDto] }) waitlist: PortalWaitlistEntryDto[];
}

export class PortalCancelRefundDto {
  @ApiProperty({ format: 'uuid', example: ID }) id: string;
  @ApiProperty({ example: 40 }) amount: number;
  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'], example: 'succeeded' }) status: string;
}

export class PortalCancelResponseDto {
  @ApiProperty({ format: 'uuid', example: ID }) id: string;
  @ApiProperty({ example: 'cancelled' }) status: string;
  @ApiProperty({ enum: ['card', 'in-person'], example: 'card' }) paymentMethod: string;
  @ApiProperty({ example: 80 }) amountPaid: number;
  @ApiProperty({ example: 40 }) refundedAmount: number;
  @ApiProperty({ type: PortalCancelRefundDto, nullable: true, description: 'The refund this cancellation made (null on a repeat)' })
  refund: PortalCancelRefundDto | null;
}

export class PortalProfileUpdatedDto {
  @ApiProperty({ format: 'uuid', example: ID }) id: string;
  @ApiProperty({ example: 'maya@example.com' }) email: string;
  @ApiProperty({ example: '5595550123' }) phone: string;
  @ApiProperty({ example: true }) communicationOptIn: boolean;
  @ApiProperty({
    enum: LANGUAGES,
    nullable: true,
    example: 'es',
    description: "The language of the student's messages; null: not chosen (the organization's default language applies)",
  })
  language: Language | null;
}

export class PortalErasureRequestedDto {
  @ApiProperty({ example: true }) requested: boolean;
  @ApiProperty({ example: 'Your request was sent to the organization. They will confirm when your data is erased.' }) message: string;
}

export class PortalTransferOptionDto {
  @ApiProperty({ format: 'uuid', example: ID }) id: string;
  @ApiProperty({ example: 'Pottery I (Thursday)' }) title: string;
  @ApiProperty({ example: 'Studio A' }) location: string;
  @ApiProperty({ example: 'Luis' }) instructor: string;
  @ApiProperty({ format: 'date-time', example: TIME }) startDate: string;
  @ApiProperty({ example: 4 }) seatsLeft: number;
  @ApiProperty({ example: 60 }) price: number;
  @ApiProperty({ example: -20, description: 'Dollars more to pay (positive) or back on the card (negative)' }) priceDifference: number;
  @ApiProperty({ example: true }) available: boolean;
  @ApiProperty({ example: false, description: 'True: a dearer class for a card payment; the difference is paid by card before the switch' })
  needsPayment: boolean;
}

export class PortalTransferPaymentDto {
  @ApiProperty({ format: 'uuid', example: ID }) topUpId: string;
  @ApiProperty({ example: 'pi_3Q0example_secret_abc' }) clientSecret: string;
  @ApiProperty({ example: 'pi_3Q0example' }) paymentIntentId: string;
  @ApiProperty({ example: 40, description: 'The difference to pay, in dollars' }) amount: number;
  @ApiProperty({ format: 'date-time', example: TIME, description: 'The seat in the new class is held until then' }) holdExpiresAt: string;
  @ApiProperty({ format: 'uuid', example: ID }) classId: string;
  @ApiProperty({ example: 'Pottery Pro' }) className: string;
}

export class PortalTransferAbandonedDto {
  @ApiProperty({ example: true, description: 'False when no seat was held' }) released: boolean;
}

export class PortalTransferResponseDto {
  @ApiProperty({ format: 'uuid', example: ID }) id: string;
  @ApiProperty({ example: 'active' }) status: string;
  @ApiProperty({ format: 'uuid', example: ID }) classId: string;
  @ApiProperty({ example: 'Pottery I (Thursday)' }) className: string;
  @ApiProperty({ example: 80 }) amountPaid: number;
  @ApiProperty({ example: 20 }) refundedAmount: number;
  @ApiProperty({ type: PortalCancelRefundDto, nullable: true, description: 'The difference refunded to the card, if any' })
  refund: PortalCancelRefundDto | null;
  @ApiProperty({ example: 0, description: 'Dollars left to pay in person at class (a dearer class whose difference is paid in person)' })
  balanceDue: number;
}
