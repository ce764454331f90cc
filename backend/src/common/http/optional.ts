import { applyDecorators } from '@nestjs/common';
import { IsDefined, ValidateIf, type ValidationOptions } from 'class-validator';

/** The condition of @IsOptionalNotNull: exported so the OpenAPI schemas can tell such a field is optional. */
export const checkWhenPresent = (_: object, value: unknown) => value !== undefined;

/**
 * An optional field that may be left out but not sent as null. class-validator's @IsOptional skips
 * every check for null too, so a null reached NOT NULL columns (a 500) or JSON settings; here only a
 * missing field skips the checks, and null is refused with a 400 naming the field.
 */
export function IsOptionalNotNull(options?: ValidationOptions) {
  return applyDecorators(ValidateIf(checkWhenPresent), IsDefined({ message: '$property must not be null', ...options }));
}
