import { type CacheStats, Lru } from "../cache/lru.ts";
import type { Sql } from "../db/connect.ts";

export { Lru };

/**
 * The directory's version number: bumped by triggers on every statement that writes experts, their
 * categories, translations, subcategories, services or schedule (sql/005, sql/015).
 */
export async function directoryVersion(sql: Sql): Promise<string> {
  const [{ version }] = await sql<{ version: string }[]>`select version from directory_version`;
  return version;
}

/**
 * Exact search totals, remembered per filter set under the directory's version number (bumped
 * by triggers on every write to what search filters on; sql/005). A cached total is therefore
 * never stale: any write changes the version and so the key. Bounded, least recently used out.
 *
 * It also holds whole search answers (`answer`/`remember`, used by searchExperts) under the same
 * version, so a caller that passes a fresh CountCache (the benchmarks) measures searches that
 * really run.
 */
export class CountCache {
  private readonly totals: Lru<string, number>;
  private readonly answers: Lru<string, { vocabulary: object; value: unknown }>;

  // 256 answers of at most 20 experts (~2 KB each) stay under ~10 MB; 1,000 totals are a few
  // hundred KB of keys (README, Bounds).
  constructor(maxEntries = 1000, maxAnswers = 256) {
    this.totals = new Lru({ name: "search-totals", maxEntries });
    this.answers = new Lru({ name: "search-answers", maxEntries: maxAnswers });
  }

  /** Both caches' counters, for /metrics. */
  stats(): CacheStats[] {
    return [this.totals.stats(), this.answers.stats()];
  }

  /** The total under `filterKey` at `version` (read here when not given), counted on a miss. */
  async total(sql: Sql, filterKey: string, count: () => Promise<number>, version?: string): Promise<number> {
    const key = `${version ?? (await directoryVersion(sql))}\n${filterKey}`;
    const hit = this.totals.get(key);
    if (hit !== undefined) return hit;
    const total = await count();
    this.totals.set(key, total);
    return total;
  }

  /**
   * An answer remembered for `key` at `version`, built with this `vocabulary` (the compiled
   * vocabulary object: a new one replaces it when the vocabulary changes).
   */
  answer<T>(version: string, key: string, vocabulary: object): T | undefined {
    const hit = this.answers.get(`${version}\n${key}`);
    return hit && hit.vocabulary === vocabulary ? (hit.value as T) : undefined;
  }

  remember(version: string, key: string, vocabulary: object, value: unknown): void {
    this.answers.set(`${version}\n${key}`, { vocabulary, value });
  }

  get size() {
    return this.totals.size;
  }
}
