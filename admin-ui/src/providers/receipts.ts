import { API_URL, httpClient } from '@/providers/httpClient';
import { getToken } from '@/providers/session';

/** A receipt or credit note as GET /api/receipts answers it (the fields the admin's list shows). */
export interface ReceiptRow {
  id: string;
  kind: 'receipt' | 'credit_note';
  number: string;
  originalNumber: string | null;
  issuedAt: string;
  payer: { studentId: string | null; name: string; email: string };
  students: { id: string; name: string }[];
  total: number;
  taxes: { label: string; rate: number; included: boolean; amount: number }[];
  paymentMethod: 'card' | 'in-person';
}

/** What the admin's list narrows to (GET /api/receipts's filter): empty values are left out. */
export interface ReceiptFilter {
  q?: string;
  kind?: '' | 'receipt' | 'credit_note';
  from?: string;
  to?: string;
}

export const RECEIPTS_PER_PAGE = 25;

const filterJson = (f: ReceiptFilter) =>
  JSON.stringify(Object.fromEntries(Object.entries(f).filter(([, v]) => v !== '' && v !== undefined)));

/** One page of the organization's receipts, newest first, and how many the filter keeps (Content-Range). */
export async function listReceipts(f: ReceiptFilter, page: number): Promise<{ rows: ReceiptRow[]; total: number }> {
  const start = page * RECEIPTS_PER_PAGE;
  const query = new URLSearchParams({
    filter: filterJson(f),
    sort: JSON.stringify(['issuedAt', 'DESC']),
    range: JSON.stringify([start, start + RECEIPTS_PER_PAGE - 1]),
  });
  const res = await httpClient<ReceiptRow[]>(`${API_URL}/receipts?${query}`);
  const total = Number(/\/(\d+)$/.exec(res.headers.get('Content-Range') ?? '')?.[1] ?? res.json.length);
  return { rows: res.json, total };
}

/** A file the server streams (CSV, PDF): its bytes and the name the server gave it. */
async function download(path: string, fallbackName: string): Promise<{ blob: Blob; name: string }> {
  const token = getToken();
  const res = await fetch(`${API_URL}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `Download failed (${res.status})`);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  return { blob: await res.blob(), name };
}

/** GET /api/receipts/csv: the receipts the filter keeps, all pages. */
export const downloadReceiptsCsv = (f: ReceiptFilter) =>
  download(`/receipts/csv?${new URLSearchParams({ filter: filterJson(f) })}`, 'receipts.csv');

/** GET /api/receipts/{id}/pdf: the receipt or credit note as its PDF (named by its number). */
export const downloadReceiptPdf = (r: Pick<ReceiptRow, 'id' | 'number'>) => download(`/receipts/${r.id}/pdf`, `${r.number}.pdf`);
