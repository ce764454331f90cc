import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';
import { IsOptionalNotNull } from '../../../common/http/optional';
import { IsUsPhone, normaliseUsPhone } from '../../../common/http/phone';
import { lowerTrim, trim } from '../../../common/http/transforms';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';
import { IsPayRule, PAY_RULE_KINDS, type PayRule } from '../pay-rule';

/** An empty box of the form is no value (null). */
const blank = (value: unknown) => typeof value === 'string' && value.trim() === '';
const email = ({ value }: { value: unknown }) => (blank(value) ? null : lowerTrim({ value }));
const phone = ({ value }: { value: unknown }) => (blank(value) ? null : normaliseUsPhone({ value }));

const PAY_RULE_SCHEMA = {
  type: 'object',
  nullable: true,
  description:
    'per_session / per_hour: { kind, amount }; flat: { kind, amount, per: class|month }; per_head: { kind, tiers: [{ from, amount }] } (every head at the highest tier reached, the first tier from 1). Dollars.',
  properties: {
    kind: { type: 'string', enum: [...PAY_RULE_KINDS] },
    amount: { type: 'number' },
    per: { type: 'string', enum: ['class', 'month'] },
    tiers: { type: 'array', items: { type: 'object', properties: { from: { type: 'integer' }, amount: { type: 'number' } } } },
  },
  example: { kind: 'per_hour', amount: 32.5 },
} as const;

export class CreateInstructorDto {
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Name is required' }) @MaxLength(200) name: string;
  @IsOptional()
  @Transform(email)
  @ValidateIf((_, v) => v !== null)
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254)
  email?: string | null;
  @IsOptional() @Transform(phone) @ValidateIf((_, v) => v !== null) @IsUsPhone() phone?: string | null;
  @IsOptionalNotNull() @IsString() @MaxLength(5000) bio?: string;
  /** A teacher user of the organization whose sign-in is this instructor's; null: none. */
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, required: false })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsUUID('all', { message: 'userId must be the id of a teacher' })
  userId?: string | null;
  @ApiProperty(PAY_RULE_SCHEMA)
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsPayRule()
  payRule?: PayRule | null;
}

/** react-admin PUTs the whole record back: the reply's read-only fields are accepted and ignored. */
export class UpdateInstructorDto extends CreateInstructorDto {
  @IsOptional() id?: unknown;
  @IsOptional() createdAt?: unknown;
  @IsOptional() updatedAt?: unknown;
}

export class InstructorResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ example: 'Maya Lopez' }) name: string;
  @ApiProperty({ type: 'string', nullable: true, example: 'maya@example.com' }) email: string | null;
  @ApiProperty({ type: 'string', nullable: true, description: '10 US digits', example: '2175550123' }) phone: string | null;
  @ApiProperty({ example: 'Ceramicist, 12 years teaching wheel throwing.' }) bio: string;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, example: null }) userId: string | null;
  @ApiProperty(PAY_RULE_SCHEMA) payRule: PayRule | null;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) createdAt: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) updatedAt: string;
}
