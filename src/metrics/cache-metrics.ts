import { Counter, Gauge, type Registry } from "prom-client";
import type { CacheStats } from "../cache/lru.ts";

/** Where the stats come from: read at each scrape (several caches may be made later than the metrics). */
export type CacheSource = () => CacheStats[];

/**
 * The in-memory caches' bounds, fill and counters in /metrics, one `cache` label each
 * (src/cache/lru.ts): `cache_entries` against `cache_max_entries`, `cache_size` against
 * `cache_max_size` (approximate bytes for the caches with a byte budget, else entries), and
 * `cache_hits_total`, `cache_misses_total`, `cache_evictions_total`.
 */
export function cacheMetrics(registry: Registry) {
  const sources: CacheSource[] = [];
  const read = () => sources.flatMap((source) => source());
  const registers = [registry];

  function gauge(name: string, help: string, pick: (s: CacheStats) => number) {
    const g: Gauge = new Gauge({
      name,
      help,
      labelNames: ["cache"],
      registers,
      collect() {
        g.reset();
        for (const s of read()) g.set({ cache: s.name }, pick(s));
      },
    });
  }
  function counter(name: string, help: string, pick: (s: CacheStats) => number) {
    // The caches count for themselves; a scrape copies their totals (reset, then add the total).
    const c: Counter = new Counter({
      name,
      help,
      labelNames: ["cache"],
      registers,
      collect() {
        c.reset();
        for (const s of read()) c.inc({ cache: s.name }, pick(s));
      },
    });
  }
  gauge("cache_entries", "Entries held by an in-memory cache.", (s) => s.entries);
  gauge("cache_max_entries", "The entry bound of an in-memory cache.", (s) => s.maxEntries);
  gauge(
    "cache_size",
    "What an in-memory cache holds against its budget: approximate bytes for the caches with a byte budget, else entries.",
    (s) => s.size,
  );
  gauge("cache_max_size", "The budget of an in-memory cache (see cache_size).", (s) => s.maxSize);
  counter("cache_hits_total", "Lookups an in-memory cache answered.", (s) => s.hits);
  counter("cache_misses_total", "Lookups an in-memory cache could not answer.", (s) => s.misses);
  counter("cache_evictions_total", "Entries an in-memory cache dropped to stay within its bounds.", (s) => s.evictions);

  return {
    /** Adds caches to the scrape. */
    watch(source: CacheSource): void {
      sources.push(source);
    },
  };
}
