import { defaultTheme, type RaThemeOptions } from 'react-admin';
import type { Branding } from '@/providers/types';

export const DEFAULT_BRANDING: Branding = {
  businessName: 'Classlane',
  logoUrl: '',
  primaryColor: '#15385F',
  secondaryColor: '#3384A9',
  headerBackgroundColor: '#15385F',
  headerTextColor: '#ffffff',
  footerBackgroundColor: '#15385F',
  footerTextColor: '#ffffff',
  slogan: 'Streamline Your Event Scheduling & Management',
  websiteUrl: '',
  socialLinks: { facebook: '', twitter: '', instagram: '', youtube: '', linkedin: '' },
};

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const safeColor = (value: string | null | undefined, fallback: string) => (value && HEX.test(value.trim()) ? value.trim() : fallback);

/** Merge whatever the server returned over the defaults (missing or empty values fall back). */
export function withDefaults(branding: Partial<Branding> | null | undefined): Branding {
  const b = branding ?? {};
  const pick = <K extends keyof Branding>(k: K) => (b[k] ? (b[k] as Branding[K]) : DEFAULT_BRANDING[k]);
  return {
    businessName: pick('businessName'),
    logoUrl: b.logoUrl ?? '',
    primaryColor: safeColor(b.primaryColor, DEFAULT_BRANDING.primaryColor),
    secondaryColor: safeColor(b.secondaryColor, DEFAULT_BRANDING.secondaryColor),
    headerBackgroundColor: safeColor(b.headerBackgroundColor, safeColor(b.primaryColor, DEFAULT_BRANDING.headerBackgroundColor)),
    headerTextColor: safeColor(b.headerTextColor, DEFAULT_BRANDING.headerTextColor),
    footerBackgroundColor: safeColor(b.footerBackgroundColor, safeColor(b.primaryColor, DEFAULT_BRANDING.footerBackgroundColor)),
    footerTextColor: safeColor(b.footerTextColor, DEFAULT_BRANDING.footerTextColor),
    slogan: b.slogan ?? DEFAULT_BRANDING.slogan,
    websiteUrl: b.websiteUrl ?? '',
    socialLinks: { ...DEFAULT_BRANDING.socialLinks, ...(b.socialLinks ?? {}) },
  };
}

/** A clean MUI theme built on the organization's primary colour. */
export function makeTheme(branding: Branding): RaThemeOptions {
  return {
    ...defaultTheme,
    palette: {
      mode: 'light',
      primary: { main: branding.primaryColor },
      secondary: { main: branding.secondaryColor },
      // WCAG AA for text: MUI picks black or white text on the organization's colours by this ratio
      // (its default, 3, lets white text on a mid blue through), and the stock warning/info tones are
      // darkened so chips and outlined labels stay readable on white.
      contrastThreshold: 4.5,
      warning: { main: '#b45309' },
      info: { main: '#0369a1' },
      background: { default: '#f4f6f9', paper: '#ffffff' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h4: { fontWeight: 700 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    sidebar: { width: 0, closedWidth: 0 },
    components: {
      ...defaultTheme.components,
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiTextField: { defaultProps: { variant: 'outlined', size: 'small', fullWidth: true } },
    },
  };
}
