import { describe, expect, it } from '@jest/globals';
import { maskSecret } from './system-info';

describe(maskSecret.name, () => {
  it('should show at most the first 4 and last 4 characters of a long secret', () => {
    expect(maskSecret('sk_test_0123456789abcdefghij')).toBe('sk_t…ghij');
  });

  it('should show less of a shorter secret and nothing of a short one', () => {
    expect(maskSecret('whsec_0123456')).toBe('whse…');
    expect(maskSecret('short-key')).toBe('…');
  });

  it('should answer null when nothing is configured', () => {
    expect(maskSecret(null)).toBeNull();
    expect(maskSecret('')).toBeNull();
  });
});
