/**
 * The one in-memory cache of the server: a map bounded by a number of entries and, optionally,
 * by an approximate size budget (the caller says what an entry weighs, usually bytes), the least
 * recently used entries out first. Map order is the recency order, so a hit is a delete and a
 * re-insert and an eviction takes the first key: O(1) each.
 *
 * Every cache has a name and counters (hits, misses, evictions) that /metrics shows
 * (src/metrics/cache-metrics.ts), so the bound of each is something an operator can see.
 *
 * @example
 * const answers = new Lru<string, Answer>({ name: "search-answers", maxEntries: 256 });
 * const tags = new Lru<string, string>({ name: "tags", maxEntries: 10_000, maxSize: 1 << 20, sizeOf: (v, k) => 2 * (v.length + k.length) });
 */
export interface LruOptions<K, V> {
  /** Shown as the `cache` label in /metrics. */
  name: string;
  /** At most this many entries. */
  maxEntries: number;
  /** At most this much total `sizeOf` (e.g. approximate bytes); no budget when left out. */
  maxSize?: number;
  /** What one entry weighs against `maxSize` (default 1). Read when set and on `resized`. */
  sizeOf?: (value: V, key: K) => number;
}

/** What a cache reports: its bounds, its fill and its counters since it was made. */
export interface CacheStats {
  name: string;
  entries: number;
  maxEntries: number;
  /** Total weight (entries when no `sizeOf` was given). */
  size: number;
  /** The weight budget (maxEntries when none was given). */
  maxSize: number;
  hits: number;
  misses: number;
  evictions: number;
}

export class Lru<K, V> {
  readonly name: string;
  readonly maxEntries: number;
  readonly maxSize: number;
  private readonly entries = new Map<K, V>();
  /** Each entry's weight, kept only with a sizeOf (what it weighed when last measured). */
  private readonly weights: Map<K, number> | null;
  private readonly sizeOf: ((value: V, key: K) => number) | null;
  /** The most recent key: touching it again needs no re-insert (a zone asked for hundreds of times in a row). */
  private newest: K | undefined;
  private total = 0;
  private hits = 0;
  private misses = 0;
  private evictions = 0;

  constructor(options: LruOptions<K, V>) {
    if (!(options.maxEntries >= 1)) throw new RangeError(`cache ${options.name}: maxEntries must be at least 1`);
    this.name = options.name;
    this.maxEntries = options.maxEntries;
    this.sizeOf = options.sizeOf ?? null;
    this.weights = this.sizeOf ? new Map() : null;
    this.maxSize = options.maxSize ?? (this.sizeOf ? Number.POSITIVE_INFINITY : options.maxEntries);
  }

  /** The value under `key`, made the most recent; counted as a hit or a miss. */
  get(key: K): V | undefined {
    const value = this.touch(key);
    if (value === undefined) this.misses++;
    else this.hits++;
    return value;
  }

  /**
   * The value under `key`, made the most recent, not counted: for a cache of maps (one per time
   * zone) that counts its own lookups inside an entry with `record`.
   */
  touch(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined && key !== this.newest) {
      this.entries.delete(key);
      this.entries.set(key, value);
      this.newest = key;
    }
    return value;
  }

  /** Counts a lookup made inside an entry (see `touch`). */
  record(hit: boolean): void {
    if (hit) this.hits++;
    else this.misses++;
  }

  /** Stores `value` as the most recent entry, then evicts the least recent ones past the bounds. */
  set(key: K, value: V): void {
    this.remove(key);
    this.entries.set(key, value);
    this.newest = key;
    this.measure(key, value);
    this.evict();
  }

  /** Re-weighs an entry whose value was changed in place (a map that grew), then evicts to the bounds. */
  resized(key: K): void {
    const value = this.entries.get(key);
    if (value === undefined || !this.weights) return;
    this.total -= this.weights.get(key) ?? 0;
    this.measure(key, value);
    this.evict();
  }

  delete(key: K): boolean {
    return this.remove(key);
  }

  clear(): void {
    this.entries.clear();
    this.newest = undefined;
    this.weights?.clear();
    this.total = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  stats(): CacheStats {
    return {
      name: this.name,
      entries: this.entries.size,
      maxEntries: this.maxEntries,
      size: this.weights ? this.total : this.entries.size,
      maxSize: this.maxSize,
      hits: this.hits,
      misses: this.misses,
      evictions: this.evictions,
    };
  }

  private measure(key: K, value: V): void {
    if (!this.weights || !this.sizeOf) return;
    const weight = Math.max(0, this.sizeOf(value, key));
    this.weights.set(key, weight);
    this.total += weight;
  }

  private remove(key: K): boolean {
    if (!this.entries.delete(key)) return false;
    if (key === this.newest) this.newest = undefined;
    if (this.weights) {
      this.total -= this.weights.get(key) ?? 0;
      this.weights.delete(key);
    }
    return true;
  }

  // Oldest first; an entry heavier than the whole budget goes too (the cache is then empty).
  private evict(): void {
    while (this.entries.size > this.maxEntries || (this.weights && this.total > this.maxSize)) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.remove(oldest.value);
      this.evictions++;
    }
  }
}
