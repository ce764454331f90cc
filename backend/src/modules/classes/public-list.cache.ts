import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/** What a seat refresh reads of each public class: the columns a registration or a cancellation changes. */
export interface SeatState {
  id: string;
  enrolledStudents: number;
  status: string;
  closedWhenFull: boolean;
  updatedAt: Date;
}

/** One class of the list as served, with what it takes to serialize it again after its seats change. */
export interface ListRow<T = unknown> {
  id: string;
  /** The class as read (its seat columns are patched in place by a seat refresh). */
  source: T;
  /** The class's reply object serialized: the list body is these joined, so a seat refresh re-serializes only changed rows. */
  json: string;
}

export interface CachedList {
  body: string;
  /** The body's UTF-8 bytes, encoded once: sent as they are instead of measuring and encoding the text per reply. */
  raw: Buffer;
  bytes: number;
  /** The same body gzipped once, for the many clients that accept it. */
  gzip: Buffer;
  etag: string;
  /** When the whole list (titles, terms, everything) was read from the database (ms): its `Age`. */
  createdAt: number;
  /** When the seat columns were last read (ms): at or after `createdAt`. */
  seatsReadAt: number;
  rows: ListRow[];
  /** Each class's position in `rows`. */
  index: Map<string, number>;
  /** Whatever else the rows were serialized with (the organization's time zone), for re-serializing a row. */
  context: unknown;
}

/** A public class page built from the list's copy. */
export interface CachedPage {
  body: string;
  /** The body's UTF-8 bytes, encoded once (as the list's). */
  raw: Buffer;
  bytes: number;
  gzip: Buffer;
  etag: string;
  /** As old as the list copy it came from (its `Age`). */
  createdAt: number;
}

/**
 * Renders a class page from a row of the list copy: `key` is what the page adds to the row (its registration form, as
 * the owning module keeps it in memory), so a page is rendered once per row and form; undefined when that is not in
 * memory (the page is then read as usual).
 */
export type PageRenderer = (organizationId: string, list: CachedList, row: ListRow) => { key: unknown; render: () => string } | undefined;

/**
 * The serialized public class list per organization, and when to read it again.
 *
 * During an opening thousands of people load this list while a seat is taken every few milliseconds, so the list is
 * never rebuilt per request. Instead:
 * - a seat taken or freed in this process marks the copy's seats as changed; once the seats were read SEAT_REFRESH_MS
 *   ago, the next request starts a seat refresh (one small indexed query of every class's seat columns, and only the
 *   classes whose seats moved serialized again) and is itself answered from the copy it has;
 * - the whole list is read again every TTL_MS (a class edited on another instance shares the database but not this
 *   process), also in the background while the copy is served;
 * - a copy older than MAX_STALE_MS is never served: the request waits for the new one. So what a reply shows is at most
 *   MAX_STALE_MS old, and says so (`Age`); a registration always checks the seat itself.
 * - any class write in this process drops the copy at once, and a refresh started before the write is not kept.
 * Only one refresh per organization runs at a time in a process: concurrent misses wait for the same one instead of
 * each querying PostgreSQL (the `refreshing` map, kept per generation so a write is never hidden by an older read).
 */
@Injectable()
export class PublicListCache {
  static readonly TTL_MS = 2000;
  static readonly SEAT_REFRESH_MS = 1000;
  static readonly MAX_STALE_MS = 3000;
  private readonly entries = new Map<string, CachedList>();
  /** Bumped by every class write of the organization: a refresh that began before it is not stored. */
  private readonly generations = new Map<string, number>();
  /** When a seat of the organization last changed in this process (ms). */
  private readonly seatChanges = new Map<string, number>();
  private readonly refreshing = new Map<string, { generation: number; promise: Promise<CachedList> }>();
  /** Builds or refreshes an organization's list; set by the classes service, which reads the database. */
  private refresher?: (organizationId: string, previous: CachedList | undefined) => Promise<CachedList>;

  private pageRenderer?: PageRenderer;
  private readonly pages = new WeakMap<ListRow, { key: unknown; page: CachedPage }>();

  setRefresher(refresher: (organizationId: string, previous: CachedList | undefined) => Promise<CachedList>): void {
    this.refresher = refresher;
  }

  setPageRenderer(renderer: PageRenderer): void {
    this.pageRenderer = renderer;
  }

