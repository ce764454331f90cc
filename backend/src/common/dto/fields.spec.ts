/**
 * The shared decorator groups answer as the stacks they replaced: a nested object is checked field by field and a
 * non-object gets the field's own message; a whole number out of range, a fraction or text gets the one message.
 */
import { describe, expect, it } from '@jest/globals';
import { plainToInstance } from 'class-transformer';
import { IsDefined, IsString, validate } from 'class-validator';
import { NestedObject, WholeNumber } from './fields';

class Inner {
  @IsString({ message: 'name must be text' }) name: string;
}
class Outer {
  @IsDefined({ message: 'inner is required' }) @NestedObject(() => Inner, 'inner must be an object') inner: Inner;
  @WholeNumber(1, 168, 'hours must be a whole number from 1 to 168') hours: number;
}

const errorsOf = async (plain: object) =>
  (await validate(plainToInstance(Outer, plain))).map((e) => ({
    field: e.property,
    messages: Object.values(e.constraints ?? {}),
    nested: e.children?.flatMap((c) => Object.values(c.constraints ?? {})) ?? [],
  }));

describe('shared DTO decorator groups', () => {
  it('accept a valid nested object and a whole number in range, as an instance of the nested DTO', async () => {
    expect(await errorsOf({ inner: { name: 'Ann' }, hours: 24 })).toEqual([]);
    expect(plainToInstance(Outer, { inner: { name: 'Ann' }, hours: 1 }).inner).toBeInstanceOf(Inner);
  });

  it('check the nested object field by field, and say when it is not an object', async () => {
    expect(await errorsOf({ inner: { name: 4 }, hours: 1 })).toEqual([{ field: 'inner', messages: [], nested: ['name must be text'] }]);
    expect(await errorsOf({ inner: 'x', hours: 1 })).toEqual([
      expect.objectContaining({ field: 'inner', messages: expect.arrayContaining(['inner must be an object']) }),
    ]);
    expect((await errorsOf({ hours: 1 }))[0].messages).toContain('inner is required');
  });

  it('give every way of missing the range the one message', async () => {
    for (const hours of [0, 169, 1.5, '24']) {
      const [e] = await errorsOf({ inner: { name: 'Ann' }, hours });
      expect(new Set(e.messages)).toEqual(new Set(['hours must be a whole number from 1 to 168']));
    }
  });
});
