import type { components } from '@shared/api/schema';
import { api } from '@/lib/apiClient';

type StripeConfig = components['schemas']['StripeConfigResponseDto'];

/** The public part of GET /api/connect/status/{organizationId} (spec 2 §3 "Connect status"). */
interface ConnectStatus {
  hasAccount: boolean;
  charges_enabled: boolean;
}

let configPromise: Promise<StripeConfig> | null = null;

/** GET /api/stripe/config, cached after the first successful fetch (spec 2 §4). */
function getStripeConfig(): Promise<StripeConfig> {
  configPromise ??= api.get<StripeConfig>('/api/stripe/config', { public: true }).catch((error: unknown) => {
    configPromise = null;
    throw error;
  });
  return configPromise;
}

function getConnectStatus(organizationId: string): Promise<ConnectStatus> {
  return api.get<ConnectStatus>(`/api/connect/status/${encodeURIComponent(organizationId)}`, { public: true });
}

/**
 * Cards are offered only when the platform has a publishable key and the organization's connected account can
 * take charges (spec 2 §4, §6). Any failure to find out is "not available": the student can still pay in person.
 */
export async function getCardAvailability(organizationId: string): Promise<{ available: boolean; publicKey: string | null }> {
  try {
    const [config, status] = await Promise.all([getStripeConfig(), getConnectStatus(organizationId)]);
    const available = !!config.publicKey && !!status.hasAccount && status.charges_enabled === true;
    return { available, publicKey: config.publicKey };
  } catch {
    return { available: false, publicKey: null };
  }
}
