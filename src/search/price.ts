import type { components } from "../../generated/agents.ts";
import { validationProblem } from "../http/problem.ts";
import type { SearchQuery } from "./search-query.ts";
import { isCjk } from "./tokenize.ts";

export type PriceInterpretation = components["schemas"]["PriceInterpretation"];

// Price words in `q`, read into the same bounds as `min_price`/`max_price` (US dollars, on the
// expert's starting price, inclusive) and taken out of the text before it is searched, so "under"
// or "cheap" never match a tagline. Read on the normalised text (lower case, accents dropped:
// "günstig" is "gunstig", "até" is "ate"). Only US dollars are read ($, USD, dollars): another
// currency is left as words, since the directory has no exchange rates.

const L = "(?<![\\p{L}\\p{N}])"; // a word starts here
const R = "(?![\\p{L}\\p{N}])"; // a word ends here
const NUM = "(\\d{1,3}(?:[,.]\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?)(k)?";
const CURRENCY_AFTER = "(?:\\$|usd|us dollars?|dollars?|dolares|dolar|dollari|dollaro|bucks|ドル|美元|美金|달러)";
/** An amount with its currency: "$150", "us$ 150", "150 dollars", "usd 150", "150$". */
const AMOUNT = `(?:(?:us ?)?\\$ ?${NUM}|usd ?${NUM}|${NUM} ?${CURRENCY_AFTER})`;

/** Words before an amount that make it an upper bound, in en, es, pt, it, de, fr, nl. */
const AT_MOST = [
  "under",
  "below",
  "beneath",
  "less than",
  "lower than",
  "cheaper than",
  "up to",
  "at most",
  "no more than",
  "not more than",
  "max",
  "maximum",
  "within",
  "menos de",
  "por debajo de",
  "hasta",
  "como maximo",
  "maximo",
  "abaixo de",
  "ate",
  "no maximo",
  "meno di",
  "sotto i",
  "sotto",
  "fino a",
  "al massimo",
  "massimo",
  "unter",
  "bis zu",
  "bis",
  "weniger als",
  "hochstens",
  "hoechstens",
  "maximal",
  "moins de",
  "en dessous de",
  "jusqu a",
  "jusqua",
  "au plus",
  "au maximum",
  "sous",
  "onder",
  "minder dan",
  "tot",
  "maximaal",
  "hooguit",
];
/** Words before an amount that make it a lower bound. */
const AT_LEAST = [
  "over",
  "above",
  "more than",
  "at least",
  "starting at",
  "min",
  "minimum",
  "mas de",
  "al menos",
  "como minimo",
  "mais de",
  "pelo menos",
  "no minimo",
  "piu di",
  "almeno",
  "oltre",
  "uber",
  "ueber",
  "mehr als",
  "mindestens",
  "plus de",
  "au moins",
  "boven",
  "meer dan",
  "minstens",
];
const RANGE_START = ["between", "entre", "zwischen", "tra", "fra", "tussen"];
const RANGE_JOIN = ["and", "et", "y", "e", "und", "en", "-", "–", "to", "a", "bis"];

/** "Cheap" in the languages agents pass through: the cheaper half (see PriceLevels). */
const CHEAP = [
  "cheap",
  "cheaper",
  "cheapest",
  "affordable",
  "inexpensive",
  "low cost",
  "low-cost",
  "lowest price",
  "low price",
  "low priced",
  "budget friendly",
  "budget-friendly",
  "on a budget",
  "low budget",
  "tight budget",
  "reasonably priced",
  "economical",
  "barato",
  "barata",
  "baratos",
  "baratas",
  "economico",
  "economica",
  "economicos",
  "asequible",
  "asequibles",
  "bajo costo",
  "bajo coste",
  "acessivel",
  "acessiveis",
  "baixo custo",
  "em conta",
  "a buon mercato",
  "conveniente",
  "poco costoso",
  "gunstig",
  "gunstige",
  "gunstigen",
  "gunstiger",
  "guenstig",
  "guenstige",
  "guenstigen",
  "guenstiger",
  "gunstigste",
  "gunstigsten",
  "billig",
  "billige",
  "billigen",
  "billiger",
  "billigere",
  "billigste",
  "billigsten",
  "preiswert",
  "preiswerte",
  "preiswerten",
  "kostengunstig",
  "preisgunstig",
  "pas cher",
  "pas chere",
  "pas chers",
  "bon marche",
  "abordable",
  "abordables",
  "economique",
  "economiques",
  "moins cher",
  "moins chere",
  "petit budget",
  "goedkoop",
  "goedkope",
  "安い",
  "格安",
  "激安",
  "お手頃",
  "手頃",
  "便宜",
  "实惠",
  "平价",
  "低价",
  "저렴한",
  "저렴",
  "저가",
];
/** "Free": a service priced 0. Nearby words of a free call ("first call", "consultation") go with it. */
const FREE = [
  "free",
  "free of charge",
  "no cost",
  "no charge",
  "complimentary",
  "gratis",
  "gratuito",
  "gratuita",
  "gratuitos",
  "gratuitas",
  "sin costo",
  "sem custo",
  "kostenlos",
  "kostenlose",
  "kostenloses",
  "kostenlosen",
  "kostenfrei",
  "gratuit",
  "gratuite",
  "gratuitement",
  "無料",
  "免费",
  "免費",
  "무료",
];
const FREE_COMPANIONS = [
  "first",
  "initial",
  "intro",
  "introductory",
  "introduction",
  "call",
  "calls",
  "consultation",
  "consultations",
  "consult",
  "session",
  "meeting",
  "chat",
  "consulta",
  "primera",
  "primeira",
  "primeiro",
  "llamada",
  "chamada",
  "consulenza",
  "prima",
  "chiamata",
  "erstgesprach",
  "erstgespraech",
  "erstberatung",
  "beratung",
  "gesprach",
  "premier",
  "premiere",
  "appel",
  "rendez-vous",
  "rendez vous",
  "kennismakingsgesprek",
  "相談",
  "咨询",
  "상담",
  "初回",
];

