// How a query writes its words (as codes: "SOC 2", "IFRS"; capitalised: "Nice") and how a specific term is searched: as itself first.
import { normalizeText } from "./normalize.ts";
import { isPlainWord, termLexemes } from "./query-groups.ts";
import { FACTOR, type QueryGroup } from "./query-types.ts";
import { ALPHABETIC_WORD } from "./tokenize.ts";

/**
 * How much more a specific term counts than a generic one (an exam, a standard, a product: "SOC 2
 * audit" is about SOC 2). Document frequencies are not known when a query is read, so what a user
 * writes as a code stands for rarity: a term with a digit, or written in capitals.
 */
const SPECIFIC = 2;
/**
 * A concept's token stands in for a specific term below the term itself, even as a first
 * subcategory (A, document.ts) against the term in a tag (B). 0.75 let a tag "IFRS" (0.8) count
 * hardly more than the financial-statements token in a first subcategory, and the stand-ins came
 * first; 0.6: tuning 12 queries up, 3 down; 0.5 put a token in a tag (0.4) below a full match and
 * left 16 fitting queries answering `none`.
 */
const STAND_IN = 0.6;

/** The words of `q` as written (case kept), whose form says what normalising hides. */
const writtenWords = (q: string): string[] => q.normalize("NFKC").match(ALPHABETIC_WORD) ?? [];

/** The words of `q` written as codes: capitals of two letters or more ("IFRS", "PMP"), or letters with digits ("H-1B"), not an amount ("50k"). */
export function codeWords(q: string): Set<string> {
  return new Set(
    writtenWords(q)
      .filter((w) => /^\p{Lu}{2,}$/u.test(w) || (/\p{N}/u.test(w) && /\p{L}/u.test(w) && !AMOUNT_WORD.test(w)))
      .map((w) => normalizeText(w)),
  );
}

/** The words `q` writes with a capital first letter, normalised: a place's name, as against the same common word. */
export function capitalised(q: string): Set<string> {
  return new Set(
    writtenWords(q)
      .filter((w) => /^\p{Lu}/u.test(w))
      .map((w) => normalizeText(w)),
  );
}

/** An amount written short ("50k", "2m", "1.5M", "10bn"): a number, not a code. */
const AMOUNT_WORD = /^\d+(?:[.,]\d+)?(?:k|m|mn|bn|mio|mrd)$/iu;

/** A profession's term or a plain word, with a code among its words or a number beside a word ("ISO 27001"). */
export function isSpecific(group: QueryGroup, codes: ReadonlySet<string>): boolean {
  const isPlace = group.alternatives.some((a) => a.lexemes.some((l) => /^(lang|cc|city):/.test(l)));
  if (isPlace || (!group.concepts && !isPlainWord(group))) return false;
  const words = group.label.split(" ");
  return (
    words.some((w) => codes.has(w)) ||
    (group.concepts !== undefined && words.length > 1 && words.some((w) => /\p{N}/u.test(w)))
  );
}

/**
 * A specific term is what it says: found as itself first, its concept's token just below, and
 * neither the parent category nor the concept's other names stand in for it ("SOC 2" is not any
 * technology expert).
 */
export function narrow(group: QueryGroup) {
  group.weight *= SPECIFIC;
  group.specific = true;
  const literal = termLexemes(group.label).join("\t");
  group.alternatives = group.alternatives
    .filter((a) => a.factor > FACTOR.parent && !a.expansion)
    .map((a) => (a.lexemes.join("\t") === literal ? a : { ...a, factor: a.factor * STAND_IN }));
}
