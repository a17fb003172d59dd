// biome-ignore lint/suspicious/noControlCharactersInRegex: "only ASCII" includes its control characters
const ASCII = /^[\x00-\x7f]*$/;

/**
 * Text normalisation shared by the index and the query, so both sides agree on every character:
 * NFKC folds full-width and half-width forms ("ＣＰＡ" → "cpa", "ｶ" → "カ"), case is folded, "ß"
 * becomes "ss", and diacritics are dropped from Latin letters only ("São" → "sao", "Zoë" → "zoe").
 * Marks on kana are kept: "が" is not "か".
 */
export function normalizeText(text: string): string {
  // ASCII is its own NFKC/NFD/NFC form and has no marks or ß: lower-casing is all it needs. Most
  // of a directory's text (every English or French word without accents) takes this path, which
  // the import runs over every title, tagline and bio (BENCHMARKS.md, Import).
  if (ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
    .normalize("NFC");
}

// German umlauts are also written without the dots, as a following "e": "Mueller" is "Müller".
const UMLAUT_SPELLING: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", Ä: "Ae", Ö: "Oe", Ü: "Ue" };

/**
 * The spellings of a text to index: the text itself, and, when it has German umlauts, the
 * transliterated form, so "Müller" is found by "muller", "müller" and "mueller".
 */
export function indexSpellings(text: string): string[] {
  if (!/[äöüÄÖÜ]/.test(text)) return [text];
  return [text, text.replace(/[äöüÄÖÜ]/g, (c) => UMLAUT_SPELLING[c])];
}

/**
 * Letters that are not a base letter plus a mark, so normalizeText keeps them, but that users
 * without the keyboard type as the base letter: Turkish dotless ı (avukatı → avukati), Polish
 * ł (własność → wlasnosc), Russian ё (учёт → учет, as most Russian text is written).
 */
const PLAIN_LETTER: Record<string, string> = { ı: "i", ł: "l", ё: "е" };
const PLAIN_LETTERS = /[ıłё]/gu;

/** Normalised text and, when it holds one of those letters, its spelling with the plain letter. */
export function plainSpellings(text: string): string[] {
  if (!/[ıłё]/u.test(text)) return [text];
  return [text, text.replace(PLAIN_LETTERS, (c) => PLAIN_LETTER[c])];
}
