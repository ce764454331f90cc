import {
  BadRequestException,
  ValidationPipe,
  type ArgumentMetadata,
  type ValidationError,
  type ValidationPipeOptions,
} from '@nestjs/common';
import { TransformationType } from 'class-transformer';
import { defaultMetadataStorage as ctStorage } from 'class-transformer/cjs/storage.js';
import { getMetadataStorage, ValidationTypes } from 'class-validator';

/**
 * The one message of a field. An empty field fails every rule at once ('' is also "too short" and "not
 * letters"); the spec's required message ('First name is required', 'Email is required') must win.
 */
export function fieldMessage(constraints: Record<string, string>): string {
  return constraints.isNotEmpty ?? constraints.isDefined ?? Object.values(constraints)[0];
}

function flatten(errors: ValidationError[], prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const err of errors) {
    const key = prefix ? `${prefix}.${err.property}` : err.property;
    if (err.constraints) out[key] = fieldMessage(err.constraints);
    if (err.children?.length) Object.assign(out, flatten(err.children, key));
  }
  return out;
}

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type TargetMetadatas = ReturnType<MetadataStorage['getTargetValidationMetadatas']>;
const cached = new WeakSet<MetadataStorage>();
/** Counts rules registered after the cache was installed: compiled DTOs older than the last one are compiled again. */
let rulesGeneration = 0;

/**
 * class-validator finds a DTO's rules anew on every validation: it walks every decorated class of the app to find
 * the DTO's ancestors (an `instanceof` per class), then filters and groups the rules, about 40 µs of every request
 * with a query or body DTO. The rules are fixed once the classes are loaded, so the answer is kept per DTO class and
 * options, and its grouping per answer; a rule registered later (a class loaded late) clears what was kept. Same
 * rules, same order, same errors: only the search is not repeated.
 */
