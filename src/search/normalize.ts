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
    .normalize("NFC")
    .replace(KATAKANA_DOT, "")
    .replace(ARABIC_SCRIPT, (run, at: number, whole: string) => foldArabic(run, WORD_CHAR.test(whole[at - 1] ?? "")));
}
/**
 * The middle dot between two katakana words ("ゲーテ・インスティトゥート", "デュー・デリジェンス"):
 * Japanese writes a foreign compound with it as often as without, and a sentence glues a particle
 * to its last part ("ゲーテ・インスティトゥートのB2試験"), so kept, the dot split the compound into
 * two runs no term spans. Joined, both spellings are one run, read by longest match (cjk-run.ts).
 * Between kanji it lists ("報酬・福利厚生") and stays.
 */
const KATAKANA_DOT = /(?<=[\p{Script=Katakana}ー])・(?=\p{Script=Katakana})/gu;

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

/** A stretch of Arabic-script letters and marks (NFKC has already made presentation forms plain letters). */
const ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff]+/gu;
/** Tashkeel (harakat, tanween, shadda, sukun, superscript alef, Quranic marks) and tatweel, the stretching stroke. */
const ARABIC_MARKS = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u08d3-\u08ff\u0640]/gu;
/** An Arabic letter (not a digit, a mark or punctuation). */
const ARABIC_LETTER = "(?:(?=\\p{Script=Arabic})\\p{L})";
/**
 * The article and what Arabic glues before it, at the start of a word: ال, and with و (and), ب
 * (with, in) or ل (for, to, whose alef drops: لل): "المحامي", "والمحاسب", "بالرياض", "للمحامي" are
 * the bare noun, when three letters or more remain ("الم", "الله", "التي" stay). A bare و ("and")
 * goes only when four letters or more remain ("ومحاسب" → محاسب; "وكيل", agent, stays). Not ف or ك
 * before the article (فال، كال: rare in a request, while foreign names begin so: "فالنسيا" would be
 * "نسيا", forgotten, and "كالجاري" "جاري", my neighbour), nor a bare ب، ل، ف, which too many words
 * begin with ("بيروت", "لبنان", "فرنسا"): the vocabulary lists "ببيروت", "لكندا" where it needs them.
 */
const ARABIC_PREFIX = new RegExp(`^(?:و?(?:ب?ال|لل)(?=${ARABIC_LETTER}{3})|و(?=${ARABIC_LETTER}{4}))`, "u");

/**
 * Arabic as it is typed and searched (as Lucene's ArabicNormalizer does, and the article as its
 * light stemmer does): marks and tatweel dropped, the alef forms أ إ آ ٱ as ا, ى as ي, ة as ه,
 * each word's leading article (ARABIC_PREFIX) and an accusative's written tanween with its alef
 * ("محامياً" → محامي). The vocabulary's terms, the query and the
 * documents are normalised alike, so "المحامي", "محامٍ" and "مُحامي" all meet "محامي". Only
 * Arabic-script text is touched: Latin, CJK and Cyrillic are outside ARABIC_SCRIPT. `joined`: the
 * run goes on a word of another script ("x٣الكتب"), whose start is no article's.
 */
function foldArabic(run: string, joined: boolean): string {
  return (
    run
      // The accusative's tanween and the alef that carries it end the word ("محامياً جنائياً" is
      // "محامي جنائي", as the nominative "محامٍ" already is): written, the mark says the alef is no letter of the word.
      .replace(/(?:\u064b\u0627|\u0627\u064b)(?![\p{L}\p{M}])/gu, "")
      .replace(ARABIC_MARKS, "")
      .replace(/[أإآٱ]/gu, "ا")
      .replace(/ى/gu, "ي")
      .replace(/ة/gu, "ه")
      .split(/(?=[^\p{L}\p{N}])|(?<=[^\p{L}\p{N}])/u)
      .map((word, i) => (i === 0 && joined ? word : word.replace(ARABIC_PREFIX, "")))
      .join("")
  );
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
