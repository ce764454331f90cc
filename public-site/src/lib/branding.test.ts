import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyBranding, BRANDING_CACHE_MS, DEFAULT_BRANDING, fetchBranding, readCachedBranding, withDefaults } from './branding';
import { getPublicOrganization } from './publicApi';

describe('branding', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });
  it('should cache per organization for 24 hours', async () => {
    const fetchMock = vi.fn().mockResolvedValue(
      new Response(JSON.stringify({ success: true, data: { businessName: 'Sunrise', primaryColor: '#123456' }, error: null }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const first = await fetchBranding('org-1');
    expect(first.businessName).toBe('Sunrise');
    expect(first.secondaryColor).toBe(DEFAULT_BRANDING.secondaryColor);
    await fetchBranding('org-1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(readCachedBranding('org-1', Date.now() + BRANDING_CACHE_MS + 1)).toBeNull();
  });
  it("should fail with spec 1 §8's text, keeping the status (a missing organization is told apart)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response(JSON.stringify({ success: false, data: null, error: 'Organization not found' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    await expect(fetchBranding('org-404')).rejects.toMatchObject({ message: 'Failed to fetch public branding', status: 404 });
    await expect(getPublicOrganization('org-404')).rejects.toMatchObject({ message: 'Failed to fetch public organization', status: 404 });
  });
  it('should apply variables and fix unreadable text colours', () => {
    applyBranding(withDefaults({ headerBackgroundColor: '#ffffff', headerTextColor: '#fefefe' }));
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--color-primary')).toBe('#15385F');
    expect(style.getPropertyValue('--header-text')).toBe('#111827');
  });
});
