/**
 * Splits normalised text into words. Letters and digits of alphabetic scripts make words; text
 * in Han, Hiragana, Katakana or Hangul is kept as one run per stretch, because those languages
 * write words without spaces (Korean does space its phrases, but glues particles to them).
 */

/** The letters of CJK text (Han, kana, Hangul and the marks written with them), as a character class's body. */
const CJK_LETTERS = "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}ー々〆";
const CJK = new RegExp(`[${CJK_LETTERS}]`, "u");
/**
 * A word of an alphabetic script: letters and digits that are not CJK. "でTOEFLの" holds one, "toefl"
 * (before, a Latin word swallowed the CJK text after it, and "TOEFL" in a Japanese sentence was
 * never searched nor read as a code). The marks a script writes on its letters stay in the word:
 * Devanagari's vowel signs ("मुंबई" is one word, not "म" and "बई"), as in Bengali or Tamil.
 */
export const ALPHABETIC_WORD = new RegExp(
  `(?:(?![${CJK_LETTERS}])[\\p{L}\\p{N}])(?:(?![${CJK_LETTERS}])[\\p{L}\\p{N}\\p{M}])*`,
  "gu",
);
/** A run of CJK, or an alphabetic word. */
const TOKEN = new RegExp(`[${CJK_LETTERS}]+|${ALPHABETIC_WORD.source}`, "gu");

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

/**
 * Whether `words` hold one of `listed`, or, in a CJK run (whose words are not split), one of
 * `inRuns` inside it: a rule's words of one kind in every query language ("copied", "copiato", "パクリ").
 */
export function writesAny(words: readonly string[], listed: ReadonlySet<string>, inRuns: readonly string[]): boolean {
  return words.some((w) => listed.has(w) || (isCjk(w) && inRuns.some((piece) => w.includes(piece))));
}

/**
 * The articles and particles French, Italian and Catalan elide before a vowel ("l'avocat",
 * "d'impôts", "j'ai", "qu'il", "dell'azienda", "un'ora"): dropped, so the noun is its own word
 * on both sides, as in "avocat" or "avvocato" written alone, and "j'ai", "d'un" are the stop
 * words they are. Only at the start of a word: "o'brien", "don't", "i'm" are not elisions.
 */
const ELISION =
  /(^|[^\p{L}\p{N}])(?:l|d|j|m|t|s|n|c|qu|jusqu|lorsqu|puisqu|quoiqu|presqu|quelqu|dell|dall|nell|sull|all|coll|quell|bell|sant|un|tutt)['’](?=\p{L})/gu;

/**
 * The case endings Turkish writes after an apostrophe on a name ("Berlin'de", "Londra'dan",
 * "İstanbul'daki", "Almanya'ya", "Ankara'nın"): dropped, so the name is its own word, as a city or
 * country is matched. Only whole endings at the end of a word, a bare vowel ending only after a
 * consonant as Turkish writes it: "o'brien", "don't", "qur'an", "hawai'i" keep joining as before.
 */
const TURKISH_SUFFIX =
  /(\p{L}{2,})['’](?:[dt][ae](?:ki|n)?|n[ıiuü]n|y[aeıiuü]|y?l[ae]|[dt][ıiuü]r)(?![\p{L}\p{N}])|(\p{L}+[^\P{L}aeıioöuü])['’](?:[ae]|[ıiuü]n?)(?![\p{L}\p{N}])/gu;

/** Words and CJK runs of a normalised text, in order. Elisions drop; other apostrophes join ("o'brien" → "obrien"). */
export function tokenize(normalized: string): Token[] {
  const text =
    normalized.includes("'") || normalized.includes("’")
      ? normalized.replace(ELISION, "$1").replace(TURKISH_SUFFIX, "$1$2")
      : normalized;
  // The same words as below, by ASCII-only expressions, for text without other characters.
  if (ASCII.test(text)) {
    const joined = text.includes("'") ? text.replace(/([A-Za-z])'([A-Za-z])/g, "$1$2") : text;
    return Array.from(joined.matchAll(ASCII_TOKEN), (m) => ({ text: m[0], cjk: false }));
  }
  const joined = text.replace(/(\p{L})['’](\p{L})/gu, "$1$2");
  return Array.from(joined.matchAll(TOKEN), (m) => ({ text: m[0], cjk: isCjk(m[0]) }));
}

/**
 * A code a hyphen splits ("H-1B", "I-130", "W-2", "COVID-19"), also as the one word a query often
 * writes it ("h1b"): the hyphen makes two words on both sides ("h", "1b"), which "h1b" never
 * matches. Both parts short, one with a digit and one with a letter between them: "e-mail",
 * "2-3" and "follow-up" are no codes. Of normalised text.
 */
const HYPHENATED_CODE = /(?<![\p{L}\p{N}-])([\p{L}\p{N}]{1,5})-([\p{L}\p{N}]{1,5})(?![\p{L}\p{N}]|-[\p{L}\p{N}])/gu;

export function joinedCodes(normalized: string): string[] {
  if (!normalized.includes("-")) return [];
  const codes: string[] = [];
  for (const [, first, second] of normalized.matchAll(HYPHENATED_CODE)) {
    const code = first + second;
    if (/\p{N}/u.test(code) && /\p{L}/u.test(code) && !isCjk(code)) codes.push(code);
  }
  return codes;
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
