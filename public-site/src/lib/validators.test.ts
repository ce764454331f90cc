import { describe, expect, it } from 'vitest';
import {
  validateAdminAccount,
  validateEmail,
  validateName,
  validateOrganizationDetails,
  validateRequired,
} from './validators';

describe('validateEmail', () => {
  it('should require an email', () => {
    expect(validateEmail('')).toBe('Email is required');
    expect(validateEmail('   ')).toBe('Email is required');
  });
  it('should reject malformed addresses', () => {
    for (const bad of ['plain', 'a@b', 'a@b.', '@b.com', 'a b@c.com', 'a@b..com', 'a@-b.com']) {
      expect(validateEmail(bad), bad).toBe('Please enter a valid email address');
    }
  });
  it('should reject addresses over 320 characters', () => {
    expect(validateEmail(`${'a'.repeat(310)}@example.com`)).toBe('Email address is too long');
  });
  it('should accept good addresses', () => {
    expect(validateEmail('jane.doe+class@example.co.uk')).toBeNull();
  });
});

describe('validateName', () => {
  it('should apply the name rules with the label', () => {
    expect(validateName('', 'First name')).toBe('First name is required');
    expect(validateName('J4ne', 'First name')).toBe(
      'First name can only contain letters, spaces, hyphens, and apostrophes',
    );
    expect(validateName('J', 'Last name')).toBe('Last name must be at least 2 characters long');
    expect(validateName('a'.repeat(50), 'Last name')).toBe('Last name must be less than 50 characters long');
    expect(validateName('a'.repeat(49), 'Last name')).toBeNull();
    expect(validateName(" Mary-Jane O'Neil ", 'First name')).toBeNull();
    expect(validateName('José', 'First name')).toBeNull();
  });
});

describe('validateRequired', () => {
  it('should name the label', () => {
    expect(validateRequired(' ', 'Subject')).toBe('Subject is required');
    expect(validateRequired('x', 'Subject')).toBeNull();
  });
});

describe('validateAdminAccount', () => {
  const ok = { firstName: 'Ann', lastName: 'Lee', email: 'ann@x.org', password: 'secret1', confirmPassword: 'secret1' };
  it('should check the fields in the spec order', () => {
    expect(validateAdminAccount({ ...ok, firstName: '', lastName: '' })).toBe('First name is required');
    expect(validateAdminAccount({ ...ok, lastName: '', email: '' })).toBe('Last name is required');
    expect(validateAdminAccount({ ...ok, email: '', password: '' })).toBe('Email is required');
    expect(validateAdminAccount({ ...ok, email: 'nope', password: '' })).toBe('Please enter a valid email address');
    expect(validateAdminAccount({ ...ok, password: '', confirmPassword: '' })).toBe('Password is required');
    expect(validateAdminAccount({ ...ok, password: 'abc', confirmPassword: 'abc' })).toBe(
      'Password must be at least 6 characters long',
    );
    expect(validateAdminAccount({ ...ok, confirmPassword: 'other1' })).toBe('Passwords do not match');
    expect(validateAdminAccount(ok)).toBeNull();
  });
  it('should require an organization name on step 2', () => {
    expect(validateOrganizationDetails({ organizationName: ' ' })).toBe('Organization name is required');
    expect(validateOrganizationDetails({ organizationName: 'Studio' })).toBeNull();
  });
});
