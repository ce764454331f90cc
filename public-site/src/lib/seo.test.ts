import { describe, expect, it } from 'vitest';
import { applySeo, SEO } from './seo';

const meta = (name: string) => document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? null;

/** Undefined overrides (no organization yet) replaced the page's own title, description and noindex. */
describe('applySeo', () => {
  it("should keep the page's entry when an override is undefined", () => {
    applySeo('signin', { title: undefined, description: undefined, noindex: undefined, siteName: undefined });
    expect(document.title).toBe('Sign In | Classlane');
    expect(meta('description')).toBe(SEO.signin.description);
    expect(meta('robots')).toBe('noindex, nofollow');
  });
  it('should apply defined overrides and drop noindex on an indexable page', () => {
    applySeo('about-us', { title: 'About Sunrise', siteName: 'Sunrise' });
    expect(document.title).toBe('About Sunrise | Sunrise');
    expect(meta('description')).toBe(SEO['about-us'].description);
    expect(meta('robots')).toBeNull();
  });
  it('should have no key for pages that do not exist', () => {
    expect(Object.keys(SEO)).not.toEqual(expect.arrayContaining(['classes']));
    expect(SEO.student).toBeUndefined();
    expect(SEO.teacher).toBeUndefined();
  });
});
