/**
 * The rating, early-access and waitlist links are signed with keys derived from the server's secret. Links already
 * sent by mail and SMS must keep working, so the tokens these classes make are pinned here to the exact strings they
 * made before the signing was shared: a change of key, payload or length shows up as a changed token.
 */
import { describe, expect, it } from '@jest/globals';
import type { ConfigService } from '@nestjs/config';
import type { AllConfigType } from '../../config/config.type';
import { RatingLinks } from '../../modules/reporting/rating-links';
import { EarlyAccessTokens } from '../../modules/terms/early-access-tokens';
import { WaitlistTokens } from '../../modules/waitlist/waitlist-tokens';

const config = { getOrThrow: () => ({ jwtSecret: 'a-test-secret-of-some-length' }) } as unknown as ConfigService<AllConfigType>;
const CLASS = '3f1c2a4e-9b7d-4c1e-8a2f-6d5e4c3b2a19';
const STUDENT = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';

describe('signed links', () => {
  it('rating links sign class, student and rating as before', () => {
    const links = new RatingLinks(config);
    const sig = links.sign(CLASS, STUDENT, 4);
    expect(sig).toBe('zXlfGEtQBRG4SBC3JV5Tvt_7FRkcqKQz6WJDGTFxNgo');
    expect(links.verify(CLASS, STUDENT, 4, sig)).toBe(true);
    expect(links.verify(CLASS, STUDENT, 5, sig)).toBe(false);
    expect(links.verify(CLASS, STUDENT, 4, sig.slice(1))).toBe(false);
    expect(links.url('https://x.test', CLASS, STUDENT, 4)).toBe(
      `https://x.test/api/ratings?class=${CLASS}&student=${STUDENT}&rating=4&sig=${sig}`,
    );
  });

  it('early-access tokens name the term and hold only for the email they were sent to', () => {
    const tokens = new EarlyAccessTokens(config);
    const token = tokens.issue(CLASS, 'Ann@Example.com');
    expect(token).toBe('3f1c2a4e9b7d4c1e8a2f6d5e4c3b2a19.bGzkQJsnzNN-OLqyWnsbIw');
    expect(tokens.verify(token, CLASS, ' ann@example.com ')).toBe(true);
    expect(tokens.verify(token, CLASS, 'bob@example.com')).toBe(false);
    expect(tokens.verify(token, STUDENT, 'ann@example.com')).toBe(false);
    expect(tokens.verify(`${token}x`, CLASS, 'ann@example.com')).toBe(false);
    expect(tokens.verify(42, CLASS, 'ann@example.com')).toBe(false);
  });

  it('waitlist tokens name the entry, the kind and the offer', () => {
    const tokens = new WaitlistTokens(config);
    const offer = tokens.issue('offer', STUDENT, 3);
    const leave = tokens.issue('leave', STUDENT);
    expect(offer).toBe('o7a6b5c4d3e2f4a1b9c8d7e6f5a4b3c2d3.xRn39hUt2jUf5tJDJem2OA');
    expect(leave).toBe('l7a6b5c4d3e2f4a1b9c8d7e6f5a4b3c2d0.q3DhInGBLorztE6c-6HStQ');
    expect(tokens.read('offer', offer)).toEqual({ entryId: STUDENT, offer: 3 });
    expect(tokens.read('leave', leave)).toEqual({ entryId: STUDENT, offer: 0 });
    expect(tokens.read('leave', offer)).toBeNull();
    expect(
      tokens.read(
        'offer',
        offer.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      ),
    ).toBeNull();
    expect(tokens.read('offer', null)).toBeNull();
    expect(WaitlistTokens.hash(offer)).toMatch(/^[0-9a-f]{64}$/);
  });
});
