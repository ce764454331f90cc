import { describe, expect, it } from 'vitest';
import { validateName } from './studentFormRules';

describe('validateName', () => {
  it('should apply the name rules with the label', () => {
    expect(validateName('', 'First name')).toBe('First name is required');
    expect(validateName('J4ne', 'First name')).toBe('First name can only contain letters, spaces, hyphens, and apostrophes');
    expect(validateName('J', 'Last name')).toBe('Last name must be at least 2 characters long');
    expect(validateName('a'.repeat(50), 'Last name')).toBe('Last name must be less than 50 characters long');
    expect(validateName('a'.repeat(49), 'Last name')).toBeNull();
    expect(validateName(" Mary-Jane O'Neil ", 'First name')).toBeNull();
    expect(validateName('José', 'First name')).toBeNull();
  });
});
