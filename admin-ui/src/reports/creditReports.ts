/**
 * The credits reports (issue 41 §4) as the Reports screen's Credits tab reads them: unused credit (the liability, by
 * expiry month), sales by product and make-ups, each as JSON for the table or CSV for a download.
 */
import type { components } from '@shared/api/schema';
import { HttpError } from 'react-admin';
import { API_URL, httpClient } from '@/providers/httpClient';
import { getToken } from '@/providers/session';

type Schemas = components['schemas'];
export type CreditLiabilityReport = Schemas['CreditLiabilityReportDto'];
export type CreditSalesReport = Schemas['CreditSalesReportDto'];
export type MakeupsReport = Schemas['MakeupsReportDto'];
export type CreditReport = CreditLiabilityReport | CreditSalesReport | MakeupsReport;

export type CreditReportKind = 'credit-liability' | 'credit-sales' | 'makeups';
export const CREDIT_REPORT_KINDS: { value: CreditReportKind; label: string }[] = [
  { value: 'credit-liability', label: 'Unused credit' },
  { value: 'credit-sales', label: 'Sales by product' },
  { value: 'makeups', label: 'Make-ups' },
];

export const KIND_WORDS: Record<string, string> = {
  pack: 'Class pack',
  membership: 'Membership',
  membership_allowance: 'Membership allowance',
  makeup_token: 'Make-up token',
  account_credit: 'Account credit',
};

export const creditReportsApi = {
  get: async (kind: CreditReportKind, query: string) => (await httpClient<CreditReport>(`${API_URL}/reports/${kind}?${query}`)).json,
  /** The CSV's bytes and the name the server gave it. */
  csv: async (kind: CreditReportKind, query: string) => {
    const token = getToken();
    const res = await fetch(`${API_URL}/reports/${kind}?${query}&format=csv`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { error?: string } | null;
      throw new HttpError(body?.error ?? `Download failed (${res.status})`, res.status, body ?? {});
    }
    const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? `${kind}.csv`;
    return { blob: await res.blob(), name };
  },
};

/** A report's table: headers, right-aligned figures, rows and the totals row, as the screen shows it. */
export function creditReportRows(r: CreditReport): { headers: string[]; rows: string[][]; totals: string[] } {
  const $ = (n: number) => `$${n.toFixed(2)}`;
  if (r.report === 'credit-liability') {
    const x = r as CreditLiabilityReport;
    return {
      headers: ['Expiry month', 'Kind', 'Credits', 'Uses outstanding', 'Dollars outstanding'],
      rows: x.rows.map((row) => [
        row.expiryMonth ?? 'No expiry',
        KIND_WORDS[row.kind] ?? row.kind,
        String(row.credits),
        String(row.uses),
        $(row.dollars),
      ]),
      totals: ['Total', '', String(x.totals.credits), String(x.totals.uses), $(x.totals.dollars)],
    };
  }
  if (r.report === 'credit-sales') {
    const x = r as CreditSalesReport;
    return {
      headers: ['Product', 'Kind', 'Sales', 'In person', 'Card', 'Revenue'],
      rows: x.rows.map((row) => [
        row.product,
        KIND_WORDS[row.kind] ?? row.kind,
        String(row.sales),
        String(row.inPerson),
        String(row.card),
        $(row.revenue),
      ]),
      totals: ['Total', '', String(x.totals.sales), '', '', $(x.totals.revenue)],
    };
  }
  const x = r as MakeupsReport;
  return {
    headers: ['Month', 'Granted', 'Booked', 'Used', 'Expired'],
    rows: x.rows.map((row) => [row.month, String(row.granted), String(row.booked), String(row.used), String(row.expired)]),
    totals: ['Total', String(x.totals.granted), String(x.totals.booked), String(x.totals.used), String(x.totals.expired)],
  };
}
