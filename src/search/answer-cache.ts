import { type CacheStats, Lru } from "../cache/lru.ts";
import { JsonText } from "../http/cached-json.ts";
import type { ExpertSearchResult } from "./search-query.ts";
import type { Vocabulary } from "./vocabulary.ts";

/** A remembered answer, with its JSON text once the REST route asked for it. */
export interface RememberedAnswer {
  readonly answer: ExpertSearchResult;
  /** The compiled vocabulary `q` was read with (null without `q`): a new one replaces it. */
  readonly vocabulary: Vocabulary | null;
  json: JsonText | undefined;
}

/**
 * Whole search answers under the directory version, the search and the URL base: a repeated
 * search costs one read of the version, or none while the version is pushed. Answers are frozen
 * (their outer object and list) because every caller shares them.
 */
export class AnswerCache {
  private readonly answers: Lru<string, RememberedAnswer>;

  // 256 answers of at most 20 experts (~2 KB each) stay under ~10 MB (docs/operations.md, Bounds).
  constructor(maxEntries = 256) {
    this.answers = new Lru({ name: "search-answers", maxEntries });
  }

  stats(): CacheStats {
    return this.answers.stats();
  }

  /** The answer remembered for `key` at `version`, read with this `vocabulary`. */
  get(version: string, key: string, vocabulary: Vocabulary | null): RememberedAnswer | undefined {
    const hit = this.answers.get(`${version}\n${key}`);
    return hit && hit.vocabulary === vocabulary ? hit : undefined;
  }

  remember(version: string, key: string, vocabulary: Vocabulary | null, answer: ExpertSearchResult): RememberedAnswer {
    const remembered: RememberedAnswer = { answer: frozen(answer), vocabulary, json: undefined };
    this.answers.set(`${version}\n${key}`, remembered);
    return remembered;
  }
}

/** The JSON text of a remembered answer, made once (an 8 KB page took ~5-20 µs to serialize). */
export function answerJson(remembered: RememberedAnswer): JsonText {
  remembered.json ??= new JsonText(JSON.stringify(remembered.answer));
  return remembered.json;
}

/**
 * Freezes an answer's outer object and list (not each expert: a deep freeze cost ~0.1 ms a page),
 * so a caller that replaced its fields would fail loudly instead of changing it for the next.
 */
function frozen(answer: ExpertSearchResult): ExpertSearchResult {
  Object.freeze(answer.experts);
  return Object.freeze(answer);
}
