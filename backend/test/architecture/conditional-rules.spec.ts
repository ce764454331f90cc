import { describe, expect, it } from '@jest/globals';
import { pathToFileURL } from 'node:url';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { checkWhenPresent } from '../../src/common/http/optional';
import { rel, sourceFiles } from './source-files';

/**
 * A @ValidateIf (or @IsOptional) on a field switches off every rule of that field while its condition is false, not
 * only the rule written under it. Two ways this let bad input through: a condition on another field (the percent
 * rules of a discount under `kind === 'percent'` left an amount with no rule at all: any number, text, a negative
 * value), and a second condition beside @IsOptionalNotNull (`filled` skipped the not-null rule too, so null got in).
 * A rule that depends on another field carries its condition itself (`validateIf` in the rule's options); a
 * field-wide condition may only look at the field's own value.
 */
describe('conditional validation rules', () => {
  const dtoFiles = sourceFiles().filter((f) => !f.endsWith('.spec.ts') && (/\.dto\.ts$/.test(f) || /\/dto\/[^/]+\.ts$/.test(f)));

  async function conditionsByField(): Promise<Map<string, ValidationMetadata[]>> {
    for (const file of dtoFiles) await import(pathToFileURL(file).href);
    const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<abstract new () => object, ValidationMetadata[]> };
    const byField = new Map<string, ValidationMetadata[]>();
    for (const [target, rules] of storage.validationMetadatas) {
      if (typeof target !== 'function') continue;
      for (const rule of rules) {
        if (rule.type !== ValidationTypes.CONDITIONAL_VALIDATION) continue;
        const key = `${target.name}.${rule.propertyName}`;
        byField.set(key, [...(byField.get(key) ?? []), rule]);
      }
    }
    return byField;
  }

  it('should find the DTOs', () => {
    expect(dtoFiles.map(rel)).toEqual(
      expect.arrayContaining(['modules/pricing/dto/pricing.dto.ts', 'modules/settings/dto/settings.dto.ts']),
    );
  });

  it('should make no field-wide condition look at another field', async () => {
    const offenders: string[] = [];
    for (const [field, conditions] of await conditionsByField()) {
      for (const c of conditions) {
        const condition = c.constraints[0] as (object: object, value: unknown) => boolean;
        const read: string[] = [];
        // @IsOptional reads the field itself from the object: only other fields count.
        const object = new Proxy({}, { get: (_, key) => (key !== c.propertyName && read.push(String(key)), undefined) });
        for (const value of [undefined, null, '', 0, 'x', 1, false, [], {}]) {
          try {
            condition(object, value);
          } catch {
            // A condition made for one type of value (text) may throw on another: only what it reads matters here.
          }
        }
        if (read.length) offenders.push(`${field} reads ${[...new Set(read)].join(', ')}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('should give a field that may be left out but not be null no second condition', async () => {
    const offenders: string[] = [];
    for (const [field, conditions] of await conditionsByField()) {
      if (conditions.some((c) => c.constraints[0] === checkWhenPresent) && conditions.length > 1) offenders.push(field);
    }
    expect(offenders).toEqual([]);
  });
});
