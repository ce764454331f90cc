import { describe, expect, it } from 'vitest';
import { validateEmail, validateRequired } from './validators';

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

describe('validateRequired', () => {
  it('should name the label', () => {
    expect(validateRequired(' ', 'Subject')).toBe('Subject is required');
    expect(validateRequired('x', 'Subject')).toBeNull();
  });
});
