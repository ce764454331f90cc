import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsInt, IsObject, Max, Min, ValidateNested } from 'class-validator';

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
