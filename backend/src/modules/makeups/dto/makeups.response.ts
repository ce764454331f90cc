import { ApiProperty } from '@nestjs/swagger';
import { MAKEUP_ELIGIBILITY } from '../makeup-policy';

const ID = 'b0000000-0000-4000-8000-000000000001';
const TIME = '2026-12-08T17:00:00.000Z';
const REASONS = ['policy', 'too_late', 'cap_month', 'cap_term', 'cap_year'];

export class MakeupPolicyResponseDto {
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, example: null, description: "null: the organization's policy" })
  classId: string | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 24 }) announceHoursBefore: number | null;
  @ApiProperty({ example: false }) teacherMarkedAbsences: boolean;
  @ApiProperty({ type: 'integer', nullable: true, example: 2 }) capPerMonth: number | null;
  @ApiProperty({ type: 'integer', nullable: true, example: null }) capPerTerm: number | null;
  @ApiProperty({ type: 'integer', nullable: true, example: null }) capPerYear: number | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 30 }) expiryDays: number | null;
  @ApiProperty({ example: false }) expiryEndOfTerm: boolean;
  @ApiProperty({ example: 60 }) bookAheadDays: number;
  @ApiProperty({ example: 2 }) bookUntilHoursBefore: number;
  @ApiProperty({ enum: MAKEUP_ELIGIBILITY, example: 'same_term' }) eligible: string;
  @ApiProperty({ type: [String], example: [] }) eligibleClassIds: string[];
  @ApiProperty({ example: 1 }) extraSeats: number;
  @ApiProperty({ example: false }) cancelledSessionToken: boolean;
}

export class MakeupPoliciesResponseDto {
  @ApiProperty({ type: MakeupPolicyResponseDto }) organization: MakeupPolicyResponseDto;
  @ApiProperty({ type: [MakeupPolicyResponseDto] }) classes: MakeupPolicyResponseDto[];
}

export class MakeupPolicyRemovedDto {
  @ApiProperty({ format: 'uuid', example: ID }) classId: string;
  @ApiProperty({ example: true }) removed: boolean;
}

export class MakeupTokenDto {
  @ApiProperty({ format: 'uuid', example: ID }) id: string;
  @ApiProperty({ format: 'uuid', example: ID }) holderStudentId: string;
  @ApiProperty({ type: 'string', nullable: true, example: 'Make-up for Swim Level 2' }) label: string | null;
  @ApiProperty({ example: 1 }) remaining: number;
  @ApiProperty({ example: '2026-12-08' }) validFrom: string;
  @ApiProperty({ type: 'string', nullable: true, example: '2027-01-07', description: 'Usable through this whole day; null: no expiry' })
  validUntil: string | null;
  @ApiProperty({ enum: ['usable', 'used', 'expired', 'revoked'], example: 'usable' }) state: string;
}

export class MakeupAbsenceDto {
  @ApiProperty({ format: 'uuid', example: ID }) id: string;
  @ApiProperty({ format: 'uuid', example: ID }) studentId: string;
  @ApiProperty({ format: 'uuid', example: ID }) classId: string;
  @ApiProperty({ example: 'Swim Level 2' }) classTitle: string;
  @ApiProperty({ format: 'uuid', example: ID }) classSessionId: string;
  @ApiProperty({ format: 'date-time', example: TIME }) sessionStartsAt: string;
  @ApiProperty({ format: 'date-time', example: TIME }) reportedAt: string;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, example: ID }) entitlementId: string | null;
  @ApiProperty({ type: 'string', nullable: true, enum: REASONS, example: null }) noTokenReason: string | null;
}

export class MakeupUpcomingSessionDto {
  @ApiProperty({ format: 'uuid', example: ID, description: 'The session' }) id: string;
  @ApiProperty({ format: 'uuid', example: ID }) studentId: string;
  @ApiProperty({ example: 'Maya' }) firstName: string;
  @ApiProperty({ format: 'uuid', example: ID }) classId: string;
  @ApiProperty({ example: 'Swim Level 2' }) classTitle: string;
  @ApiProperty({ format: 'date-time', example: TIME }) startsAt: string;
  @ApiProperty({ format: 'date-time', example: TIME }) endsAt: string;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, example: null, description: 'Set once an absence is reported' })
  absenceId: string | null;
}

export class PortalMakeupsDto {
  @ApiProperty({ type: [MakeupTokenDto] }) tokens: MakeupTokenDto[];
  @ApiProperty({ type: [MakeupAbsenceDto] }) absences: MakeupAbsenceDto[];
  @ApiProperty({ type: [MakeupUpcomingSessionDto] }) upcoming: MakeupUpcomingSessionDto[];
}

export class ReportedAbsenceDto {
  @ApiProperty({ type: MakeupAbsenceDto }) absence: MakeupAbsenceDto;
  @ApiProperty({ type: MakeupTokenDto, nullable: true }) token: MakeupTokenDto | null;
  @ApiProperty({ type: 'string', nullable: true, enum: REASONS, example: null }) noTokenReason: string | null;
}

export class MakeupSessionDto {
  @ApiProperty({ format: 'uuid', example: ID }) id: string;
  @ApiProperty({ format: 'uuid', example: ID }) classId: string;
  @ApiProperty({ example: 'Swim Level 2' }) classTitle: string;
  @ApiProperty({ example: 3 }) sessionIndex: number;
  @ApiProperty({ format: 'date-time', example: TIME }) startsAt: string;
  @ApiProperty({ format: 'date-time', example: TIME }) endsAt: string;
  @ApiProperty({ example: 2 }) seatsLeft: number;
}

export class BookedMakeupDto {
  @ApiProperty({ format: 'uuid', example: ID }) enrollmentId: string;
  @ApiProperty({ format: 'uuid', example: ID }) entitlementId: string;
  @ApiProperty({ format: 'uuid', example: ID }) classId: string;
  @ApiProperty({ example: 'Swim Level 2' }) classTitle: string;
  @ApiProperty({ format: 'uuid', example: ID }) classSessionId: string;
  @ApiProperty({ format: 'uuid', example: ID }) studentId: string;
}
