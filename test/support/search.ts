import type { Sql } from "../../src/db/connect.ts";
import { directoryVersion } from "../../src/experts/directory-version.ts";
import { summaryShape } from "../../src/experts/summary-shape.ts";
import type { ExpertUrls } from "../../src/experts/urls.ts";
import { AnswerCache } from "../../src/search/answer-cache.ts";
import { CountCache } from "../../src/search/count-cache.ts";
import { QualityCache } from "../../src/search/quality-cache.ts";
import type { SearchDeps } from "../../src/search/deps.ts";
import { type SearchStores, searchStores } from "../../src/search/stores.ts";

/**
 * What src/app.ts hands every search, for a test or benchmark that searches without the app:
 * the version read from the database each time, and fresh caches unless `stores` are given.
 */
export function searchDepsFor(sql: Sql, urls: ExpertUrls, stores: SearchStores = searchStores()): SearchDeps {
  return { sql, stores, version: () => directoryVersion(sql), shape: summaryShape(urls) };
}

/**
 * `stores` with empty totals, answers and match qualities, sharing the compiled vocabulary, parses and statistics:
 * a search that really runs its statements, as the benchmarks time it (the vocabulary is compiled
 * once per process, not per search).
 */
export function uncounted(stores: SearchStores): SearchStores {
  return { ...stores, totals: new CountCache(), answers: new AnswerCache(), qualities: new QualityCache() };
}
