import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyBranding, BRANDING_CACHE_MS, DEFAULT_BRANDING, fetchBranding, readCachedBranding, withDefaults } from './branding';

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
  it('should apply variables and fix unreadable text colours', () => {
    applyBranding(withDefaults({ headerBackgroundColor: '#ffffff', headerTextColor: '#fefefe' }));
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--color-primary')).toBe('#15385F');
    expect(style.getPropertyValue('--header-text')).toBe('#111827');
  });
});
