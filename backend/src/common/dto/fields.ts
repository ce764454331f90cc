import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsInt, IsNumber, IsObject, Max, Min, ValidateNested, type ValidationArguments } from 'class-validator';

/*
 * Decorator groups that DTOs of several modules repeat. Each lists its decorators bottom-up, as a stack of
 * decorators runs: the rules are then checked in the order of the stacks they replace, so a value breaking several
 * is still answered with the same first message, and the OpenAPI document is unchanged.
 */

/**
 * A field holding an object of another DTO (`type`), checked field by field; `message` when it is not an object.
 * Presence is the field's own: put IsDefined, IsOptionalNotNull or ValidateIf above it.
 */
export function NestedObject(type: () => new () => object, message: string) {
  return applyDecorators(Type(type), ValidateNested(), IsObject({ message }));
}

/** A whole number from `min` to `max`, with one message for every way of missing it. */
export function WholeNumber(min: number, max: number, message: string) {
  return applyDecorators(IsInt({ message }), Min(min, { message }), Max(max, { message }));
}

export const PERCENT_VALUE_MESSAGE = 'A percent value must be a whole number from 1 to 100';
export const AMOUNT_VALUE_MESSAGE = 'An amount must be a number from 0.01 to 100000 with at most 2 decimals';

const isPercent = (o: object) => (o as { kind?: unknown }).kind === 'percent';

/**
 * The `value` of a discount beside its `kind`: for 'percent' a whole percentage from 1 to 100, for 'amount' dollars
 * from 0.01 to 100000 with at most 2 decimals (cents). The percent rules carry their condition on themselves
 * (`validateIf` of the rule): a @ValidateIf on the field would switch off every rule of the field, so an amount
 * would take any value at all (a string, a negative number, a million).
 */
export function DiscountValue() {
  const message = ({ object }: ValidationArguments) => (isPercent(object) ? PERCENT_VALUE_MESSAGE : AMOUNT_VALUE_MESSAGE);
  return applyDecorators(
    Max(100, { message: PERCENT_VALUE_MESSAGE, validateIf: isPercent }),
    IsInt({ message: PERCENT_VALUE_MESSAGE, validateIf: isPercent }),
    Max(100_000, { message }),
    Min(0.01, { message }),
    IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 }, { message }),
  );
}
