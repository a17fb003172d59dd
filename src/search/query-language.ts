// The language a query is written in, read from its script and its function words: among equally good matches, experts who speak it come first.
import { BUILTIN_VOCABULARY, QUERY_VOCABULARY } from "./builtin-vocabulary.ts";
import type { Token } from "./tokenize.ts";
import { termKey } from "./vocabulary.ts";

const HANGUL = /\p{Script=Hangul}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN = /\p{Script=Han}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;
/** Letters Ukrainian writes and Russian does not (і ї є ґ): a Cyrillic query with one is Ukrainian. */
const UKRAINIAN = /[іїєґ]/iu;
const GREEK = /\p{Script=Greek}/u;
const ARABIC = /\p{Script=Arabic}/u;
/** Devanagari: Hindi, the language most of its writers search in (Marathi and Nepali share it; no expert here writes them). */
const DEVANAGARI = /\p{Script=Devanagari}/u;
/** Letters Persian and Urdu write in the Arabic script and Arabic does not (پ چ ژ گ ک ی ٹ ڈ ڑ ں ے ھ): not Arabic. */
const PERSIAN_OR_URDU = /[پچژگکیٹڈڑںےھ]/u;

/** Alphabetic languages the shipped vocabulary writes function words for (its `stop` rows). */
const ALPHABETIC = [
  "en",
  "es",
  "pt",
  "it",
  "fr",
  "de",
  "nl",
  "pl",
  "tr",
  "sv",
  "da",
  "no",
  "fi",
  "cs",
  "hu",
  "ro",
  "vi",
] as const;

/**
 * Function words of one language that another's vocabulary holds as a term, so they are no stop
 * word everywhere: Swedish "vet" (I know: "jag vet inte") is no vet, Italian "sue" (her, his: "le
 * sue tasse") no lawsuit, Vietnamese "ai" (who) no AI. Dropped only from a query its function words
 * say is written in that language.
 */
const OWN_FUNCTION_WORDS: Readonly<Record<string, ReadonlySet<string>>> = {
  // "två" (two) is "tva", French VAT, once its marks drop.
  sv: new Set(["vet", "tva"]),
  it: new Set(["sue"]),
  // "ai" (who) is no AI, "ấy" (that) no Turkish "ay" (month); "chưa" (not yet), "cho" (for) and
  // "xin" (please) are the names Chua, Cho and Xin.
  vi: new Set(["ai", "ay", "chua", "cho", "xin"]),
  // "amit" (which) is the name Amit.
  hu: new Set(["amit"]),
  // "já" (I) is the Korean name part Ja ("Ja-young").
  cs: new Set(["ja"]),
  // "cine" (who) is the Czech "Číně" (in China), "îi" (him) the numeral of "SOC 2 Type II", "mai"
  // (more) the name Mai.
  ro: new Set(["cine", "ii", "mai"]),
};

const NONE: ReadonlySet<string> = new Set();

/** The words dropped as function words in a query written in `language` beyond every language's stop words. */
export function ownFunctionWords(language: string | null): ReadonlySet<string> {
  return (language && OWN_FUNCTION_WORDS[language]) || NONE;
}

let stops: ReadonlyMap<string, ReadonlySet<string>> | null = null;

/** Each alphabetic language's function words as the shipped files write them, normalised as `q` is. */
function functionWords(): ReadonlyMap<string, ReadonlySet<string>> {
  if (stops) return stops;
  const files: Record<string, string[]> = {};
  for (const [language, text] of [...Object.entries(BUILTIN_VOCABULARY), ...Object.entries(QUERY_VOCABULARY)])
    (files[language] ??= []).push(text);
  stops = new Map(
    ALPHABETIC.map((language) => {
      const words = (files[language] ?? []).flatMap((text) =>
        text
          .split(/\r?\n/)
          .filter((line) => line.startsWith("stop\t"))
          .flatMap((line) => (line.split("\t")[2] ?? "").split("|"))
          .flatMap((term) => termKey(term.trim()).split(" ")),
      );
      return [language, new Set(words.filter(Boolean))];
    }),
  );
  return stops;
}

let owners: ReadonlyMap<string, string> | null = null;

/**
 * The one alphabetic language whose files write each term (not the stop rows), by its key:
 * "alquiler" and "revisión de contrato" are Spanish; "contrato", which Spanish and Portuguese both
 * write, is left out. Built once a process (~0.1 s), kept as only the terms one language owns.
 */
function termLanguages(): ReadonlyMap<string, string> {
  if (owners) return owners;
  const found = new Map<string, string | null>();
  for (const [language, text] of [...Object.entries(BUILTIN_VOCABULARY), ...Object.entries(QUERY_VOCABULARY)]) {
    if (!(ALPHABETIC as readonly string[]).includes(language)) continue;
    for (const line of text.split(/\r?\n/)) {
      if (line.startsWith("#") || line.startsWith("stop\t")) continue;
      for (const term of (line.split("\t")[2] ?? "").split("|")) {
        const key = termKey(term.trim());
        if (!key) continue;
        const owner = found.get(key);
        found.set(key, owner === undefined || owner === language ? language : null);
      }
    }
  }
  owners = new Map([...found].filter((entry): entry is [string, string] => entry[1] !== null));
  return owners;
}

/**
 * The ISO 639-1 code of the language `q` is written in, or null when it cannot tell: Korean,
 * Japanese, Chinese, Russian, Ukrainian, Greek, Arabic and Hindi (Devanagari) by their scripts (kana makes Han Japanese, і ї є ґ Cyrillic Ukrainian; the letters of
 * Persian or Urdu make Arabic script no language told); an alphabetic
 * language by its function words ("de", "que", "für", "het"), when one language holds at least
 * two of the query's and more than any other does. A person who writes in a language most likely
 * wants someone who speaks it; the words alone rarely say so ("conseiller fiscal pour particuliers").
 */
export function queryLanguage(text: string, tokens: readonly Token[], terms: readonly string[] = []): string | null {
  if (HANGUL.test(text)) return "ko";
  if (KANA.test(text)) return "ja";
  if (HAN.test(text)) return "zh";
  if (CYRILLIC.test(text)) return UKRAINIAN.test(text) ? "uk" : "ru";
  if (GREEK.test(text)) return "el";
  if (ARABIC.test(text)) return PERSIAN_OR_URDU.test(text) ? null : "ar";
  if (DEVANAGARI.test(text)) return "hi";
  const counts = [...functionWords()].map(([language, words]) => ({
    language,
    count:
      tokens.filter((t) => words.has(t.text)).length +
      // A term of the vocabulary that one language alone writes says so as a function word does.
      terms.filter((term) => termLanguages().get(term) === language).length,
  }));
  counts.sort((a, b) => b.count - a.count);
  const [best, second] = counts;
  return best.count >= 2 && best.count > (second?.count ?? 0) ? best.language : null;
}
