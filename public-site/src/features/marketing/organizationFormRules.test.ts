import { describe, expect, it } from 'vitest';
import { validateAdminAccount, validateOrganizationDetails } from './organizationFormRules';

describe('validateAdminAccount', () => {
  const ok = { firstName: 'Ann', lastName: 'Lee', email: 'ann@x.org', password: 'secret1', confirmPassword: 'secret1' };
  it('should check the fields in the spec order', () => {
    expect(validateAdminAccount({ ...ok, firstName: '', lastName: '' })).toBe('First name is required');
    expect(validateAdminAccount({ ...ok, lastName: '', email: '' })).toBe('Last name is required');
    expect(validateAdminAccount({ ...ok, email: '', password: '' })).toBe('Email is required');
    expect(validateAdminAccount({ ...ok, email: 'nope', password: '' })).toBe('Please enter a valid email address');
    expect(validateAdminAccount({ ...ok, password: '', confirmPassword: '' })).toBe('Password is required');
    expect(validateAdminAccount({ ...ok, password: 'abc', confirmPassword: 'abc' })).toBe('Password must be at least 6 characters long');
    expect(validateAdminAccount({ ...ok, confirmPassword: 'other1' })).toBe('Passwords do not match');
    expect(validateAdminAccount(ok)).toBeNull();
  });
  it('should require an organization name on step 2', () => {
    expect(validateOrganizationDetails({ organizationName: ' ' })).toBe('Organization name is required');
    expect(validateOrganizationDetails({ organizationName: 'Studio' })).toBeNull();
  });
});
