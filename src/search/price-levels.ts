import { type CacheStats, Lru } from "../cache/lru.ts";
import type { Sql } from "../db/connect.ts";
import { plannedWithValues } from "./custom-plan.ts";
import { lexemeQuery } from "./rank.ts";
import { categoryToken } from "./tokens.ts";

/**
 * What "cheap" stands for (price.ts): at most the median starting price of the public, verified
 * experts in the categories a search names (`q`'s recognised categories, a named subcategory's
 * category, the `category` filter), or of the whole directory when it names none: the cheaper
 * half. A cheap lawyer and a cheap tutor are cheap by different amounts. Relative to the
 * category, not to the query's matches, so it is one statement per category set and directory
 * version, remembered here (the version bumps with every write, so a level is never stale); on a
 * large directory, of a sample (SAMPLE_ROWS).
 */
/** Past this many experts the median is taken from a sample of about this many (system sampling, by blocks). */
const SAMPLE_ROWS = 20_000;

export class PriceLevels {
  private readonly levels: Lru<string, number | null>;

  // A key is a version and a few category slugs; a few hundred category sets is every one in use.
  constructor(maxEntries = 256) {
    this.levels = new Lru({ name: "search-price-levels", maxEntries });
  }

  stats(): CacheStats {
    return this.levels.stats();
  }

  /** The median starting price in `categories` (any of them; all experts when empty), null when nobody has a price. */
  async cheap(sql: Sql, categories: string[], version: string): Promise<number | null> {
    const sorted = [...new Set(categories)].sort();
    const key = `${version}\n${sorted.join(",")}`;
    const hit = this.levels.get(key);
    if (hit !== undefined) return hit;
    // The categories as tokens of the search document: one GIN probe, as the category filter is read.
    const tokens = sorted.length ? sorted.map((c) => lexemeQuery(categoryToken(c))).join(" | ") : null;
    // A large directory is sampled: the exact median of one category took 1.2 s at 1M experts
    // (3.5 s for all), a 2% sample of the table's blocks 47 ms, within a few dollars.
    const [{ rows }] = await sql<
      { rows: number }[]
    >`select greatest(reltuples, 0)::float8 as rows from pg_class where oid = to_regclass('experts')`;
    const percent = rows > SAMPLE_ROWS ? Math.max(0.1, (100 * SAMPLE_ROWS) / rows) : null;
    // Planned with its categories (custom-plan.ts): a generic plan of `@@ $1::tsquery` cannot tell one category from all.
    const [row] = await plannedWithValues(sql<{ level: number | null }[]>`
      select percentile_disc(0.5) within group (order by e.starting_price_usd)::float8 as level
      from experts e ${percent ? sql`tablesample system (${percent}) repeatable (0)` : sql``}
      where e.is_public and e.is_verified and e.starting_price_usd is not null
      ${tokens ? sql`and e.search_doc @@ ${tokens}::tsquery` : sql``}`);
    const level = row?.level ?? null;
    this.levels.set(key, level);
    return level;
  }
}
