import type { CacheStats } from "../cache/lru.ts";
import { AnswerCache } from "./answer-cache.ts";
import { CountCache } from "./count-cache.ts";
import { FrequencyCache } from "./frequency.ts";
import { ParsedQueries } from "./parsed-queries.ts";
import { PriceLevels } from "./price-levels.ts";
import { QualityCache } from "./quality-cache.ts";
import { VocabularyCache } from "./vocabulary-store.ts";

/**
 * Everything search remembers, made once per app in the composition root (src/app.ts) and handed
 * to every search (REST, MCP, pages share it), as an app holds its stores. Each is bounded by the
 * one LRU (src/cache/lru.ts) and shown in /metrics through `searchCacheStats`. A fresh set (the
 * benchmarks', some tests') runs every search for real.
 */
export interface SearchStores {
  /** The compiled vocabulary `q` is read with. */
  vocabulary: VocabularyCache;
  /** `q` as parsed, per directory version and vocabulary. */
  parsed: ParsedQueries;
  /** Exact totals per filter set and directory version. */
  totals: CountCache;
  /** Whole answers per search, URL base and directory version. */
  answers: AnswerCache;
  /** match_quality per `q` and filter set and directory version (quality.ts): one per search, whatever its page. */
  qualities: QualityCache;
  /** PostgreSQL's lexeme statistics, to skip counting what is known to be past the cap. */
  frequencies: FrequencyCache;
  /** What "cheap" in `q` stands for, per category set and directory version. */
  priceLevels: PriceLevels;
}

export function searchStores(): SearchStores {
  return {
    vocabulary: new VocabularyCache(),
    parsed: new ParsedQueries(),
    totals: new CountCache(),
    answers: new AnswerCache(),
    qualities: new QualityCache(),
    frequencies: new FrequencyCache(),
    priceLevels: new PriceLevels(),
  };
}

/** The counters of every search cache, for /metrics. */
export function searchCacheStats(stores: SearchStores): CacheStats[] {
  return [
    stores.totals.stats(),
    stores.answers.stats(),
    stores.qualities.stats(),
    stores.parsed.stats(),
    stores.vocabulary.stats(),
    stores.frequencies.stats(),
    stores.priceLevels.stats(),
  ];
}
