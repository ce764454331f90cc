/**
 * The contact's and each household attendee's names follow one rule set (PersonNameField). These are the messages a
 * registrant reads; they are pinned here so that sharing the rules changed none of them, including the one place the
 * two differ: a name that is not text reads 'is required' for an attendee, class-validator's own words for a contact.
 */
import { describe, expect, it } from '@jest/globals';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { fieldMessage } from '../../../common/http/validation';
import { AttendeeDto } from '../../registration/dto/attendee.dto';
import { StudentFieldsDto } from './student-fields.dto';

const CONTACT = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '(559) 555-0100' };

async function nameErrors(cls: new () => object, fields: Record<string, unknown>) {
  const errors = await validate(plainToInstance(cls, fields));
  return Object.fromEntries(
    errors.filter((e) => e.property.endsWith('Name')).map((e) => [e.property, Object.values(e.constraints ?? {}).sort()]),
  );
}

describe('person names', () => {
  it('accept letters, spaces, hyphens and apostrophes, trimmed', async () => {
    const dto = plainToInstance(StudentFieldsDto, { ...CONTACT, firstName: "  Mary-Jo O'Neil ", lastName: 'Ñúñez' });
    expect(await validate(dto)).toEqual([]);
    expect(dto.firstName).toBe("Mary-Jo O'Neil");
    expect(await nameErrors(AttendeeDto, { firstName: ' José ', lastName: 'D’Arcy' })).toEqual({});
  });

  it('give the same messages for the contact and an attendee', async () => {
    const bad = { firstName: 'A', lastName: 'Lee2' };
    const expected = {
      firstName: ['First name must be at least 2 characters long'],
      lastName: ['Last name can only contain letters, spaces, hyphens, and apostrophes'],
    };
    expect(await nameErrors(StudentFieldsDto, { ...CONTACT, ...bad })).toEqual(expected);
    expect(await nameErrors(AttendeeDto, bad)).toEqual(expected);
    expect(await nameErrors(AttendeeDto, { firstName: '  ', lastName: 'x'.repeat(50) })).toEqual({
      firstName: [
        'First name can only contain letters, spaces, hyphens, and apostrophes',
        'First name is required',
        'First name must be at least 2 characters long',
      ],
      lastName: ['Last name must be less than 50 characters long'],
    });
  });

  it('answer with the same one message per field (the first failed rule) as before', async () => {
    for (const cls of [StudentFieldsDto, AttendeeDto] as (new () => object)[]) {
      const errors = await validate(plainToInstance(cls, { ...CONTACT, firstName: '1', lastName: '' }));
      const shown = Object.fromEntries(errors.map((e) => [e.property, fieldMessage(e.constraints ?? {})]));
      expect(shown).toEqual({ firstName: 'First name must be at least 2 characters long', lastName: 'Last name is required' });
    }
  });

  it('word a name that is not text as before', async () => {
    const notText = { firstName: 42, lastName: 'Lee' };
    const rules = [
      'First name can only contain letters, spaces, hyphens, and apostrophes',
      'First name must be at least 2 characters long',
      'First name must be less than 50 characters long',
    ];
    expect(await nameErrors(AttendeeDto, notText)).toEqual({ firstName: [...rules, 'First name is required'].sort() });
    expect(await nameErrors(StudentFieldsDto, { ...CONTACT, ...notText })).toEqual({
      firstName: [...rules, 'firstName must be a string'].sort(),
    });
  });
});
