import { BoundedMap } from './bounded-map';

/** An organization's row as this request read it: its id and the `config_version` the row carried. */
export interface OrganizationRead {
  readonly id: string;
  readonly configVersion: string;
}

/**
 * The organization a call is about: its row as this request read it (a registration's `admit()` result holds it), so
 * that copies kept under its `config_version` may answer; or only its id, when the request never read the row (a job,
 * an admin screen), and then everything is read from the database.
 */
export type OrganizationRef = string | OrganizationRead;

export const organizationIdOf = (org: OrganizationRef): string => (typeof org === 'string' ? org : org.id);

/** An organization's copies, every one read under `version` (or a later one). */
interface OrganizationCopies<T> {
  version: string;
  values: Map<string, T>;
}

/** Copies kept per organization at most (its terms, say): past that, the rest are read every time. */
const MAX_KEYS_PER_ORGANIZATION = 1000;

/** `a` is a later config_version than `b` (both bigint counters as PostgreSQL sends them: digits, no sign). */
const later = (a: string, b: string) => a.length > b.length || (a.length === b.length && a > b);

/**
 * In-process copies of what a registration reads of an organization's configuration (its terms, stored form,
 * confirmation template, webhook subscriptions, payment readiness), each kept under the organization's
 * `config_version`. Every write to what a copy holds bumps that number in its own transaction (database triggers,
 * docs/architecture.md "Trigger-owned columns"), on whichever instance it is made.
 *
 * The one staleness rule: a copy answers a request that read the organization's row (an `OrganizationRead`) when the
 * copy was read under that row's version or a later one. A copy read after the request saw version V holds every
 * write committed up to V; a later write commits V+1, the next request that reads the row sees V+1 and reads again.
 * The version travels with the row itself, not in a request context: a context (AsyncLocalStorage) turns on a
 * process-wide promise hook on Node 20 and made registrations dearer (docs/benchmarks/speed-behind-seams.md).
 *
 * Bounded: the copies of at most `max` organizations, the least recently used dropped first, and at most 1,000 per
 * organization. Concurrent misses of one copy (an opening's first seconds) share one read. `ConfigCopies.enabled = false` (CONFIG_COPIES=false) reads everything every time.
 */
export class ConfigCopies<T> {
  /** The off switch of docs/architecture.md's "Speed departures", set once at startup from CONFIG_COPIES. */
  static enabled = true;

  /** By organization id: one entry per organization, so a hit makes one lookup of a string the row already holds. */
  private readonly copies: BoundedMap<string, OrganizationCopies<T>>;
  /** Reads under way, one per copy: a request missing the same copy meanwhile waits for it instead of reading too. */
  private readonly reading = new Map<string, { version: string; promise: Promise<T> }>();
  private hits = 0;
  private reads = 0;

  /** `max`: organizations whose copies are kept, the least recently used dropped first. */
  constructor(max: number) {
    this.copies = new BoundedMap(max);
  }

  /**
   * The copy of `key` (a term's id, a template's kind; '' for the organization's one copy) when `org` is the row this
   * request read and the copy is at least as new as its version; otherwise `read()`, kept when the version is known.
   */
  async get(org: OrganizationRef, key: string, read: () => Promise<T>): Promise<T> {
    if (typeof org === 'string' || !org.configVersion || !ConfigCopies.enabled) return read();
    const version = org.configVersion;
    const kept = this.copies.get(org.id);
    if (kept !== undefined && (kept.version === version || !later(version, kept.version))) {
      const value = kept.values.get(key);
      if (value !== undefined || kept.values.has(key)) {
        this.hits += 1;
        return value as T;
      }
    }
    const id = `${org.id}|${key}`;
    const pending = this.reading.get(id);
    if (pending && !later(version, pending.version)) {
      // Another request's read, under this version or a later one. If it failed (its transaction was rolled back,
      // say), that is no reason for this request to fail: read for ourselves.
      return pending.promise.catch(() => read());
    }
    return this.readAndKeep(org.id, key, version, read);
  }

  /**
   * The copy (or a read kept under the version) only when `org` is a row read in this request; undefined for a bare
   * id, for a caller whose read is worth making only when it can be kept (a filter it can do without).
   */
  whenKnown(org: OrganizationRef, key: string, read: () => Promise<T>): Promise<T | undefined> {
    if (typeof org === 'string' || !org.configVersion || !ConfigCopies.enabled) return Promise.resolve(undefined);
    return this.get(org, key, read);
  }

  /** How often a copy answered, how often the database was read under a known version, how many copies are kept. */
  stats(): { hits: number; reads: number; size: number } {
    let size = 0;
    for (const organization of this.copies.values()) size += organization.values.size;
    return { hits: this.hits, reads: this.reads, size };
  }

  private readAndKeep(organizationId: string, key: string, version: string, read: () => Promise<T>): Promise<T> {
    this.reads += 1;
    const id = `${organizationId}|${key}`;
    const promise = read();
    const entry = { version, promise };
    this.reading.set(id, entry);
    const settled = () => {
      if (this.reading.get(id) === entry) this.reading.delete(id);
    };
    promise.then((value) => {
      settled();
      this.keep(organizationId, key, version, value);
    }, settled);
    return promise;
  }

  /** A read under an older version than the organization's copies is not kept; one under a newer version replaces them. */
  private keep(organizationId: string, key: string, version: string, value: T): void {
    let kept = this.copies.get(organizationId);
    if (kept && later(kept.version, version)) return;
    if (!kept || kept.version !== version) {
      kept = { version, values: new Map() };
      this.copies.set(organizationId, kept);
    }
    if (kept.values.size < MAX_KEYS_PER_ORGANIZATION || kept.values.has(key)) kept.values.set(key, value);
  }
}
