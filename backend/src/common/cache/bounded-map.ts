/** A value and whether it was used since it last came to the back of the line. */
interface Entry<V> {
  value: V;
  used: boolean;
}

/**
 * A Map that keeps at most `max` entries, dropping one that was not used lately when full. The copies kept per
 * organization (ConfigCopies) are bounded by one of these: an instance serving many organizations keeps the busy
 * ones' copies and lets a quiet one's go, instead of the old "clear everything past 5,000" that emptied every copy at
 * once (an opening's hottest organization included) whenever the 5,001st organization came by.
 *
 * "Second chance", the usual cheap stand-in for least-recently-used: a hit only marks its entry used (moving it to the
 * end of the Map on every hit, true LRU, made a hit about twice as dear in test/bench/config-copies-micro.mjs). When
 * full, the oldest entries are looked at in insertion order: a used one has its mark cleared and goes to the back of
 * the line, the first one not used since is dropped.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, Entry<V>>();

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new Error(`BoundedMap needs a positive whole size, got ${max}`);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, marked as used. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    entry.used = true;
    return entry.value;
  }

  /** Every value, oldest first (nothing is marked used). */
  *values(): IterableIterator<V> {
    for (const entry of this.entries.values()) yield entry.value;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** Sets the value at the back of the line, dropping one not used lately when the map is over its size. */
  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, { value, used: false });
    while (this.entries.size > this.max) {
      const [oldest, entry] = this.entries.entries().next().value as [K, Entry<V>];
      this.entries.delete(oldest);
      // The value just set is never the one dropped (it reaches the front only when every other one was used).
      if (entry.used || oldest === key) {
        entry.used = false;
        this.entries.set(oldest, entry);
      }
    }
    return this;
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
