/**
 * Organization branding (spec 1 §4, §9): fetched from GET /api/public/branding/{id}, cached 24 h per
 * organization in localStorage, applied as CSS variables. Defaults when there is no organization.
 */
import { api, rethrowAs } from '@/lib/apiClient';
import type { Branding } from '@/lib/models';
import { readJson, writeJson } from '@/lib/storage';

export const BRANDING_CACHE_MS = 24 * 60 * 60 * 1000;
const CACHE_PREFIX = 'classlane.branding.';

const DEFAULT_SLOGAN = 'Streamline Your Event Scheduling & Management';
export const ORG_DEFAULT_SLOGAN = 'Empowering Education Through Technology';

export const DEFAULT_BRANDING: Branding = {
  businessName: 'Classlane',
  logoUrl: '',
  primaryColor: '#15385F',
  secondaryColor: '#3384A9',
  headerBackgroundColor: '#15385F',
  headerTextColor: '#ffffff',
  footerBackgroundColor: '#15385F',
  footerTextColor: '#ffffff',
  slogan: DEFAULT_SLOGAN,
  websiteUrl: '',
  socialLinks: { facebook: '', twitter: '', instagram: '', youtube: '', linkedin: '' },
};

interface CacheEntry {
  savedAt: number;
  branding: Branding;
}

export function brandingPath(organizationId: string): string {
  return `/api/public/branding/${encodeURIComponent(organizationId)}`;
}

/** Fills missing or empty fields with the defaults. */
export function withDefaults(partial: Partial<Branding> | null | undefined): Branding {
  const out: Branding = { ...DEFAULT_BRANDING, socialLinks: { ...DEFAULT_BRANDING.socialLinks } };
  if (!partial) return out;
  for (const [key, value] of Object.entries(partial) as [keyof Branding, unknown][]) {
    if (value !== null && value !== undefined && value !== '') (out as unknown as Record<string, unknown>)[key] = value;
  }
  out.socialLinks = { ...DEFAULT_BRANDING.socialLinks, ...(partial.socialLinks ?? {}) };
  return out;
}

export function readCachedBranding(organizationId: string, now = Date.now()): Branding | null {
  const entry = readJson<CacheEntry>(CACHE_PREFIX + organizationId);
  if (!entry || typeof entry.savedAt !== 'number' || now - entry.savedAt > BRANDING_CACHE_MS) return null;
  return withDefaults(entry.branding);
}

export function clearBrandingCache(): void {
  try {
    for (let i = localStorage.length - 1; i >= 0; i -= 1) {
      const key = localStorage.key(i);
      if (key?.startsWith(CACHE_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    /* storage unavailable */
  }
}

export async function fetchBranding(organizationId: string): Promise<Branding> {
  const cached = readCachedBranding(organizationId);
  if (cached) return cached;
  const branding = withDefaults(
    await rethrowAs('Failed to fetch public branding', api.get<Partial<Branding>>(brandingPath(organizationId), { public: true })),
  );
  writeJson(CACHE_PREFIX + organizationId, { savedAt: Date.now(), branding } satisfies CacheEntry);
  return branding;
}

/** A colour safe to put in a CSS variable (hex, rgb/hsl or a plain name), else the fallback. */
function safeColor(value: string, fallback: string): string {
  return /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\([\d\s.,%]+\)|[a-z]+)$/i.test(value.trim()) ? value.trim() : fallback;
}

/** Relative luminance contrast between two hex colours (WCAG), or null if not hex. */
function contrastRatio(a: string, b: string): number | null {
  const lum = (hex: string): number | null => {
    const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
    if (!m) return null;
    const full = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
    const [r, g, b2] = [0, 2, 4].map((i) => {
      const c = parseInt(full.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const la = lum(a);
  const lb = lum(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Applies the branding as CSS variables on <html>. Text colours with too little contrast are corrected. */
export function applyBranding(branding: Branding, root: HTMLElement = document.documentElement): void {
  const d = DEFAULT_BRANDING;
  const readableOn = (bg: string, fg: string) => {
    const ratio = contrastRatio(bg, fg);
    if (ratio === null || ratio >= 4.5) return fg;
    return (contrastRatio(bg, '#ffffff') ?? 0) >= (contrastRatio(bg, '#111827') ?? 0) ? '#ffffff' : '#111827';
  };
  const primary = safeColor(branding.primaryColor, d.primaryColor);
  const headerBg = safeColor(branding.headerBackgroundColor, d.headerBackgroundColor);
  const footerBg = safeColor(branding.footerBackgroundColor, d.footerBackgroundColor);
  const vars: Record<string, string> = {
    '--color-primary': primary,
    '--color-on-primary': readableOn(primary, '#ffffff'),
    '--color-secondary': safeColor(branding.secondaryColor, d.secondaryColor),
    '--header-bg': headerBg,
    '--header-text': readableOn(headerBg, safeColor(branding.headerTextColor, d.headerTextColor)),
    '--footer-bg': footerBg,
    '--footer-text': readableOn(footerBg, safeColor(branding.footerTextColor, d.footerTextColor)),
  };
  for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', headerBg);
}
