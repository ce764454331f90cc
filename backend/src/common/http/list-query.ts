import { BadRequestException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

/** ra-data-simple-rest list parameters: sort=["field","ASC"], range=[0,24], filter={...}. */
export interface ListParams {
  sortField: string;
  sortOrder: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
}

function parseJson(name: string, raw: unknown): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw new BadRequestException(`${name} must be a JSON string`);
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequestException(`${name} is not valid JSON`);
  }
}

/**
 * Parses and checks the list parameters against the sortable fields of a resource; the first entry of
 * `sortable` is the default. Unknown sort fields are refused rather than silently ignored.
 */
export function parseListParams(query: Record<string, unknown>, sortable: string[], defaultOrder: 'ASC' | 'DESC' = 'ASC'): ListParams {
  const sort = parseJson('sort', query.sort);
  const range = parseJson('range', query.range);
  const filter = parseJson('filter', query.filter) ?? {};
  let sortField = sortable[0];
  let sortOrder = defaultOrder;
  if (sort !== undefined) {
    if (!Array.isArray(sort) || typeof sort[0] !== 'string') throw new BadRequestException('sort must look like ["field","ASC"]');
    if (!sortable.includes(sort[0])) throw new BadRequestException(`sort field must be one of: ${sortable.join(', ')}`);
    sortField = sort[0];
    const order = String(sort[1] ?? 'ASC').toUpperCase();
    if (order !== 'ASC' && order !== 'DESC') throw new BadRequestException('sort order must be ASC or DESC');
    sortOrder = order;
  }
  let offset = 0;
  let limit = 1000;
  if (range !== undefined) {
    if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n) && n >= 0) || range[1] < range[0]) {
      throw new BadRequestException('range must look like [0,24]');
    }
    offset = range[0];
    limit = Math.min(range[1] - range[0] + 1, 1000);
  }
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw new BadRequestException('filter must be a JSON object');
  return { sortField, sortOrder, offset, limit, filter: filter as Record<string, unknown> };
}

export function setContentRange(res: FastifyReply, resource: string, params: ListParams, count: number, total: number): void {
  const end = count === 0 ? params.offset : params.offset + count - 1;
  void res.header('Content-Range', `${resource} ${params.offset}-${end}/${total}`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The ids a list is narrowed to: `filter.id` as ra-data-simple-rest's getMany sends it (an array, or one
 * id), or the older `filter.ids`. undefined: no id filter. A value that is not an id matches nothing.
 */
export function idFilter(filter: Record<string, unknown>): string[] | undefined {
  const raw = filter.id ?? filter.ids;
  if (raw === undefined || raw === null) return undefined;
  return (Array.isArray(raw) ? raw : [raw]).map(String).filter((id) => UUID.test(id));
}

/** A reference filter (getManyReference's `{ [target]: id }`): the id, '' when it is not one (matches nothing). */
export function referenceFilter(filter: Record<string, unknown>, key: string): string | undefined {
  const raw = filter[key];
  if (raw === undefined || raw === null || raw === '') return undefined;
  return UUID.test(String(raw)) ? String(raw) : '';
}
