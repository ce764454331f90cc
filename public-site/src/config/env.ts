/**
 * Build-time configuration of the public site (Vite `import.meta.env`).
 * Every value has a safe default, so a plain `vite build` works.
 */
function readNumber(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    throw new Error(`Invalid configuration: expected a number, got "${raw}"`);
  }
  return value;
}

const rawEnv = import.meta.env as Record<string, string | undefined>;

export const env = {
  /** API origin; empty = same origin as the page (the backend serves this app). */
  apiBaseUrl: (rawEnv.VITE_API_BASE_URL ?? '').replace(/\/+$/, ''),
  /** Platform fee used when the backend does not publish GET /api/public/config. */
  platformFeePercent: readNumber(rawEnv.VITE_PLATFORM_FEE_PERCENT, 3),
  /** Platform addresses: none unless configured, so a page never shows an address nobody reads. */
  supportEmail: rawEnv.VITE_SUPPORT_EMAIL?.trim() || null,
  partnershipsEmail: rawEnv.VITE_PARTNERSHIPS_EMAIL?.trim() || null,
  /** Public origin used in absolute links (share links, QR codes). Defaults to the page origin. */
  publicOrigin: (rawEnv.VITE_PUBLIC_ORIGIN ?? '').replace(/\/+$/, ''),
} as const;

export function publicOrigin(): string {
  return env.publicOrigin || window.location.origin;
}
