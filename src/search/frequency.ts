import { type CacheStats, Lru } from "../cache/lru.ts";
import type { Sql } from "../db/connect.ts";
import type { Alternative, QueryGroup } from "./query-types.ts";

/**
 * How many documents hold each of the most common lexemes, as PostgreSQL's own statistics
 * estimate it (ANALYZE keeps `most_common_elems` for a tsvector column). A search engine skips
 * counting a term it knows is frequent (Lucene's early termination uses document frequencies);
 * here a word that half the directory holds would otherwise cost a 300,000-entry bitmap just to
 * learn that `total` is "at least 10,000" (BENCHMARKS.md).
 */
export interface LexemeFrequencies {
  /** Estimated documents holding `lexeme` (0 when it is not among the most common). */
  documents(lexeme: string): number;
  /** The most documents any one common lexeme starting with `prefix` is in. */
  documentsWithPrefix(prefix: string): number;
  /** Documents the statistics were taken over (absent: unknown). */
  rows?: number;
  /** The lowest frequency among the common lexemes: any other lexeme is rarer (absent: unknown). */
  floor?: number;
  /** The share of experts rated `rating` or higher, from the rating column's statistics (absent: unknown). */
  ratedAtLeast?: (rating: number) => number;
}

/** The rating column's statistics as pg_stats keeps them: most common values, then a histogram of the rest. */
interface RatingStats {
  nullShare: number;
  values: number[];
  freqs: number[];
  bounds: number[];
}

/** The share of rows with a rating of at least `rating`: the common values counted, the histogram's buckets interpolated. */
export function shareRatedAtLeast(stats: RatingStats, rating: number): number {
  let common = 0;
  let share = 0;
  for (const [i, value] of stats.values.entries()) {
    common += stats.freqs[i];
    if (value >= rating) share += stats.freqs[i];
  }
  const rest = Math.max(0, 1 - stats.nullShare - common);
  const { bounds } = stats;
  if (rest > 0 && bounds.length > 1) {
    const buckets = bounds.length - 1;
    let above = 0;
    for (let i = 0; i < buckets; i++) {
      const [low, high] = [bounds[i], bounds[i + 1]];
      if (low >= rating) above += 1;
      else if (high > rating) above += (high - rating) / (high - low);
    }
    share += (rest * above) / buckets;
  }
  return share;
}

/** Statistics change only with ANALYZE; reading them once a minute is plenty. */
const TTL_MS = 60_000;

/**
 * An estimate must exceed the cap this many times over to be trusted: statistics are a sample
 * (30,000 rows: a 3% frequency is known within about ±0.3%), ANALYZE may predate deletions, and
 * the estimate counts hidden experts too. Twice the cap stays right unless half of a word's
 * experts were hidden or deleted since the last ANALYZE.
 */
export const SAFETY_FACTOR = 2;