const escapeWord = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, " +");
const alternation = (words: string[]) =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map(escapeWord)
    .join("|");
/**
 * Words of the scripts written without spaces (Han, kana; Korean glues particles to its words),
 * and signs ("$"): they stand wherever they are found ("安い弁護士", "30달러이하").
 */
const unspaced = (w: string) => isCjk(w) || !/\p{L}/u.test(w);
/**
 * Words as whole words: those of spaced scripts (Latin, Cyrillic) need a word edge on both sides,
 * so "cheapskate" or "внебюджетный" holds no price word; the unspaced ones stand anywhere. (Only
 * whole words: an alternation that also took a spaced word anywhere read "billiger" as "billige" + "r".)
 */
const wordsPattern = (words: string[]) => {
  const spaced = words.filter((w) => !unspaced(w));
  const other = words.filter(unspaced);
  return [spaced.length ? `${L}(?:${alternation(spaced)})${R}` : "", other.length ? alternation(other) : ""]
    .filter(Boolean)
    .join("|");
};

const RANGE = new RegExp(
  `${L}(?:(?:${alternation(RANGE_START)}) +)?(${AMOUNT}|${NUM}) *(?:${alternation(RANGE_JOIN)}) *(${AMOUNT}|${NUM})(?![\\p{L}\\p{N}])`,
  "gu",
);
const BOUNDED = new RegExp(`${L}(${alternation(AT_MOST)}|${alternation(AT_LEAST)}|<=?|>=?) *${AMOUNT}`, "gu");
const CJK_BOUND = new RegExp(`${NUM} *${CURRENCY_AFTER}? *(以下|未満|以内|이하|미만|까지|以上|이상)`, "gu");
const BARE = new RegExp(`${L}${AMOUNT}`, "gu");
const CHEAP_WORDS = new RegExp(wordsPattern(CHEAP), "gu");
// Companions go before or after the free word, spaced ("free first call") or not ("初回無料相談").
const FREE_RUN = new RegExp(
  `(?:(?:${wordsPattern(FREE_COMPANIONS)}) *)*(?:${wordsPattern(FREE)})(?: *(?:${wordsPattern(FREE_COMPANIONS)}))*`,
  "gu",
);
const AT_MOST_SET = new Set(AT_MOST.map((w) => w.replace(/ +/g, " ")));

/** Price words read from `q`: what they mean and the bounds they state (a `cheap` bound is decided per search). */
export interface PriceWords {
  words: string[];
  meaning: PriceInterpretation["meaning"];
  min: number | null;
  max: number | null;
}

function amountOf(match: string): number | null {
  const m = new RegExp(NUM, "u").exec(match);
  if (!m) return null;
  let digits = m[1];
  // "1,500" and "1.500" are thousands; "99.50" and "99,50" are cents.
  digits = /[,.]\d{3}(?:[,.]|$)/.test(digits) ? digits.replace(/[,.](?=\d{3}(?:[,.]|$))/g, "") : digits;
  const value = Number(digits.replace(",", ".")) * (m[2] ? 1000 : 1);
  return Number.isFinite(value) && value <= 1_000_000 ? value : null;
}

const hasCurrency = (text: string) => new RegExp(`\\$|usd|${CURRENCY_AFTER}`, "u").test(text);

/**
 * The price words of normalised text and the text without them. Amounts need a currency ($, USD,
 * dollars), so "under 50 employees" stays words; a bare amount ("a $150 consultation") is an upper
 * bound. Bounds combine: the highest lower bound and the lowest upper bound; "free" is an upper
 * bound of 0; "cheap" counts only when no amount gives an upper bound.
 */
export function readPriceWords(text: string): { price: PriceWords | null; rest: string } {
  const words: string[] = [];
  let min: number | null = null;
  let max: number | null = null;
  let cheap = false;
  let free = false;
  const atLeast = (v: number | null) => v !== null && (min = min === null ? v : Math.max(min, v));
  const atMost = (v: number | null) => v !== null && (max = max === null ? v : Math.min(max, v));
  const take = (pattern: RegExp, read: (m: RegExpExecArray) => boolean) => {
    text = text.replace(pattern, (...args) => {
      const m = args as unknown as RegExpExecArray;
      if (!read(m)) return m[0];
      words.push(m[0].trim().replace(/ +/g, " "));
      return " ";
    });
  };
  take(RANGE, (m) => {
    if (!hasCurrency(m[0])) return false;
    const [a, b] = [...m[0].matchAll(new RegExp(NUM, "gu"))].map((x) => amountOf(x[0]));
    if (a === null || a === undefined || b === null || b === undefined) return false;
    atLeast(Math.min(a, b));
    atMost(Math.max(a, b));
    return true;
  });
  take(BOUNDED, (m) => {
    const bound = m[1].replace(/ +/g, " ");
    const value = amountOf(m[0].slice(m[1].length));
    if (value === null) return false;
    if (AT_MOST_SET.has(bound) || bound.startsWith("<")) atMost(value);
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
