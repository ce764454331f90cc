import { API_URL } from '@/providers/httpClient';
import { getToken } from '@/providers/session';

/** GET /api/tax-report/{year}/csv: the tax collected and refunded by rate and month, as the server names the file. */
export async function downloadTaxReport(year: number): Promise<{ blob: Blob; name: string }> {
  const token = getToken();
  const res = await fetch(`${API_URL}/tax-report/${year}/csv`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `Download failed (${res.status})`);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? `tax-report-${year}.csv`;
  return { blob: await res.blob(), name };
}
