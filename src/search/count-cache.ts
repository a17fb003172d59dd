import { type CacheStats, Lru } from "../cache/lru.ts";

/**
 * Exact search totals, remembered per filter set under the directory's version number (bumped
 * by triggers on every write to what search filters on; sql/005). A cached total is therefore
 * never stale: any write changes the version and so the key. Bounded, least recently used out.
 */
export class CountCache {
  private readonly totals: Lru<string, unknown>;

  // 1,000 totals are a few hundred KB of keys (docs/operations.md, Bounds).
  constructor(maxEntries = 1000) {
    this.totals = new Lru({ name: "search-totals", maxEntries });
  }

  stats(): CacheStats {
    return this.totals.stats();
  }

  /**
   * The total under `filterKey` at `version`, counted on a miss: a number, or what a count returns
   * beside it (search.ts Counted). One key holds one kind of answer (the words tier's keys end in
   * "words").
   */
  async total<T>(filterKey: string, version: string, count: () => Promise<T>): Promise<T> {
    const key = `${version}\n${filterKey}`;
    const hit = this.totals.get(key) as T | undefined;
    if (hit !== undefined) return hit;
    const total = await count();
    this.totals.set(key, total);
    return total;
  }

  get size() {
    return this.totals.size;
  }
}
