import { type CacheStats, Lru } from "../cache/lru.ts";
import type { Sql } from "../db/connect.ts";
import { lexiconLookup } from "./lexicon.ts";
import { parseQuery } from "./query.ts";
import type { ParsedQuery } from "./query-types.ts";
import type { Vocabulary } from "./vocabulary.ts";

/**
 * Parsed queries, each with the compiled vocabulary it was read with (a vocabulary import compiles
 * a new one, so older entries stop matching and age out). Reading "lawyer" walks every locale's
 * terms of the concepts it names and was the largest JavaScript cost of a search (BENCHMARKS.md).
 * The key holds the directory version too: typo correction reads the lexicon, which grows only
 * with writes that bump it (an import's experts, a reindex) or with a vocabulary import (a new
 * vocabulary). Callers must not change a parsed query they are given.
 */
export class ParsedQueries {
  private readonly parsed: Lru<string, { vocabulary: Vocabulary; value: ParsedQuery }>;

  constructor(maxEntries = 1000) {
    this.parsed = new Lru({ name: "search-parsed-queries", maxEntries });
  }

  stats(): CacheStats {
    return this.parsed.stats();
  }

  /** `q` read with `vocabulary` and the typo lexicon, remembered for the directory `version`. */
  async read(sql: Sql, q: string, version: string, vocabulary: Vocabulary): Promise<ParsedQuery> {
    const key = `${version}\n${q}`;
    const hit = this.parsed.get(key);
    if (hit && hit.vocabulary === vocabulary) return hit.value;
    const value = await parseQuery(q, vocabulary, lexiconLookup(sql));
    this.parsed.set(key, { vocabulary, value });
    return value;
  }
}
