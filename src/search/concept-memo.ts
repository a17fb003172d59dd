// A concept's alternatives made once per compiled vocabulary and shared by every query that names it: reading them again was the cost of a new query.
import { type Concept, conceptId, type Vocabulary } from "./vocabulary.ts";
import { exact, termLexemes } from "./query-groups.ts";
import type { Alternative } from "./query-types.ts";

/**
 * What reading a concept always gives with one compiled vocabulary, kept beside it: a profession
 * named in every locale is hundreds of terms, and writing each as lexemes again for every query
 * that names it was the largest part of reading a query nobody asked before (BENCHMARKS.md). The
 * alternatives are shared by every query that names the concept, which is safe because nothing
 * changes an alternative once made (groups are rebuilt, their alternatives replaced, never
 * edited), and lets rank.ts reuse their tsquery texts across queries.
 */
const conceptMemo = new WeakMap<Vocabulary, Map<string, unknown>>();

export function remembered<T>(vocabulary: Vocabulary, key: string, make: () => T): T {
  let memo = conceptMemo.get(vocabulary);
  if (!memo) conceptMemo.set(vocabulary, (memo = new Map()));
  if (memo.has(key)) return memo.get(key) as T;
  const value = make();
  memo.set(key, value);
  return value;
}

/**
 * A concept's terms in every profile locale, each as the exact alternative of its lexemes (shared:
 * do not change): not those only a query-side file writes (Vocabulary.isQueryOnly), which no document holds.
 */
export function termAlternatives(vocabulary: Vocabulary, concept: Concept): readonly Alternative[] {
  return remembered(vocabulary, `terms\n${conceptId(concept)}`, () =>
    vocabulary
      .terms(concept)
      .filter((term) => !vocabulary.isQueryOnly(term))
      .map((term) => exact(...termLexemes(term))),
  );
}
