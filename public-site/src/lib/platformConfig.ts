/**
 * Platform-wide public settings: GET /api/public/config → { platformFeePercent, supportEmail }.
 * Falls back to the build-time values when the backend does not publish them.
 */
import { useEffect, useState } from 'react';
import type { components } from '@shared/api/schema';
import { env } from '@/config/env';
import { api } from '@/lib/apiClient';

/** `GET /api/public/config`; supportEmail is null when the server has no SUPPORT_EMAIL: pages then hide the address. */
export type PlatformConfig = components['schemas']['PublicConfigResponseDto'];

const FALLBACK: PlatformConfig = { platformFeePercent: env.platformFeePercent, supportEmail: env.supportEmail };
let cached: Promise<PlatformConfig> | null = null;

function getPlatformConfig(): Promise<PlatformConfig> {
  cached ??= api
    .get<Partial<PlatformConfig>>('/api/public/config', { public: true })
    .then((config) => ({
      platformFeePercent:
        typeof config?.platformFeePercent === 'number' && Number.isFinite(config.platformFeePercent)
          ? config.platformFeePercent
          : FALLBACK.platformFeePercent,
      // The server's answer wins, null included; the build-time value only stands in when it gives none.
      supportEmail: config && 'supportEmail' in config ? config.supportEmail || null : FALLBACK.supportEmail,
    }))
    .catch(() => FALLBACK);
  return cached;
}

export function usePlatformConfig(): PlatformConfig {
  const [config, setConfig] = useState<PlatformConfig>(FALLBACK);
  useEffect(() => {
    let active = true;
    void getPlatformConfig().then((c) => active && setConfig(c));
    return () => {
      active = false;
    };
  }, []);
  return config;
}
