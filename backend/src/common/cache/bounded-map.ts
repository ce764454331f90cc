/**
 * A Map that keeps at most `max` entries, dropping the least recently used one when full (LRU). The copies kept
 * per organization (ConfigCopies) are bounded by one of these: an instance serving many organizations keeps the busy
 * ones' copies and lets a quiet one's go, instead of the old "clear everything past 5,000" that emptied every copy at
 * once (an opening's hottest organization included) whenever the 5,001st organization came by.
 *
 * A JavaScript Map iterates in insertion order, so "recently used" is "re-inserted on use": a hit moves the key to the
 * end and the first key is the oldest. Both are O(1).
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new Error(`BoundedMap needs a positive whole size, got ${max}`);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, marked as the most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as K);
    return this;
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
