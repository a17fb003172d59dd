import { type CacheStats, Lru } from "../cache/lru.ts";
import type { MatchQuality } from "./match.ts";
import type { Vocabulary } from "./vocabulary.ts";

/**
 * match_quality per search (`q` and the filters) under the directory version, with the compiled
 * vocabulary `q` was read with (a new one does not match): a search read at several pages and
 * limits judges its first results once. Set from any page that holds them (qualityFromPage).
 */
export class QualityCache {
  private readonly qualities: Lru<string, { vocabulary: Vocabulary | null; quality: MatchQuality }>;

  // 1,000 short keys and a word each, as the totals (docs/operations.md, Bounds).
  constructor(maxEntries = 1000) {
    this.qualities = new Lru({ name: "search-qualities", maxEntries });
  }

  stats(): CacheStats {
    return this.qualities.stats();
  }

  get(version: string, key: string, vocabulary: Vocabulary | null): MatchQuality | undefined {
    const hit = this.qualities.get(`${version}\n${key}`);
    return hit && hit.vocabulary === vocabulary ? hit.quality : undefined;
  }

  set(version: string, key: string, vocabulary: Vocabulary | null, quality: MatchQuality): void {
    this.qualities.set(`${version}\n${key}`, { vocabulary, quality });
  }
}
