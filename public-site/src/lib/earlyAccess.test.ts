import { afterEach, describe, expect, it } from 'vitest';
import { earlyAccessField, earlyAccessForTerm, keepEarlyAccessFrom } from './earlyAccess';

const TERM = '0a1b2c3d-0000-4000-8000-00000000abcd';
const TOKEN = `0a1b2c3d00004000800000000000abcd.${'A'.repeat(22)}`;

describe('earlyAccess', () => {
  afterEach(() => sessionStorage.clear());

  it("should keep the link's token and send it only with the link's own email", () => {
    keepEarlyAccessFrom(`?earlyAccess=${TOKEN}&email=Maya%40Example.com`);
    expect(earlyAccessField('maya@example.com')).toEqual({ earlyAccessToken: TOKEN });
    expect(earlyAccessField(' MAYA@example.com ')).toEqual({ earlyAccessToken: TOKEN });
    expect(earlyAccessField('someone@example.com')).toEqual({});
    expect(earlyAccessForTerm(TERM)?.token).toBe(TOKEN);
    expect(earlyAccessForTerm('ffffffff-0000-4000-8000-00000000abcd')).toBeNull();
  });

  it('should ignore a malformed link', () => {
    keepEarlyAccessFrom('?earlyAccess=nope&email=maya%40example.com');
    expect(earlyAccessField('maya@example.com')).toEqual({});
  });
});