/** Reads the frequencies now (FrequencyCache remembers them). */
export async function readFrequencies(sql: Sql): Promise<LexemeFrequencies> {
  const rows = await sql<
    {
      elems: string[] | null;
      freqs: number[] | null;
      rows: number;
      rating_nulls: number | null;
      rating_values: number[] | null;
      rating_freqs: number[] | null;
      rating_bounds: number[] | null;
    }[]
  >`
    select s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs::float8[] as freqs,
           greatest(c.reltuples, 0)::float8 as rows,
           r.null_frac::float8 as rating_nulls, r.most_common_vals::text::float8[] as rating_values,
           r.most_common_freqs::float8[] as rating_freqs, r.histogram_bounds::text::float8[] as rating_bounds
    from pg_class c
    left join pg_stats s on s.tablename = c.relname and s.attname = 'search_doc' and s.schemaname = current_schema()
    left join pg_stats r on r.tablename = c.relname and r.attname = 'rating' and r.schemaname = current_schema()
    where c.oid = to_regclass('experts')`;
  const counts = new Map<string, number>();
  const [row] = rows;
  let floor: number | undefined;
  if (row?.elems && row.freqs) {
    // most_common_elem_freqs holds one frequency per element, then min, max and null share.
    for (const [i, lexeme] of row.elems.entries()) counts.set(lexeme, Math.floor(row.freqs[i] * row.rows));
    floor = row.freqs[row.elems.length];
  }
  const sorted = [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const ratings: RatingStats | null =
    row && row.rating_nulls !== null
      ? {
          nullShare: row.rating_nulls,
          values: row.rating_values ?? [],
          freqs: row.rating_freqs ?? [],
          bounds: row.rating_bounds ?? [],
        }
      : null;
  return {
    rows: row?.rows || undefined,
    floor,
    ...(ratings ? { ratedAtLeast: (rating: number) => shareRatedAtLeast(ratings, rating) } : {}),
    documents: (lexeme) => counts.get(lexeme) ?? 0,
    documentsWithPrefix(prefix) {
      // The lexemes starting with `prefix` are one run of the sorted list: found by bisection
      // instead of testing every common lexeme (a search asks this for each prefix alternative).
      let [low, high] = [0, sorted.length];
      while (low < high) {
        const mid = (low + high) >> 1;
        if (sorted[mid][0] < prefix) low = mid + 1;
        else high = mid;
      }
      let best = 0;
      for (let i = low; i < sorted.length && sorted[i][0].startsWith(prefix); i++) best = Math.max(best, sorted[i][1]);
      return best;
    },
  };
}

/**
 * The frequencies of the search documents of the app's database, refreshed once a minute: one
 * entry (the one table's statistics), in the one LRU so /metrics shows its hits and misses.
 */
export class FrequencyCache {
  private readonly current = new Lru<"experts", { at: number; value: LexemeFrequencies }>({
    name: "search-frequencies",
    maxEntries: 1,
  });

  stats(): CacheStats {
    return this.current.stats();
  }

  async get(sql: Sql, now = Date.now()): Promise<LexemeFrequencies> {
    const cached = this.current.touch("experts");
    const fresh = cached !== undefined && now - cached.at < TTL_MS;
    this.current.record(fresh);
    if (fresh) return cached.value;
    const value = await readFrequencies(sql);
    this.current.set("experts", { at: now, value });
    return value;
  }
}

/**
 * Whether the statistics prove that more than `cap` documents match at least one group: some
 * single-lexeme alternative is estimated in SAFETY_FACTOR × cap documents or more. The groups are
 * OR'ed in the main tier, so one frequent alternative is enough; a phrase of several lexemes
 * proves nothing (its lexemes must meet in one document).
 */
export function provablyMoreThan(frequencies: LexemeFrequencies, groups: QueryGroup[], cap: number): boolean {
  const needed = SAFETY_FACTOR * cap;
  return groups.some((group) =>
    group.alternatives.some((a) => {
      if (a.lexemes.length !== 1) return false;
      const n = a.prefix ? frequencies.documentsWithPrefix(a.lexemes[0]) : frequencies.documents(a.lexemes[0]);
      return n >= needed;
    }),
  );
}

/**
 * The share of the documents expected to hold every group of `groups` and every one of `lexemes`
 * (filter tokens), from the statistics, as if words were independent: a guess that decides which
 * way statement.ts looks for the best-rated matches first (walking the ratings, or taking the
 * matches from the document index), never a bound on the work: both ways are bounded there. A
 * lexeme that is not among the common ones counts as half the rarest common one; an alternative of
 * several lexemes as its rarest; a group as the sum of its alternatives. 1 without statistics.
 */
export function expectedShare(frequencies: LexemeFrequencies, groups: QueryGroup[], lexemes: string[] = []): number {
  const { rows, floor } = frequencies;
  if (!rows || floor === undefined) return 1;
  const share = (lexeme: string, prefix = false) =>
    Math.max((prefix ? frequencies.documentsWithPrefix(lexeme) : frequencies.documents(lexeme)) / rows, floor / 2);
  const alternative = (a: Alternative) => Math.min(...a.lexemes.map((l) => share(l, a.prefix)));
  const group = (g: QueryGroup) =>
    Math.min(
      1,
      g.alternatives.reduce((sum, a) => sum + alternative(a), 0),
    );
  return [...groups.map(group), ...lexemes.map((l) => share(l))].reduce((product, p) => product * p, 1);
}
