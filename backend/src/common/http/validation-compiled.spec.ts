import { describe, expect, it, jest } from '@jest/globals';
import { BadRequestException, ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsOptional, IsString, IsUUID, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import fs from 'node:fs';
import path from 'node:path';
import { acceptCompiled, cacheValidationRules, compileDto, createValidationPipe, validationOptions } from './validation';

class Base {
  @IsOptional() @IsUUID() organizationId?: string;
}
class ListQuery extends Base {
  @IsOptional() @IsString() sort?: string;
  @IsOptional() @IsString() @MaxLength(5) range?: string;
}
class Defaults {
  @IsOptional() @IsIn(['a', 'b']) kind?: string = 'a';
  @IsDefined() @IsString() name!: string;
  @ValidateIf((o: Defaults) => o.kind === 'b') @IsString() reason?: string;
  @IsOptional() @IsInt() @Min(2) count?: number;
}
class Trimmed {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value)) @IsString() name!: string;
}
class Nested {
  @ValidateNested() @Type(() => ListQuery) inner!: ListQuery;
}

const UUID = '0b5e1c3e-8f4a-4a7e-9c2d-3f1e2d4c5b6a';
const SAMPLES: unknown[] = ['abc', '', UUID, '12', 'true', 'a@b.co', '2026-01-01', 12, 1, true, null, undefined, ['a'], { x: 1 }];

/** The values a DTO is tried with: empty, a valid base with each property set to each sample, every property at once, an unknown field. */
function inputsFor(properties: string[], base: Record<string, unknown> = {}): Record<string, unknown>[] {
  const inputs: Record<string, unknown>[] = [{}, { unknown: 'x' }, base, { ...base, unknown: 'x' }];
  for (const p of properties) for (const v of SAMPLES) inputs.push({ ...base, [p]: v });
  for (const v of SAMPLES) inputs.push(Object.fromEntries(properties.map((p) => [p, v])));
  // A query string's object has no prototype (Fastify's parser).
  inputs.push(Object.assign(Object.create(null) as object, Object.fromEntries(properties.map((p) => [p, 'abc']))));
  return inputs;
}

type Outcome = { ok: true; value: object; proto: unknown } | { ok: false; status: number; body: unknown };
async function outcome(pipe: ValidationPipe, value: unknown, metadata: ArgumentMetadata): Promise<Outcome> {
  try {
    const v = (await pipe.transform(value, metadata)) as object;
    return { ok: true, value: { ...v }, proto: Object.getPrototypeOf(v) };
  } catch (e) {
    if (!(e instanceof BadRequestException)) throw e;
    return { ok: false, status: e.getStatus(), body: e.getResponse() };
  }
}

/** Every exported class of the app's DTO files (*.dto.ts and dto/ folders), loaded so their decorators run. */
async function appDtoClasses(): Promise<(new () => object)[]> {
  // Jest runs from backend/ (npm test -w backend) or the repository root.
  const src = path.resolve(process.cwd(), fs.existsSync(path.join(process.cwd(), 'src', 'main.ts')) ? 'src' : 'backend/src');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (
        /\.ts$/.test(e.name) &&
        !/\.spec\.ts$/.test(e.name) &&
        (/\.dto\.ts$/.test(e.name) || full.includes(`${path.sep}dto${path.sep}`))
      )
        files.push(full);
    }
  };
  walk(src);
  const classes = new Set<new () => object>();
  for (const f of files) {
    const mod = (await import(f)) as Record<string, unknown>;
    for (const v of Object.values(mod))
      if (typeof v === 'function' && /^class\s/.test(Function.prototype.toString.call(v))) classes.add(v as new () => object);
  }
  return [...classes];
}

describe('the validation pipe with compiled DTO rules', () => {
  cacheValidationRules();
  const ordinary = new ValidationPipe(validationOptions());
  const compiled = createValidationPipe();

  it('compiles flat DTOs and leaves the ones it cannot reproduce exactly to the ordinary pipe', () => {
    expect(compileDto(ListQuery)?.properties.size).toBe(3);
    expect(compileDto(Defaults)?.properties.size).toBe(4);
    expect(compileDto(Trimmed)).toBeNull();
    expect(compileDto(Nested)).toBeNull();
  });

  it('answers a valid query without class-transformer and class-validator, and an invalid one through them', async () => {
    const dto = compileDto(ListQuery)!;
    const accepted = acceptCompiled(ListQuery, dto, { sort: '["title","ASC"]', organizationId: UUID });
    expect(accepted).toBeInstanceOf(ListQuery);
    expect({ ...accepted }).toEqual({ sort: '["title","ASC"]', organizationId: UUID });
    expect(acceptCompiled(ListQuery, dto, { range: '[0,24]' })).toBeUndefined(); // too long: the ordinary pipe answers
    expect(acceptCompiled(ListQuery, dto, { extra: '1' })).toBeUndefined();
    expect(acceptCompiled(ListQuery, dto, { sort: ['a', 'b'] })).toBeUndefined();

    const ordinaryTransform = jest.spyOn(ValidationPipe.prototype, 'transform');
    try {
      const metadata: ArgumentMetadata = { type: 'query', metatype: ListQuery };
      await compiled.transform({ sort: 'x' }, metadata);
      expect(ordinaryTransform).not.toHaveBeenCalled();
      await expect(compiled.transform({ sort: 'x', extra: '1' }, metadata)).rejects.toThrow(BadRequestException);
      expect(ordinaryTransform).toHaveBeenCalledTimes(1);
    } finally {
      ordinaryTransform.mockRestore();
    }
  });

  it('gives the ordinary pipe’s result for every input: the same instance, or the same 400 body', async () => {
    const properties = ['organizationId', 'sort', 'range', 'kind', 'name', 'reason', 'count', 'inner'];
    const bases = [{}, { name: 'n' }, { name: 'n', kind: 'b', reason: 'r' }, { sort: 's' }];
    for (const metatype of [ListQuery, Defaults, Trimmed, Nested]) {
      for (const input of bases.flatMap((base) => inputsFor(properties, base))) {
        for (const type of ['query', 'body'] as const) {
          const metadata: ArgumentMetadata = { type, metatype };
          // Each pipe gets its own copy: the ordinary pipe may change the value it is given.
          const copy = () =>
            input === null ? input : Object.assign(Object.create(Object.getPrototypeOf(input) as object | null) as object, input);
          expect(await outcome(compiled, copy(), metadata)).toEqual(await outcome(ordinary, copy(), metadata));
        }
      }
    }
  });

  it('agrees with the ordinary pipe on every DTO of the app', async () => {
    const classes = await appDtoClasses();
    expect(classes.length).toBeGreaterThan(50);
    let compiledCount = 0;
    let fastAccepts = 0;
    for (const metatype of classes) {
      const dto = compileDto(metatype);
      if (dto) compiledCount++;
      const properties = dto ? [...dto.properties.keys()] : [];
      for (const input of inputsFor(properties)) {
        const metadata: ArgumentMetadata = { type: 'query', metatype };
        const copy = () => Object.assign(Object.create(Object.getPrototypeOf(input) as object | null) as object, input);
        if (dto && acceptCompiled(metatype, dto, copy())) fastAccepts++;
        expect([metatype.name, input, await outcome(compiled, copy(), metadata)]).toEqual([
          metatype.name,
          input,
          await outcome(ordinary, copy(), metadata),
        ]);
      }
    }
    // The list queries and most flat DTOs are compiled; valid inputs among the samples take the compiled way.
    expect(compiledCount).toBeGreaterThan(20);
    expect(fastAccepts).toBeGreaterThan(100);
  });
});
