import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { type Language, LANGUAGES, supportedLanguage } from '../../../common/i18n/languages';
import { IsUsPhone, normaliseUsPhone } from '../../../common/http/phone';
import { lowerTrim, trim } from '../../../common/http/transforms';
import { IsOptionalNotNull } from '../../../common/http/optional';

const NAME = /^[\p{L}][\p{L} '’-]*$/u;

/**
 * A person's first or last name (spec 2 §5): trimmed, letters with spaces, hyphens and apostrophes, 2 to 49
 * characters, each rule with its own message naming the field (`label`). `typeMessage` also gives a value that is not
 * text that message ('<label> is required'); without it class-validator's own type message is kept.
 */
export function PersonNameField(label: string, { typeMessage = false } = {}) {
  // Listed bottom-up, as stacked decorators run: the rules are then checked in the order of the stack they replace,
  // and a name breaking several rules is still answered with the same first message.
  return applyDecorators(
    MaxLength(49, { message: `${label} must be less than 50 characters long` }),
    MinLength(2, { message: `${label} must be at least 2 characters long` }),
    Matches(NAME, { message: `${label} can only contain letters, spaces, hyphens, and apostrophes` }),
    IsNotEmpty({ message: `${label} is required` }),
    IsString(typeMessage ? { message: `${label} is required` } : undefined),
    Transform(trim),
  );
}

/** Spec 2 §5 names and spec 1 §5 US phone rules, enforced by the server too. */
export class PersonFieldsDto {
  @PersonNameField('First name') firstName: string;
  @PersonNameField('Last name') lastName: string;

  @Transform(lowerTrim)
  @IsNotEmpty({ message: 'Email is required' })
  @MaxLength(320, { message: 'Email address is too long' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email: string;

  /** Stored as 10 national digits (common/http/phone.ts); the display format is the front end's job. */
  @Transform(normaliseUsPhone)
  @IsUsPhone()
  phone: string;

  @IsOptionalNotNull() @IsBoolean({ message: 'communicationOptIn must be true or false' }) communicationOptIn?: boolean;
}

/** A person as a public page sends them: their details and the page's language. */
export class StudentFieldsDto extends PersonFieldsDto {
  /**
   * The language the student's messages are written in (issue 42 §2): the public site sends the page's language.
   * A regional code counts as its base language (`es-MX` is Spanish); an unsupported one, or null, leaves it unknown
   * and the organization's default language applies (issue 42 §4: never an error for a language).
   */
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'es',
    description:
      "The student's messages' language: en, es or fr (a regional code such as es-MX counts as its language; any other code leaves it unknown: the organization's default applies)",
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === undefined ? undefined : supportedLanguage(value)))
  @IsIn([...LANGUAGES, null])
  language?: Language | null;
}

export const LANGUAGE_MESSAGE = `language must be one of: ${LANGUAGES.join(', ')}`;

/**
 * The language of the student's messages as someone chose it on purpose (an admin's student form, the student's own portal profile): one of ours, or
 * null to forget it (the organization's default applies again); anything else is a 400 naming the choices, since a
 * form that offers three languages and sends a fourth is a mistake to show, not a page's language to guess from.
 */
export function ChosenLanguageField() {
  // No @ApiProperty here: on a subclass it would hide the parent's derived schema (common/openapi/validator-schemas.ts
  // applies those after the classes are declared); the rules below describe the field (en, es, fr or null).
  return applyDecorators(IsOptional(), IsIn([...LANGUAGES, null], { message: LANGUAGE_MESSAGE }));
}
