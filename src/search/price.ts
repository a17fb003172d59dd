import type { components } from "../../generated/agents.ts";
import { validationProblem } from "../http/problem.ts";
import type { SearchQuery } from "./search-query.ts";
import { normalizeText, plainSpellings } from "./normalize.ts";
import {
  AT_LEAST,
  AT_LEAST_AFTER,
  AT_MOST,
  AT_MOST_AFTER,
  CHEAP,
  CHEAP_OR_ECONOMIC,
  CURRENCY,
  ECONOMY_NOUNS,
  NEGATIONS,
  FREE,
  FOREIGN_CURRENCIES,
  FREE_COMPANIONS,
  LEAVE,
  RANGE_END,
  RANGE_JOIN,
  RANGE_START,
} from "./price-words.ts";
import { isCjk } from "./tokenize.ts";

export type PriceInterpretation = components["schemas"]["PriceInterpretation"];

// Price words in `q`, read into the same bounds as `min_price`/`max_price` (US dollars, on the
// expert's starting price, inclusive) and taken out of the text before it is searched, so "under"
// or "cheap" never match a tagline. Read on the normalised text (lower case, accents dropped:
// "günstig" is "gunstig", "até" is "ate"). Amounts are read in US dollars ($, USD, dollars), and in
// euros and pounds at a fixed approximate rate (FOREIGN_CURRENCIES); another currency is left as
// words. The words are in
// price-words.ts, normalised here when compiled, with the plain-letter spelling of Turkish ı,
// Polish ł and Russian ё ("altinda", "bezplatna", "дешевый") beside them.

const L = "(?<![\\p{L}\\p{N}])"; // a word starts here
const R = "(?![\\p{L}\\p{N}])"; // a word ends here
const NUM = "(\\d{1,3}(?:[,.]\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?)(k)?";
/** Case endings Turkish writes after an apostrophe on "$" or "USD": "100$'dan az", "100 USD'nin altında". */
const TR_ENDING = "(?:['’](?:[dt][ae]n|y?[ae]|n?[ıi]n|[ıi]|l[ıi]k))?";

const escapeWord = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, " +");
const alternation = (words: string[]) =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map(escapeWord)
    .join("|");
/** A list as normalised text is written, each word also with the plain letter for ı, ł, ё. */
const normal = (words: string[]) => [...new Set(words.flatMap((w) => plainSpellings(normalizeText(w))))];
/**
 * Words of the scripts written without spaces (Han, kana; Korean glues particles to its words),
 * and signs ("$"): they stand wherever they are found ("安い弁護士", "30달러이하").
 */
const unspaced = (w: string) => isCjk(w) || !/\p{L}/u.test(w);
/**
 * Words as whole words: those of spaced scripts (Latin, Cyrillic) need a word edge on both sides,
 * so "cheapskate" or "внебюджетный" holds no price word; the unspaced ones stand anywhere. (Only
 * whole words: an alternation that also took a spaced word anywhere read "billiger" as "billige" + "r".)
 * `left` false drops the left edge, for a currency written right after its digits ("150usd").
 */
const wordsPattern = (list: string[], left = true) => {
  const words = normal(list);
  const spaced = words.filter((w) => !unspaced(w));
  const other = words.filter(unspaced);
  return [spaced.length ? `${left ? L : ""}(?:${alternation(spaced)})${R}` : "", other.length ? alternation(other) : ""]
    .filter(Boolean)
    .join("|");
};

