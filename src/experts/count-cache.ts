import type { Sql } from "../db/connect.ts";

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
 */
export class CountCache {
  private readonly entries = new Map<string, number>();

  constructor(private readonly maxEntries = 1000) {}

  async total(sql: Sql, filterKey: string, count: () => Promise<number>): Promise<number> {
    const key = `${await directoryVersion(sql)}\n${filterKey}`;
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key); // re-insert: Map order is the recency order
      this.entries.set(key, hit);
      return hit;
    }
    const total = await count();
    this.entries.set(key, total);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return total;
  }

  get size() {
    return this.entries.size;
  }
}
