import { ApiProperty } from '@nestjs/swagger';
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ClassIdsRules, FlagRules } from './question.dto';
import { IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { trim } from '../../../common/http/transforms';
import { IsOptionalNotNull } from '../../../common/http/optional';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';
import { GuardianField, GuardianInputDto } from './submission.dto';

const TitleRules = () =>
  applyDecorators(
    Transform(trim),
    IsString({ message: 'Title is required' }),
    IsNotEmpty({ message: 'Title is required' }),
    MaxLength(200, { message: 'Title must be at most 200 characters' }),
  );
/** A version's text (Markdown). */
const BodyRules = () =>
  applyDecorators(
    IsString({ message: 'body must be the waiver text' }),
    IsNotEmpty({ message: 'The waiver text cannot be empty' }),
    MaxLength(50_000, { message: 'The waiver text must be at most 50,000 characters' }),
  );

export class CreateWaiverDto {
  @TitleRules() title: string;
  @ClassIdsRules('Absent or null: every class') classIds?: string[] | null;
  @FlagRules('active') active?: boolean;
  /** The first version's text (Markdown), if given: the same as POST /api/waivers/{id}/versions. */
  @IsOptionalNotNull() @BodyRules() body?: string;
}

export class UpdateWaiverDto {
  @IsOptionalNotNull() @TitleRules() title?: string;
  @ClassIdsRules('null: every class') classIds?: string[] | null;
  @FlagRules('active') active?: boolean;
  // Read-only fields the admin form echoes back: ignored (a version's text changes only by adding a version).
  @IsOptional() id?: unknown;
  @IsOptional() currentVersion?: unknown;
  @IsOptional() versions?: unknown;
  @IsOptional() createdAt?: unknown;
  @IsOptional() updatedAt?: unknown;
  @IsOptional() body?: unknown;
}

export class CreateWaiverVersionDto {
  @BodyRules() body: string;
}

export class WaiverVersionResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ example: 2 }) version: number;
  @ApiProperty({ example: 'I understand that kilns are hot…' }) body: string;
  @ApiProperty({ example: '<p>I understand that kilns are hot…</p>', description: 'The text rendered from Markdown (safe HTML)' })
  bodyHtml: string;
  @ApiProperty({ example: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' }) sha256: string;
  @ApiProperty({ example: EXAMPLE_TIME }) createdAt: Date;
  @ApiProperty({ example: 4, description: 'Acceptances of this version' }) signatures: number;
}

export class WaiverResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ example: 'Kiln safety waiver' }) title: string;
  @ApiProperty({ type: [String], nullable: true, example: null }) classIds: string[] | null;
  @ApiProperty({ example: true }) active: boolean;
  @ApiProperty({ type: WaiverVersionResponseDto, nullable: true, description: 'The newest version: the one registrations sign' })
  currentVersion: WaiverVersionResponseDto | null;
  @ApiProperty({ type: [WaiverVersionResponseDto], description: 'Every version, newest first' }) versions: WaiverVersionResponseDto[];
  @ApiProperty({ example: EXAMPLE_TIME }) createdAt: Date;
  @ApiProperty({ example: EXAMPLE_TIME }) updatedAt: Date;
}

export class WaiverAcceptanceResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) enrollmentId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) studentId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) waiverId: string;
  @ApiProperty({ example: 'Kiln safety waiver' }) waiverTitle: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) waiverVersionId: string;
  @ApiProperty({ example: 2 }) version: number;
  @ApiProperty({ example: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' }) sha256: string;
  @ApiProperty({ example: 'Olivia Martinez' }) signedName: string;
  @ApiProperty({
    enum: ['self', 'guardian', 'contact'],
    example: 'self',
    description: 'guardian: the contact signed for an attendee under 18',
  })
  signedAs: 'self' | 'guardian' | 'contact';
  @ApiProperty({ example: EXAMPLE_TIME }) acceptedAt: Date;
  @ApiProperty({ type: 'string', nullable: true, example: '203.0.113.7' }) clientIp: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: 'Mozilla/5.0' }) userAgent: string | null;
  @ApiProperty({ example: true, description: 'false: a newer version of the waiver exists' }) current: boolean;
}

/** An answer as the student panel, the roster and the teacher's roll show it. */
export class EnrollmentAnswerResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) questionId: string;
  @ApiProperty({ example: 'Allergies' }) label: string;
  @ApiProperty({ example: 'long_text' }) type: string;
  @ApiProperty({ example: true, description: 'Shown on the teacher’s roll (e.g. allergies)' }) showToTeacher: boolean;
  @ApiProperty({
    description: 'Text, a list of options, true, or a number (as the question’s type)',
    oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'array', items: { type: 'string' } }],
    example: 'Peanuts',
  } as never)
  value: unknown;
}