const FOREIGN_WORDS = FOREIGN_CURRENCIES.flatMap((c) => c.words);
const CURRENCY_AFTER = `(?:${wordsPattern([...CURRENCY, ...FOREIGN_WORDS], false)})`;
/** A currency written before its amount: "$150", "us$ 150", "usd 150", "€150", "eur 150", "£80". */
const CURRENCY_BEFORE = `(?:(?:us ?)?\\$|usd|${alternation(normal(FOREIGN_WORDS).filter((w) => /^[€£]$|^[a-z]{3}$/.test(w)))})`;
/** An amount with its currency: "$150", "us$ 150", "150 dollars", "usd 150", "150$", "150 €", "30 euro". */
const AMOUNT = `(?:${CURRENCY_BEFORE} ?${NUM}|${NUM} ?${CURRENCY_AFTER})`;
const RANGE = new RegExp(
  `${L}(?:(?:${alternation(normal(RANGE_START))}) +)?(${AMOUNT}|${NUM}) *(?:${alternation(normal(RANGE_JOIN))}) *(${AMOUNT}|${NUM})${R}(?: +(?:${wordsPattern(RANGE_END)}))?`,
  "gu",
);
const BOUNDED = new RegExp(
  `${L}(${alternation(normal(AT_MOST))}|${alternation(normal(AT_LEAST))}|<=?|>=?)(?!\\p{L}) *${AMOUNT}`,
  "gu",
);
const BOUNDED_AFTER = new RegExp(
  `${L}${AMOUNT}${TR_ENDING} *(?:${wordsPattern(AT_MOST_AFTER)}|${wordsPattern(AT_LEAST_AFTER)})`,
  "gu",
);
const AT_LEAST_AT_END = new RegExp(`(?:${wordsPattern(AT_LEAST_AFTER)})$`, "u");
const CJK_BOUND = new RegExp(`${NUM} *${CURRENCY_AFTER}? *(以下|未満|以内|이하|미만|까지|以上|이상)`, "gu");
const BARE = new RegExp(`${L}${AMOUNT}`, "gu");
const CHEAP_WORDS = new RegExp(
  `${wordsPattern(CHEAP)}|(?:${wordsPattern(CHEAP_OR_ECONOMIC)})(?! +(?:${wordsPattern(ECONOMY_NOUNS)}))`,
  "gu",
);
// Companions go before or after the free word, spaced ("free first call") or not ("初回無料相談").
const FREE_RUN = new RegExp(
  `(?:(?:${wordsPattern(FREE_COMPANIONS)}) *)*(?<!(?:${wordsPattern(LEAVE)}) +)(?:${wordsPattern(FREE)})(?! +(?:${wordsPattern(LEAVE)}))(?: *(?:${wordsPattern(FREE_COMPANIONS)}))*`,
  "gu",
);
const AT_MOST_SET = new Set(normal(AT_MOST).map((w) => w.replace(/ +/g, " ")));
/**
 * A lower bound's words negated a few words before them state an upper bound: "can't spend more
 * than $100", "no puedo gastar más de 100 dólares", "je ne veux pas payer plus de 80 €", "ich kann
 * nicht mehr als 100 Euro ausgeben". Up to three words between the negation and the bound.
 */
const NEGATED = new RegExp(`${L}(?:${wordsPattern(NEGATIONS)})(?: +[\\p{L}\\p{N}]+){0,3} *$`, "u");

/** Price words read from `q`: what they mean and the bounds they state (a `cheap` bound is decided per search). */
export interface PriceWords {
  words: string[];
  meaning: PriceInterpretation["meaning"];
  min: number | null;
  max: number | null;
}

/** Dollars per unit of the currency `match` is written in: 1 for dollars, a FOREIGN_CURRENCIES rate for another. */
const FOREIGN = FOREIGN_CURRENCIES.map((c) => ({
  usd: c.usd,
  pattern: new RegExp(`(?:${wordsPattern(c.words, false)})`, "u"),
}));
const dollarsPer = (match: string) => FOREIGN.find((c) => c.pattern.test(match))?.usd ?? 1;

/** The amount `match` states, in US dollars (cents kept). */
function amountOf(match: string, rate = dollarsPer(match)): number | null {
  const m = new RegExp(NUM, "u").exec(match);
  if (!m) return null;
  let digits = m[1];
  // "1,500" and "1.500" are thousands; "99.50" and "99,50" are cents.
  digits = /[,.]\d{3}(?:[,.]|$)/.test(digits) ? digits.replace(/[,.](?=\d{3}(?:[,.]|$))/g, "") : digits;
  const value = Number(digits.replace(",", ".")) * (m[2] ? 1000 : 1);
  if (!Number.isFinite(value) || value > 1_000_000) return null;
  return rate === 1 ? value : Math.round(value * rate * 100) / 100;
}

const CURRENCY_IN = new RegExp(`${CURRENCY_BEFORE}|${CURRENCY_AFTER}`, "u");
const hasCurrency = (text: string) => CURRENCY_IN.test(text);

/**
 * The price words of normalised text and the text without them. Amounts need a currency ($, USD,
 * dollars), so "under 50 employees" stays words; a bare amount ("a $150 consultation") is an upper
 * bound. Bounds combine: the highest lower bound and the lowest upper bound; "free" is an upper
 * bound of 0; "cheap" counts only when no amount gives an upper bound.
 */