export function cacheValidationRules(storage: MetadataStorage = getMetadataStorage()): void {
  if (cached.has(storage)) return;
  cached.add(storage);
  const find = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  const addConstraint = storage.addConstraintMetadata.bind(storage);
  let found = new Map<unknown, Map<string, TargetMetadatas>>();
  let grouped = new WeakMap<TargetMetadatas, ReturnType<MetadataStorage['groupByPropertyName']>>();
  storage.addValidationMetadata = (metadata) => {
    found = new Map();
    grouped = new WeakMap();
    rulesGeneration++;
    add(metadata);
  };
  storage.addConstraintMetadata = (metadata) => {
    rulesGeneration++;
    addConstraint(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}|${always}|${strictGroups}|${groups?.join(',') ?? ''}`;
    let byOptions = found.get(target);
    if (!byOptions) found.set(target, (byOptions = new Map()));
    let rules = byOptions.get(key);
    if (!rules) byOptions.set(key, (rules = find(target, schema, always, strictGroups, groups)));
    return rules;
  };
  storage.groupByPropertyName = (rules) => {
    let byProperty = grouped.get(rules);
    if (!byProperty) grouped.set(rules, (byProperty = group(rules)));
    return byProperty;
  };
}

type Metadata = TargetMetadatas[number];
type Check = (entity: Record<string, unknown>, value: unknown) => boolean;

/**
 * What a valid value of one DTO class needs, worked out once from its decorators: the properties it may have, and
 * per property the checks class-validator runs, in its order (the IsOptional-style conditions first, then the
 * IsDefined rules, then the others), each calling the very validator class-validator would call.
 */
interface CompiledDto {
  properties: Map<string, { conditions: Metadata[]; checks: Check[] }>;
}

const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  v !== null && (typeof v === 'object' || typeof v === 'function') && typeof (v as PromiseLike<unknown>).then === 'function';

/**
 * The DTO's compiled form, or null when it uses anything this does not reproduce exactly (nested or promise
 * validation, groups, async or `each` rules, or any class-transformer decorator, which would change the instance
 * plainToInstance builds); such DTOs always take the ordinary ValidationPipe.
 */
export function compileDto(metatype: new () => object, storage: MetadataStorage = getMetadataStorage()): CompiledDto | null {
  if (
    ctStorage.getStrategy(metatype) !== 'none' ||
    ctStorage.getExposedMetadatas(metatype).length ||
    ctStorage.getExcludedMetadatas(metatype).length
  )
    return null;
  // The arguments class-validator's executor uses for validate(object, options) without groups.
  const rules = storage.getTargetValidationMetadatas(metatype, undefined as unknown as string, false, false, undefined);
  const grouped = storage.groupByPropertyName(rules);
  let blank: Record<string, unknown>;
  try {
    blank = new metatype() as Record<string, unknown>;
  } catch {
    return null;
  }
  const properties: CompiledDto['properties'] = new Map();
  for (const [property, metadatas] of Object.entries(grouped)) {
    if (!metadatas.length) continue;
    // class-transformer skips a key the class has as a getter or method; a class-transformer decorator changes the value.
    if (Object.getOwnPropertyDescriptor(metatype.prototype, property) || typeof blank[property] === 'function') return null;
    if (
      ctStorage.findTypeMetadata(metatype, property) ||
      ctStorage.findTransformMetadatas(metatype, property, TransformationType.PLAIN_TO_CLASS).length
    )
      return null;
    const conditions: Metadata[] = [];
    const defined: Check[] = [];
    const others: Check[] = [];
    for (const m of metadatas) {
      if (m.groups?.length || m.always) return null;
      if (m.type === ValidationTypes.CONDITIONAL_VALIDATION) conditions.push(m);
      else if (m.type === ValidationTypes.IS_DEFINED || m.type === ValidationTypes.CUSTOM_VALIDATION) {
        const constraints = storage.getTargetValidatorConstraints(m.constraintCls);
        if (m.each || constraints.some((c) => c.async)) return null;
        const validators = constraints.map((c) => c.instance);
        const check: Check = (entity, value) => {
          if (m.validateIf && !m.validateIf(entity, value)) return true;
          for (const v of validators) {
            const valid: unknown = v.validate(value, {
              targetName: metatype.name,
              property: m.propertyName,
              object: entity,
              value,
              constraints: m.constraints,
            });
            if (isThenable(valid)) {
              // Not expected of a synchronous rule; the ordinary pipe decides (and reports) instead.
              valid.then(undefined, () => undefined);
              return false;
            }
            if (!valid) return false;
          }
          return true;
        };
        (m.type === ValidationTypes.IS_DEFINED ? defined : others).push(check);
      } else if (m.type !== ValidationTypes.WHITELIST) return null;
    }
    properties.set(property, { conditions, checks: [...defined, ...others] });
  }
  return { properties };
}

/**
 * The instance the ordinary pipe would return for `value`, when the compiled rules accept it; undefined when they do
 * not (or cannot say), and the ordinary pipe must run. Only flat values are taken here (strings, numbers, booleans,
 * null: what a query string or a simple body holds), whose copy by class-transformer is the value itself.
 */
export function acceptCompiled(metatype: new () => object, dto: CompiledDto, value: unknown): object | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || Buffer.isBuffer(value)) return undefined;
  const source = value as Record<string, unknown>;
  const keys = Object.keys(source);
  for (const key of keys) {
    // An unknown field (whitelist, forbidNonWhitelisted) or a nested value: the ordinary pipe answers.
    if (!dto.properties.has(key)) return undefined;
    const v = source[key];
    if (v !== null && (typeof v === 'object' || typeof v === 'function')) return undefined;
  }
  const entity = new metatype() as Record<string, unknown>;
  for (const key of keys) entity[key] = source[key];
  for (const [property, { conditions, checks }] of dto.properties) {
    const v = entity[property];
    let validate = true;
    for (const c of conditions) if (!(c.constraints[0] as (o: object, v: unknown) => boolean)(entity, v)) validate = false;
    if (!validate) continue;
    for (const check of checks) if (!check(entity, v)) return undefined;
  }
  return entity;
}

/**
 * The ValidationPipe with each DTO's rules compiled once: a valid query or body (the common case) is checked by
 * calling class-validator's own validators directly and copied into a new instance, skipping class-transformer's
 * walk and class-validator's executor (together ~40 µs of a list request, most of the public list's pipeline). A
 * value the compiled rules do not accept goes through the ordinary pipe unchanged, so every 400 reply is the one the
 * ordinary pipe gives, byte for byte, and a DTO the compiler cannot reproduce exactly always goes that way.
 */
export class CompiledValidationPipe extends ValidationPipe {
  /** Always the app's options: the compiled check reproduces class-validator under exactly these (no groups, no skipping). */
  constructor() {
    super(validationOptions());
  }

  private compiled = new Map<unknown, CompiledDto | null>();
  private generation = rulesGeneration;

  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const metatype = metadata.metatype as (new () => object) | undefined;
    if ((metadata.type === 'query' || metadata.type === 'body') && typeof metatype === 'function' && !PRIMITIVES.has(metatype)) {
      if (this.generation !== rulesGeneration) {
        this.compiled = new Map();
        this.generation = rulesGeneration;
      }
      let dto = this.compiled.get(metatype);
      if (dto === undefined) this.compiled.set(metatype, (dto = compileDto(metatype)));
      if (dto) {
        const entity = acceptCompiled(metatype, dto, value);
        if (entity) return Promise.resolve(entity);
      }
    }
    return super.transform(value, metadata);
  }
}

/** The types Nest's ValidationPipe never validates (its toValidate). */
const PRIMITIVES = new Set<unknown>([String, Boolean, Number, Array, Object, Buffer, Date]);

/** whitelist + forbid unknown fields + transform; a failure names each field (STYLE §4). */
export function createValidationPipe(): ValidationPipe {
  cacheValidationRules();
  return new CompiledValidationPipe();
}

/** The pipe's options (the tests build an ordinary ValidationPipe with the same ones to compare). */
export function validationOptions(): ValidationPipeOptions {
  return {
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => {
      const fields = flatten(errors);
      const first = Object.entries(fields)[0];
      return new BadRequestException({ message: first ? first[1] : 'Invalid request', errors: fields });
    },
  };
}
