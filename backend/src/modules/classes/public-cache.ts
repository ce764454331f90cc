/**
 * How long a browser or a CDN may reuse the public class list and class pages. An opening brings thousands of people
 * refreshing the same few replies: a few seconds of reuse lets the browser (and any CDN in front) absorb most of them,
 * and revalidation with the ETag costs a 304 without a body. Seats left are therefore at most MAX_AGE_S seconds old
 * when shown: a reply built from this instance's list cache says how old that copy is (`Age`), so a cache counts the
 * copy's age into the max-age instead of adding to it. A registration always checks the seat itself, so a stale
 * count never oversells. `stale-while-revalidate` lets a refresh show the last copy while the new one loads.
 */
export const MAX_AGE_S = 5;
export const PUBLIC_CACHE_CONTROL = `public, max-age=${MAX_AGE_S}, stale-while-revalidate=15`;

/**
 * The same URL answers an admin's private reply when a token is sent (one path, two audiences): caches must keep the
 * anonymous reply apart from it.
 */
export const PUBLIC_VARY = 'Authorization';

/** Whole seconds since `since` (ms), rounded up: a cache treats the copy as never younger than it is. */
export function ageSeconds(since: number, now = Date.now()): number {
  return Math.max(0, Math.ceil((now - since) / 1000));
}

/** If-None-Match holds this ETag (a list of tags or `*`; a weak `W/` form of it matches too, as RFC 9110 says for GET). */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const header = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
