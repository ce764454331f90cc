import { ApiProperty } from '@nestjs/swagger';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { checkWhenPresent } from '../http/optional';
import { filled } from '../http/transforms';

/**
 * Request schemas from the class-validator rules the DTOs already carry, so the OpenAPI document cannot
 * disagree with what the ValidationPipe enforces. This is the runtime twin of the @nestjs/swagger CLI
 * plugin, which needs `tsc` and so runs neither under swc (jest) nor for decorators written on one line
 * (docs/decisions/openapi-from-code.md). An explicit @ApiProperty on a DTO field still wins over what is derived.
 */
const SWAGGER_PROPERTY = 'swagger/apiModelProperties';
const done = new WeakSet<object>();

type Schema = Record<string, unknown>;

/** The description of `unknown` DTO fields; the document builder drops the `object` type Swagger gives them. */
export const ECHOED_FIELD = 'Accepted and ignored (a read-only field a client may send back)';

/** Applies @ApiProperty to every class-validator-decorated class, parents before children (inheritance). */
export function applyValidatorSchemas(): number {
  const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<Function, ValidationMetadata[]> };
  const targets = [...storage.validationMetadatas.keys()].filter((t) => typeof t === 'function' && !done.has(t));
  targets.sort((a, b) => depth(a) - depth(b));
  for (const target of targets) {
    const byProperty = new Map<string, ValidationMetadata[]>();
    for (const m of storage.validationMetadatas.get(target) ?? []) {
      byProperty.set(m.propertyName, [...(byProperty.get(m.propertyName) ?? []), m]);
    }
    for (const [property, rules] of byProperty) {
      const explicit = Reflect.getOwnMetadata(SWAGGER_PROPERTY, target.prototype, property) as Schema | undefined;
      ApiProperty({ ...propertySchema(target, property, rules), ...(explicit ?? {}) } as never)(target.prototype, property);
    }
    done.add(target);
  }
  // Swagger lists a class's properties from the nearest list on its prototype chain: a subclass that declared an
  // @ApiProperty of its own (when its parent's rules were not yet described) would hide every inherited field.
  for (const target of targets) inheritPropertyList(target);
  return targets.length;
}

const SWAGGER_PROPERTY_LIST = 'swagger/apiModelPropertiesArray';

function inheritPropertyList(target: Function) {
  const own = Reflect.getOwnMetadata(SWAGGER_PROPERTY_LIST, target.prototype) as string[] | undefined;
  const inherited = Reflect.getMetadata(SWAGGER_PROPERTY_LIST, Object.getPrototypeOf(target.prototype)) as string[] | undefined;
  if (own && inherited) Reflect.defineMetadata(SWAGGER_PROPERTY_LIST, [...new Set([...inherited, ...own])], target.prototype);
}

function depth(target: Function): number {
  let n = 0;
  for (let p = Object.getPrototypeOf(target); p && p !== Function.prototype; p = Object.getPrototypeOf(p)) n++;
  return n;
}

const FORMAT: Record<string, Schema> = {
  isEmail: { type: 'string', format: 'email' },
  isUuid: { type: 'string', format: 'uuid' },
  isDateString: { type: 'string', format: 'date-time' },
  isIso8601: { type: 'string', format: 'date-time' },
  isUrl: { type: 'string', format: 'uri' },
  isString: { type: 'string' },
  isInt: { type: 'integer' },
  isNumber: { type: 'number' },
  isBoolean: { type: 'boolean' },
  isObject: { type: 'object' },
};

/** One property's schema: type and format, limits, enum, nesting, and whether it may be left out. */
function propertySchema(target: Function, property: string, rules: ValidationMetadata[]): Schema {
  const item: Schema = {};
  const outer: Schema = {};
  let optional = false;
  let isArray = false;
  let nested = false;
  for (const rule of rules) {
    const c = rule.constraints ?? [];
    // Rules with `each` describe the items of an array.
    const into = rule.each ? item : undefined;
    if (rule.each) isArray = true;
    if (rule.type === ValidationTypes.CONDITIONAL_VALIDATION) {
      // @IsOptional, or @IsOptionalNotNull (may be left out, never null).
      if (rule.name === 'isOptional' || c[0] === checkWhenPresent) optional = true;
      continue;
    }
    if (rule.type === ValidationTypes.NESTED_VALIDATION) {
      nested = true;
      continue;
    }
    if (rule.type !== ValidationTypes.CUSTOM_VALIDATION || !rule.name) continue;
    // A rule with a condition of its own holds for some values only (a percent's maximum of 100 beside an amount's
    // 100000), except a format checked whenever the field is not blank: that is still what a value must look like.
    if (rule.validateIf && rule.validateIf !== filled) continue;
    const s = into ?? item;
    switch (rule.name) {
      case 'isArray':
        isArray = true;
        break;
      case 'arrayMaxSize':
        outer.maxItems = c[0];
        isArray = true;
        break;
      case 'arrayMinSize':
        outer.minItems = c[0];
        isArray = true;
        break;
      case 'arrayNotEmpty':
        outer.minItems = 1;
        isArray = true;
        break;
      case 'isNotEmpty':
        if (s.type === 'string' || s.type === undefined) s.minLength = Math.max(Number(s.minLength ?? 0), 1);
        break;
      case 'maxLength':
        s.maxLength = c[0];
        break;
      case 'minLength':
        s.minLength = c[0];
        break;
      case 'min':
        s.minimum = c[0];
        break;
      case 'max':
        s.maximum = c[0];
        break;
      case 'isIn':
        s.enum = c[0];
        break;
      case 'isEnum':
        s.enum = Object.values(c[0] as object);
        break;
      case 'matches':
        s.type ??= 'string';
        s.pattern = (c[0] as RegExp).source ?? String(c[0]);
        break;
      default:
        if (FORMAT[rule.name]) Object.assign(s, { ...FORMAT[rule.name], ...(s.type === 'integer' ? { type: 'integer' } : {}) });
    }
  }
  if (item.enum && !item.type) item.type = typeof (item.enum as unknown[])[0] === 'number' ? 'number' : 'string';
  if (item.minLength === 1 && item.type !== 'string') delete item.minLength;

  const designType = Reflect.getMetadata('design:type', target.prototype, property) as Function | undefined;
  const nestedType = nested
    ? ((defaultMetadataStorage.findTypeMetadata(target, property)?.typeFunction() as Function | undefined) ?? designType)
    : undefined;
  if (designType === Array) isArray = true;

  const schema: Schema = { required: !optional };
  if (nestedType && nestedType !== Object && nestedType !== Array) {
    schema.type = nestedType;
  } else if (item.type) {
    Object.assign(schema, item);
  } else if (!isArray && designType && [String, Number, Boolean].includes(designType as never)) {
    schema.type = designType;
  } else if (!isArray) {
    // `unknown` fields: read-only fields a client may echo back (react-admin PUTs the whole record).
    schema.description = ECHOED_FIELD;
  }
  if (isArray) {
    schema.isArray = true;
    if (!schema.type) schema.type = item.type ?? 'string';
    Object.assign(schema, outer);
  }
  return schema;
}
