/**
 * Splits normalised text into words. Letters and digits of alphabetic scripts make words; text
 * in Han, Hiragana, Katakana or Hangul is kept as one run per stretch, because those languages
 * write words without spaces (Korean does space its phrases, but glues particles to them).
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー々〆]/u;
const TOKEN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー々〆]+|[\p{L}\p{N}]+/gu;

// biome-ignore lint/suspicious/noControlCharactersInRegex: "only ASCII" includes its control characters
const ASCII = /^[\x00-\x7f]*$/;
const ASCII_TOKEN = /[A-Za-z0-9]+/g;

export interface Token {
  text: string;
  cjk: boolean;
}

export function isCjk(text: string): boolean {
  return CJK.test(text);
}

/** Words and CJK runs of a normalised text, in order. Apostrophes join ("o'brien" → "obrien"). */
export function tokenize(normalized: string): Token[] {
  // The same words as below, by ASCII-only expressions, for text without other characters.
  if (ASCII.test(normalized)) {
    const joined = normalized.includes("'") ? normalized.replace(/([A-Za-z])'([A-Za-z])/g, "$1$2") : normalized;
    return Array.from(joined.matchAll(ASCII_TOKEN), (m) => ({ text: m[0], cjk: false }));
  }
  const joined = normalized.replace(/(\p{L})['’](\p{L})/gu, "$1$2");
  return Array.from(joined.matchAll(TOKEN), (m) => ({ text: m[0], cjk: isCjk(m[0]) }));
}

/**
 * Overlapping character pairs of a CJK run, as Lucene's CJK analyzer indexes them: "会計士" →
 * "会計", "計士". A two-character word is then one indexed term, and a longer one is all of its
 * pairs. A single character stays itself.
 */
export function bigrams(run: string): string[] {
  const chars = Array.from(run);
  if (chars.length < 2) return chars;
  const pairs: string[] = [];
  for (let i = 0; i < chars.length - 1; i++) pairs.push(chars[i] + chars[i + 1]);
  return pairs;
}
