import type { ListParams } from './list-query';
import { idFilter } from './list-query';

/**
 * One page of a short list the service reads whole (an organization's promo codes, its calendar feeds): narrowed by
 * `filter.id` (getMany) and `keep`, sorted by the asked field, then cut to the asked range. Ties keep the order the
 * rows came in (the sort is stable, and each repository orders its list to the id), so pages never overlap and the
 * default sort is the list's old order. Returns the page and the total before the cut, for Content-Range.
 */
export function pageOf<T extends { id: string }>(
  rows: T[],
  params: ListParams,
  keep: (row: T) => boolean = () => true,
): { page: T[]; total: number } {
  const ids = idFilter(params.filter);
  const all = rows.filter((r) => (!ids || ids.includes(r.id)) && keep(r));
  const key = params.sortField as keyof T;
  const text = (v: unknown) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? '' : String(v).toLowerCase());
  const direction = params.sortOrder === 'ASC' ? 1 : -1;
  all.sort((a, b) => {
    const x = text(a[key]);
    const y = text(b[key]);
    return (x < y ? -1 : x > y ? 1 : 0) * direction;
  });
  return { page: all.slice(params.offset, params.offset + params.limit), total: all.length };
}
