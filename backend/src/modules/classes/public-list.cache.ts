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
 * The serialized public class list per organization. Every class or seat write in this process
 * invalidates its organization at once; the short TTL bounds staleness when several API instances
 * share one database (a write on another instance is seen within TTL_MS).
 */
@Injectable()
export class PublicListCache {
  static readonly TTL_MS = 2000;
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
}
