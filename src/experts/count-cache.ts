import type { Sql } from "../db/connect.ts";

/**
 * The directory's version number: bumped by triggers on every statement that writes experts, their
 * categories, translations, subcategories, services or schedule (sql/005, sql/015).
 */
export async function directoryVersion(sql: Sql): Promise<string> {
  const [{ version }] = await sql<{ version: string }[]>`select version from directory_version`;
  return version;
}

/** A map bounded to `maxEntries`, the least recently used out (Map order is the recency order). */
export class Lru<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly maxEntries: number) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key); // re-insert: most recent last
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size() {
    return this.entries.size;
  }
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
  private readonly totals: Lru<number>;
  private readonly answers: Lru<{ vocabulary: object; value: unknown }>;

  // 256 answers of 10-50 experts stay within a few tens of MB, under a worker's 150 MB budget.
  constructor(maxEntries = 1000, maxAnswers = 256) {
    this.totals = new Lru(maxEntries);
    this.answers = new Lru(maxAnswers);
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
