import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

export interface CachedList {
  body: string;
  bytes: number;
  /** The same body gzipped once, for the many clients that accept it. */
  gzip: Buffer;
  etag: string;
  /** When the list was read from the database (ms): its `Age`. */
  createdAt: number;
  expiresAt: number;
}

/**
 * The serialized public class list per organization. Every class write in this process invalidates its organization
 * at once; a seat taken or freed makes the copy expire SEAT_REFRESH_MS after it was read, so during an opening (a seat
 * every few milliseconds) the list is rebuilt at most once per SEAT_REFRESH_MS per instance instead of on nearly every
 * request. The short TTL bounds staleness when several API instances share one database (a write on another instance
 * is seen within TTL_MS); replies carry the copy's age (`Age`), and a registration always checks the seat itself.
 */
@Injectable()
export class PublicListCache {
  static readonly TTL_MS = 2000;
  static readonly SEAT_REFRESH_MS = 1000;
  private readonly entries = new Map<string, CachedList>();

  get(organizationId: string): CachedList | undefined {
    const hit = this.entries.get(organizationId);
    if (hit && hit.expiresAt > Date.now()) return hit;
    if (hit) this.entries.delete(organizationId);
    return undefined;
  }

  set(organizationId: string, payload: unknown): CachedList {
    const body = JSON.stringify({ success: true, data: payload, error: null });
    const entry = {
      body,
      bytes: Buffer.byteLength(body),
      gzip: gzipSync(body),
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      createdAt: Date.now(),
      expiresAt: Date.now() + PublicListCache.TTL_MS,
    };
    if (this.entries.size > 5000) this.entries.clear();
    this.entries.set(organizationId, entry);
    return entry;
  }

  invalidate(organizationId: string): void {
    this.entries.delete(organizationId);
  }

  /** A seat of the organization was taken or freed: the copy is read again once it is SEAT_REFRESH_MS old. */
  seatsChanged(organizationId: string): void {
    const hit = this.entries.get(organizationId);
    if (!hit) return;
    const due = hit.createdAt + PublicListCache.SEAT_REFRESH_MS;
    if (due <= Date.now()) this.entries.delete(organizationId);
    else hit.expiresAt = Math.min(hit.expiresAt, due);
  }
}
