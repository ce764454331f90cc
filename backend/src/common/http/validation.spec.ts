import { describe, expect, it } from '@jest/globals';
import { IsEmail, IsInt, IsOptional, IsString, Min, MinLength, getMetadataStorage, validate } from 'class-validator';
import { cacheValidationRules } from './validation';

class Base {
  @IsString() @MinLength(2) name!: string;
}
class Child extends Base {
  @IsEmail() email!: string;
  @IsOptional() @IsInt() @Min(1) seats?: number;
}

const messages = async (o: object) =>
  (await validate(o, { whitelist: true, forbidNonWhitelisted: true })).map((e) => [e.property, Object.keys(e.constraints ?? {}).sort()]);
const child = (fields: Record<string, unknown>) => Object.assign(new Child(), fields);

describe('validation rules kept once found', () => {
  it('should give the same errors as without the cache, inherited rules and unknown fields included', async () => {
    const cases = [{ name: 'A', email: 'nope', seats: 0, extra: 1 }, { name: 'Ann', email: 'ann@example.com' }, {}];
    const before = [];
    for (const c of cases) before.push(await messages(child(c)));
    cacheValidationRules();
    for (const [i, c] of cases.entries()) {
      expect(await messages(child(c))).toEqual(before[i]);
      expect(await messages(child(c))).toEqual(before[i]);
    }
    expect(before[0]).toEqual([
      ['extra', ['whitelistValidation']],
      ['email', ['isEmail']],
      ['seats', ['min']],
      ['name', ['minLength']],
    ]);
    expect(before[1]).toEqual([]);
  });

  it('should search a class once, and again after a rule was added later', () => {
    const storage = getMetadataStorage();
    cacheValidationRules(storage);
    const first = storage.getTargetValidationMetadatas(Child, '', false, false);
    expect(storage.getTargetValidationMetadatas(Child, '', false, false)).toBe(first);
    expect(storage.groupByPropertyName(first)).toBe(storage.groupByPropertyName(first));
    expect(first.map((r) => r.propertyName).sort()).toEqual(['email', 'name', 'name', 'seats', 'seats', 'seats']);

    // A class whose decorators run after the first validations (loaded late): its rules are found, and a parent's
    // cached answer is not reused stale.
    class Late extends Base {
      @IsString() nickname!: string;
    }
    const late = storage.getTargetValidationMetadatas(Late, '', false, false);
    expect(late.map((r) => r.propertyName).sort()).toEqual(['name', 'name', 'nickname']);
    expect(storage.getTargetValidationMetadatas(Child, '', false, false)).not.toBe(first);
  });
});
