import type { Token } from "./tokenize.ts";
import { MAX_PHRASE, type Vocabulary } from "./vocabulary.ts";

// A misspelt word of a phrase read again spelt right (query.ts parseQuery): "imigration lawyer" is
// the phrase "immigration lawyer", as the right spelling would be, not a corrected word beside it.

/**
 * The tokens with each sure correction (`sure`: word → its equally near spellings) made, when one
 * of them then falls within a vocabulary phrase of two words or more; else null. Of a word's
 * spellings, the first that makes a phrase with its neighbours is the one meant ("droit des
 * marqes" is "droit des marques", not "marches", as near), else the first. `text` makes the same
 * corrections in the normalised text (for its LIKE pattern); `spelt` says which spelling each took.
 */
export function respelling(
  tokens: Token[],
  sure: ReadonlyMap<string, readonly string[]>,
  vocabulary: Vocabulary,
): { tokens: Token[]; text: (normalized: string) => string; spelt: ReadonlyMap<string, string> } | null {
  if (!sure.size) return null;
  const spelt = new Map([...sure].map(([word, spellings]) => [word, spellings[0]]));
  const words = tokens.map((t) => (t.cjk ? t.text : (spelt.get(t.text) ?? t.text)));
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
  // Each corrected word spelt, in turn, as each of its spellings until one makes a phrase.
  tokens.forEach((t, i) => {
    const spellings = t.cjk ? undefined : sure.get(t.text);
    if (!spellings || spellings.length < 2 || inPhrase(i)) return;
    const phrased = spellings.slice(1).find((s) => {
      words[i] = s;
      return inPhrase(i);
    });
    words[i] = phrased ?? spellings[0];
    if (phrased) spelt.set(t.text, phrased);
  });
  if (!tokens.some((t, i) => !t.cjk && sure.has(t.text) && inPhrase(i))) return null;
  return {
    tokens: tokens.map((t) => (t.cjk ? t : { ...t, text: spelt.get(t.text) ?? t.text })),
    text: (normalized) => normalized.replace(/[\p{L}\p{N}]+/gu, (word) => spelt.get(word) ?? word),
    spelt,
  };
}
