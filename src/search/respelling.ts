import type { Token } from "./tokenize.ts";
import { MAX_PHRASE, type Vocabulary } from "./vocabulary.ts";

// A misspelt word of a phrase read again spelt right (query.ts parseQuery): "imigration lawyer" is
// the phrase "immigration lawyer", as the right spelling would be, not a corrected word beside it.

/**
 * The tokens with each sure correction (`sure`: word → spelling) made, when one of them then
 * falls within a vocabulary phrase of two words or more; else null. `text` makes the same
 * corrections in the normalised text (for its LIKE pattern).
 */
export function respelling(
  tokens: Token[],
  sure: ReadonlyMap<string, string>,
  vocabulary: Vocabulary,
): { tokens: Token[]; text: (normalized: string) => string } | null {
  if (!sure.size) return null;
  const respelt = tokens.map((t) => (t.cjk ? t : { ...t, text: sure.get(t.text) ?? t.text }));
  const words = respelt.map((t) => t.text);
  // A phrase that holds word i begins at most MAX_PHRASE - 1 words before it (the vocabulary's own
  // bound); one written with stop words between its words (gappedPhrase) may begin further back,
  // and is not looked for there.
  const inPhrase = (i: number) => {
    for (let start = i; start >= 0 && start > i - MAX_PHRASE; start--) {
      const found = vocabulary.longestPhrase(words, start);
      if (found && found.length > 1 && start + found.length > i) return true;
    }
    return false;
  };
  if (!tokens.some((t, i) => !t.cjk && sure.has(t.text) && inPhrase(i))) return null;
  return {
    tokens: respelt,
    text: (normalized) => normalized.replace(/[\p{L}\p{N}]+/gu, (word) => sure.get(word) ?? word),
  };
}
