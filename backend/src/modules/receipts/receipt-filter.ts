import { BadRequestException } from '@nestjs/common';
import { referenceFilter } from '../../common/http/list-query';
import { RECEIPT_KINDS } from './dto/receipt.response';
import type { ReceiptKind } from './receipt.types';
import type { ReceiptFilter } from './receipts.repository';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_SEARCH = 100;

/** A calendar day as the filter takes it (YYYY-MM-DD that is a real date), or a 400 naming the key. */
function dayOf(filter: Record<string, unknown>, key: 'from' | 'to'): string | undefined {
  const raw = filter[key];
  if (raw === undefined || raw === null || raw === '') return undefined;
  const s = String(raw);
  if (!DAY.test(s) || Number.isNaN(Date.parse(`${s}T00:00:00Z`)) || new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) !== s)
    throw new BadRequestException(`filter ${key} must be a date such as 2026-01-31`);
  return s;
}

/**
 * The admin's receipt filter from ra-data-simple-rest's `filter` object: `studentId`, `kind` (receipt or
 * credit_note), `from` and `to` (days issued, inclusive) and `q` (number, payer name or email). Anything malformed
 * is a 400 rather than an empty list.
 */
export function receiptFilter(filter: Record<string, unknown>): ReceiptFilter {
  const kind = filter.kind as ReceiptKind | undefined;
  if (kind !== undefined && !RECEIPT_KINDS.includes(kind)) throw new BadRequestException('filter kind must be receipt or credit_note');
  const from = dayOf(filter, 'from');
  const to = dayOf(filter, 'to');
  if (from && to && from > to) throw new BadRequestException('filter from must not be after filter to');
  const q = filter.q === undefined || filter.q === null ? undefined : String(filter.q).trim();
  if (q && q.length > MAX_SEARCH) throw new BadRequestException(`filter q must be at most ${MAX_SEARCH} characters`);
  return { studentId: referenceFilter(filter, 'studentId'), kind, from, to, q: q || undefined };
}