  /**
   * A public class page from the list's copy, with the same bounds (seats refreshed a second after they move, nothing
   * older than MAX_STALE_MS): in an opening most people load a page after the list, and the page's seats need be no
   * fresher than the list's (a registration checks the seat itself). Undefined when the copy, the class or its form is
   * not in memory: the page is then read from the database.
   */
  page(organizationId: string, classId: string, now = Date.now()): CachedPage | undefined {
    const list = this.get(organizationId, now);
    const i = list?.index.get(classId);
    if (!list || i === undefined || !this.pageRenderer) return undefined;
    const row = list.rows[i];
    const rendered = this.pageRenderer(organizationId, list, row);
    if (!rendered) return undefined;
    const memo = this.pages.get(row);
    if (memo && memo.key === rendered.key) return memo.page;
    const body = rendered.render();
    const raw = Buffer.from(body);
    const page = {
      body,
      raw,
      bytes: raw.length,
      gzip: gzipSync(body),
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      createdAt: list.createdAt,
    };
    this.pages.set(row, { key: rendered.key, page });
    return page;
  }

  /**
   * The copy to answer with now, starting a background refresh when one is due; undefined when there is none young
   * enough (the caller then awaits `load`).
   */
  get(organizationId: string, now = Date.now()): CachedList | undefined {
    const hit = this.entries.get(organizationId);
    if (!hit) return undefined;
    if (now - hit.createdAt >= PublicListCache.MAX_STALE_MS) return undefined;
    if (this.refreshDue(organizationId, hit, now)) void this.load(organizationId).catch(() => undefined);
    return hit;
  }

  /** The organization's list, from the copy when it is young enough, else from the one refresh in flight. */
  load(organizationId: string): Promise<CachedList> {
    const generation = this.generations.get(organizationId) ?? 0;
    const running = this.refreshing.get(organizationId);
    if (running && running.generation === generation) return running.promise;
    if (!this.refresher) return Promise.reject(new Error('PublicListCache has no refresher'));
    const previous = this.entries.get(organizationId);
    const promise = this.refresher(organizationId, previous)
      .then((entry) => {
        if ((this.generations.get(organizationId) ?? 0) === generation) {
          if (this.entries.size > 5000 && !this.entries.has(organizationId)) this.entries.clear();
          this.entries.set(organizationId, entry);
        }
        return entry;
      })
      .finally(() => {
        if (this.refreshing.get(organizationId)?.promise === promise) this.refreshing.delete(organizationId);
      });
    this.refreshing.set(organizationId, { generation, promise });
    return promise;
  }

  /** Whether the previous copy may be refreshed by its seats alone (else the whole list is read again). */
  seatsOnly(previous: CachedList | undefined, now = Date.now()): previous is CachedList {
    return !!previous && now - previous.createdAt < PublicListCache.TTL_MS;
  }

  private refreshDue(organizationId: string, hit: CachedList, now: number): boolean {
    if (now - hit.createdAt >= PublicListCache.TTL_MS) return true;
    const changed = this.seatChanges.get(organizationId);
    return changed !== undefined && changed >= hit.seatsReadAt && now - hit.seatsReadAt >= PublicListCache.SEAT_REFRESH_MS;
  }

  /** A copy built from rows serialized one by one (`rows[i].json`): the body, its gzip and its ETag. */
  compose(rows: ListRow[], context: unknown, createdAt: number, seatsReadAt = createdAt): CachedList {
    // Exactly JSON.stringify({ success: true, data, error: null }), without serializing unchanged rows again.
    const body = `{"success":true,"data":[${rows.map((r) => r.json).join(',')}],"error":null}`;
    const raw = Buffer.from(body);
    return {
      body,
      raw,
      bytes: raw.length,
      gzip: gzipSync(body),
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      createdAt,
      seatsReadAt,
      rows,
      index: new Map(rows.map((r, i) => [r.id, i])),
      context,
    };
  }

  /** A class of the organization was written in this process: the copy goes, and no refresh begun before is kept. */
  invalidate(organizationId: string): void {
    this.entries.delete(organizationId);
    // One number per organization that ever had a class write in this process (never cleared: clearing could make an
    // older refresh's generation match again).
    this.generations.set(organizationId, (this.generations.get(organizationId) ?? 0) + 1);
  }

  /** A seat of the organization was taken or freed: its seats are read again at most SEAT_REFRESH_MS after the last read. */
  seatsChanged(organizationId: string, now = Date.now()): void {
    if (this.seatChanges.size > 5000) this.seatChanges.clear();
    this.seatChanges.set(organizationId, now);
  }
}
