import { describe, expect, it } from '@jest/globals';
import { supportedLanguage } from './languages';

describe('supportedLanguage', () => {
  it('reads a base or regional code of a supported language', () => {
    expect(supportedLanguage('es')).toBe('es');
    expect(supportedLanguage('es-MX')).toBe('es');
    expect(supportedLanguage(' FR_ca ')).toBe('fr');
    expect(supportedLanguage('en-GB')).toBe('en');
  });
  it('answers null for anything else (the caller falls back to the organization default)', () => {
    expect(supportedLanguage('de')).toBeNull();
    expect(supportedLanguage('')).toBeNull();
    expect(supportedLanguage(null)).toBeNull();
    expect(supportedLanguage(42)).toBeNull();
  });
});
