import type { Token } from "./tokenize.ts";

/**
 * Word pairs: two words side by side in a short field of a profile (a title, a tag or a service's
 * name) are indexed as one lexeme, so that a query's two neighbouring words found side by side
 * ("marketing audit", a service's name) weigh more than the same words found apart ("marketing"
 * the category, "audit" a bookkeeper's service): the proximity a search engine's phrase query
 * gives, which a tsvector (whose positions here are not the words' places) cannot.
 */

/**
 * The mark before a pair's two words: no query word starts with it (tokenize.ts keeps letters
 * and digits only), so no word or prefix of a query matches a pair lexeme but through pairQuery.
 */
const MARK = "~";

/** At most this many pairs of a query are tested (each one more test of a candidate's document). */
export const MAX_PAIRS = 6;

/** The lexeme of two neighbouring words. */
export function pairLexeme(first: string, second: string): string {
  return `${MARK}${first} ${second}`;
}

/** The pair lexemes of a short text's words (tokenize.ts), CJK runs left out: their character pairs already are pairs. */
export function textPairs(tokens: readonly Token[]): string[] {
  const pairs: string[] = [];
  for (let i = 0; i + 1 < tokens.length; i++)
    if (!tokens[i].cjk && !tokens[i + 1].cjk) pairs.push(pairLexeme(tokens[i].text, tokens[i + 1].text));
  return pairs;
}

/**
 * The pairs a query's words make, as they are written: neighbours of which neither is a stop word
 * nor a CJK run, each word of two letters at least, with at most two stop words between them
 * ("review of my contract"); the first MAX_PAIRS.
 */
export function queryPairs(tokens: readonly Token[], isStopWord: (word: string) => boolean): [string, string][] {
  const pairs: [string, string][] = [];
  const usable = (t: Token) => !t.cjk && t.text.length >= 2 && !isStopWord(t.text);
  for (let i = 0; i + 1 < tokens.length && pairs.length < MAX_PAIRS; i++) {
    if (!usable(tokens[i])) continue;
    // The next word, past at most two stop words ("review of my contract").
    let j = i + 1;
    while (j < tokens.length && j <= i + 3 && !tokens[j].cjk && isStopWord(tokens[j].text)) j++;
    if (j < tokens.length && j <= i + 3 && usable(tokens[j])) pairs.push([tokens[i].text, tokens[j].text]);
  }
  return pairs;
}
