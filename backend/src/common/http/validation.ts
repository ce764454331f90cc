import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';

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
  let found = new Map<unknown, Map<string, TargetMetadatas>>();
  let grouped = new WeakMap<TargetMetadatas, ReturnType<MetadataStorage['groupByPropertyName']>>();
  storage.addValidationMetadata = (metadata) => {
    found = new Map();
    grouped = new WeakMap();
    add(metadata);
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

/** whitelist + forbid unknown fields + transform; a failure names each field (STYLE §4). */
export function createValidationPipe(): ValidationPipe {
  cacheValidationRules();
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => {
      const fields = flatten(errors);
      const first = Object.entries(fields)[0];
      return new BadRequestException({ message: first ? first[1] : 'Invalid request', errors: fields });
    },
  });
}
