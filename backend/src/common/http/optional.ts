import { applyDecorators } from '@nestjs/common';
import { IsDefined, ValidateIf, type ValidationOptions } from 'class-validator';

/**
 * An optional field that may be left out but not sent as null. class-validator's @IsOptional skips
 * every check for null too, so a null reached NOT NULL columns (a 500) or JSON settings; here only a
 * missing field skips the checks, and null is refused with a 400 naming the field.
 */
export function IsOptionalNotNull(options?: ValidationOptions) {
  return applyDecorators(
    ValidateIf((_: object, value: unknown) => value !== undefined),
    IsDefined({ message: '$property must not be null', ...options }),
  );
}
