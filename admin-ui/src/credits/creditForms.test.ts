import { describe, expect, it } from 'vitest';
import { householdOf } from './CreditsSection';
import { grantBody } from './GrantCreditDialog';

const form = {
  kind: 'pack',
  amount: '10',
  scope: 'all',
  classIds: [] as string[],
  validFrom: '',
  validUntil: '',
  label: '',
  household: false,
  reason: 'Desk',
};

describe('grantBody', () => {
  it('sends what the admin typed, no expiry when left empty', () => {
    expect(grantBody(form).body).toEqual({ kind: 'pack', amount: 10, scope: 'all', validUntil: null, household: false, reason: 'Desk' });
    expect(grantBody({ ...form, kind: 'account_credit', amount: '25.50', validUntil: '2027-01-31', label: ' Gift ' }).body).toMatchObject({
      amount: 25.5,
      validUntil: '2027-01-31',
      label: 'Gift',
    });
  });
  it('refuses what the API would refuse, a reason first missing', () => {
    expect(grantBody({ ...form, reason: '  ' }).error).toBe('Give a reason');
    expect(grantBody({ ...form, amount: '0' }).error).toBe('Enter an amount above 0');
    expect(grantBody({ ...form, amount: '1.5' }).error).toBe('Uses are a whole number');
    expect(grantBody({ ...form, scope: 'classes' }).error).toBe('Choose the classes it pays for');
    expect(grantBody({ ...form, validFrom: '2027-02-01', validUntil: '2027-01-01' }).error).toBe('The last valid day is before the first');
  });
});

describe('householdOf', () => {
  it("lists the student's contact and the members they are the contact of", () => {
    const contact = { id: 'c', firstName: 'Olivia', lastName: 'Martinez', email: 'o@example.com', phone: '5595550100' };
    expect(householdOf({ householdContact: contact, householdMembers: [] })).toEqual([{ id: 'c', name: 'Olivia Martinez' }]);
    expect(
      householdOf({ householdContact: null, householdMembers: [{ id: 'm', firstName: 'Emma', lastName: 'Martinez', dateOfBirth: null }] }),
    ).toEqual([{ id: 'm', name: 'Emma Martinez' }]);
  });
});
