import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearBrandingCache, clearSession, storeSession, TOKEN_KEY, USER_KEY, type User } from '@/providers/session';
import { createDataProvider } from '@/providers/dataProvider';

const USER: User = { id: 'u1', email: 'a@b.c', role: 'admin', firstName: 'A', lastName: 'B', organizationId: 'org-1' };

/** What the public site writes (public-site/src/lib/branding.ts). */
function seedPublicCache() {
  localStorage.setItem('classlane.branding.org-1', JSON.stringify({ savedAt: Date.now(), branding: { businessName: 'Old name' } }));
  localStorage.setItem('classlane.branding.org-2', JSON.stringify({ savedAt: Date.now(), branding: { businessName: 'Other' } }));
  localStorage.setItem('classlane.ab.variant', 'B');
}

const brandingKeys = () => Object.keys(localStorage).filter((k) => k.startsWith('classlane.branding.'));

describe('branding cache (spec 1 §4)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('should clear every classlane.branding.* key and nothing else', () => {
    seedPublicCache();
    clearBrandingCache();
    expect(brandingKeys()).toEqual([]);
    expect(localStorage.getItem('classlane.ab.variant')).toBe('B');
  });

  it('should clear the branding cache with the session (logout, 401, expired token)', () => {
    storeSession('tok', USER);
    seedPublicCache();
    clearSession();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(brandingKeys()).toEqual([]);
  });

  it('should clear the branding cache when another user signs in', () => {
    seedPublicCache();
    storeSession('tok', USER);
    expect(brandingKeys()).toEqual([]);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok');
  });

  it('should invalidate the cache when branding is saved, and only once the server accepted it', async () => {
    seedPublicCache();
    const dp = createDataProvider('/api');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: false, data: null, error: 'Custom branding is a Essential plan feature' }), {
            status: 403,
          }),
      ),
    );
    await expect(dp.saveBranding({ businessName: 'New' } as never)).rejects.toMatchObject({ status: 403 });
    expect(brandingKeys()).toHaveLength(2);

    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: true, data: { branding: { businessName: 'New' } }, error: null }), { status: 200 }),
      ),
    );
    await dp.saveBranding({ businessName: 'New' } as never);
    expect(brandingKeys()).toEqual([]);
  });
});