/** A waiver signed for an enrollment, as the student panel and the roster list it. */
export class EnrollmentWaiverResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID, description: 'The acceptance (its PDF: /api/waiver-acceptances/{id}/pdf)' })
  id: string;
  @ApiProperty({ example: 'Kiln safety waiver' }) waiverTitle: string;
  @ApiProperty({ example: 2 }) version: number;
  @ApiProperty({ example: true, description: 'false: a newer version exists' }) current: boolean;
  @ApiProperty({ example: 'Olivia Martinez' }) signedName: string;
  @ApiProperty({ enum: ['self', 'guardian', 'contact'], example: 'self' }) signedAs: string;
  @ApiProperty({ example: EXAMPLE_TIME }) acceptedAt: Date;
}

/** Signing a new waiver version through the emailed link: the full name of the person the link was sent to. */
/** The admin sends one person a signing link for the newest version again. */
export class SendWaiverLinkDto {
  @IsUUID('all', { message: 'studentId must be the id of a student' }) studentId: string;
}

export class WaiverLinkRecipientDto {
  @ApiProperty({ example: 'Ana' }) firstName: string;
  @ApiProperty({ example: 'Moreno' }) lastName: string;
  @ApiProperty({ example: 'ana@example.com' }) email: string;
}

export class WaiverLinkSentResponseDto {
  @ApiProperty({ type: WaiverLinkRecipientDto, description: 'Who was emailed: the student, or the household contact who registered them' })
  sentTo: WaiverLinkRecipientDto;
}

export class SignWaiverLinkDto {
  @Transform(trim)
  @IsString({ message: 'Type your full name to sign' })
  @IsNotEmpty({ message: 'Type your full name to sign' })
  @MaxLength(200, { message: 'The name must be at most 200 characters' })
  signedName: string;
  /** The link's person is under 18 on a class's first day: their parent or guardian signs, with this name. */
  @GuardianField() guardian?: GuardianInputDto;
}

export class WaiverLinkPersonDto {
  @ApiProperty({ example: 'Pia' }) firstName: string;
  @ApiProperty({ example: 'Moreno' }) lastName: string;
  @ApiProperty({ example: 'Pottery I' }) classTitle: string;
  @ApiProperty({ enum: ['self', 'guardian', 'contact'], example: 'guardian', description: 'How the link’s person signs for them' })
  signedAs: 'self' | 'guardian' | 'contact';
}

export class WaiverLinkResponseDto {
  @ApiProperty({ example: 'Clayworks Studio' }) organizationName: string;
  @ApiProperty({ example: 'Kiln safety waiver' }) waiverTitle: string;
  @ApiProperty({ example: 2 }) version: number;
  @ApiProperty({
    example: '<p>I understand that kilns are <strong>hot</strong>.</p>',
    description: 'The text rendered from Markdown (safe HTML)',
  })
  bodyHtml: string;
  @ApiProperty({ example: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' }) sha256: string;
  @ApiProperty({ example: 'Ana', description: 'The person the link was sent to, who signs' }) signerFirstName: string;
  @ApiProperty({ example: false }) signed: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null }) signedAt: Date | null;
  @ApiProperty({ example: false, description: 'A newer version was published: this link can no longer sign' }) superseded: boolean;
  @ApiProperty({ type: [WaiverLinkPersonDto], description: 'The registrations this signature covers (empty once signed)' })
  people: WaiverLinkPersonDto[];
  @ApiProperty({
    example: false,
    description: 'The person the link was sent to is under 18 on a class’s first day: a parent or guardian signs (send `guardian`)',
  })
  guardianRequired: boolean;
}

export class WaiverLinkSignedResponseDto {
  @ApiProperty({ example: true }) signed: boolean;
  @ApiProperty({ example: 'Kiln safety waiver' }) waiverTitle: string;
  @ApiProperty({ example: 2 }) version: number;
  @ApiProperty({ type: [WaiverLinkPersonDto] }) people: WaiverLinkPersonDto[];
}

/** A waiver text being written, rendered as students will see it. */
export class WaiverPreviewResponseDto {
  @ApiProperty({ example: '<h1>Kiln safety</h1>\n<p>I understand…</p>\n' }) html: string;
}