/** "Budget" in the query languages, as normalizeText writes it (ç, ü dropped; Arabic ة as ه); in CJK inside a run. */
const BUDGET_WORD =
  /(?<![\p{L}\p{N}])(?:budget|budzet|presupuesto|orcamento|butce|бюджет|ميزانيه|ميزانيتي)(?![\p{L}\p{N}])|予算|预算|예산/gu;

export function readPriceWords(text: string): { price: PriceWords | null; rest: string } {
  const words: string[] = [];
  let min: number | null = null;
  let max: number | null = null;
  let cheap = false;
  let free = false;
  const atLeast = (v: number | null) => v !== null && (min = min === null ? v : Math.max(min, v));
  const atMost = (v: number | null) => v !== null && (max = max === null ? v : Math.min(max, v));
  // `read` hears the match's groups and the text before it (a replacer's last two arguments are the
  // offset and the whole text: none of these patterns has named groups).
  const take = (pattern: RegExp, read: (m: RegExpExecArray, before: string) => boolean) => {
    text = text.replace(pattern, (...args) => {
      const m = args as unknown as RegExpExecArray;
      const before = (args.at(-1) as string).slice(0, args.at(-2) as number);
      if (!read(m, before)) return m[0];
      words.push(m[0].trim().replace(/ +/g, " "));
      return " ";
    });
  };
  take(RANGE, (m) => {
    if (!hasCurrency(m[0])) return false;
    const [a, b] = [...m[0].matchAll(new RegExp(NUM, "gu"))].map((x) => amountOf(x[0], dollarsPer(m[0])));
    if (a === null || a === undefined || b === null || b === undefined) return false;
    atLeast(Math.min(a, b));
    atMost(Math.max(a, b));
    return true;
  });
  take(BOUNDED_AFTER, (m) => {
    const value = amountOf(m[0]);
    if (value === null) return false;
    if (AT_LEAST_AT_END.test(m[0])) atLeast(value);
    else atMost(value);
    return true;
  });
  take(BOUNDED, (m, before) => {
    const bound = m[1].replace(/ +/g, " ");
    const value = amountOf(m[0].slice(m[1].length));
    if (value === null) return false;
    if (AT_MOST_SET.has(bound) || bound.startsWith("<") || NEGATED.test(before.replace(/['’]/g, ""))) atMost(value);
    else atLeast(value);
    return true;
  });
  take(CJK_BOUND, (m) => {
    const value = amountOf(m[0]);
    if (value === null || !hasCurrency(m[0])) return false;
    if (/以上|이상/u.test(m[0])) atLeast(value);
    else atMost(value);
    return true;
  });
  take(BARE, (m) => {
    const value = amountOf(m[0]);
    if (value === null) return false;
    atMost(value);
    return true;
  });
  take(FREE_RUN, () => (free = true));
  take(CHEAP_WORDS, () => (cheap = true));
  // Beside an amount, "budget" is the price's own word ("budget under $350", "presupuesto de 100
  // euros"), not the financial planning a budget is alone.
  if (min !== null || max !== null) take(BUDGET_WORD, () => true);
  if (!words.length) return { price: null, rest: text };
  if (free) atMost(0);
  const meaning: PriceWords["meaning"] = free
    ? "free"
    : max !== null
      ? min !== null
        ? "between"
        : "at_most"
      : cheap
        ? "cheap"
        : "at_least";
  return { price: { words, meaning, min, max }, rest: text.replace(/\s+/g, " ").trim() };
}

/** The contract's interpretation of price words, with the upper bound `cheap` stood for in this search. */
export function priceInterpretation(price: PriceWords, cheapMax: number | null): PriceInterpretation {
  return {
    words: price.words,
    meaning: price.meaning,
    min_usd: price.min,
    max_usd: price.max ?? (price.meaning === "cheap" ? cheapMax : null),
  };
}

/** A `max_price` below `min_price` finds nobody by construction: a 400 naming it, so the caller fixes it. */
export function checkPriceRange(query: SearchQuery): void {
  if (query.min_price !== undefined && query.max_price !== undefined && query.max_price < query.min_price) {
    throw validationProblem([{ field: "max_price", message: "must be at least min_price" }]);
  }
}
