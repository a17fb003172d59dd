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
/**
 * The parent category of a specific term's subcategory: below any match of the term or its token,
 * above the experts who have nothing of it. Left out before: after the few who name "TOEFL" the page
 * filled with whoever shared a word of the sentence. Tuning (762): 0.15 moved 30 queries up and 15
 * down, recall@10 0.950 → 0.956; 0.21 (the parent's 0.35 × STAND_IN) put a Korean tutor who sells
 * exam preparation first for "HSK 4 exam preparation"; 0.1 moved 28 up, 13 down, less in all.
 */
const PARENT_STAND_IN = 0.15;

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
 * A specific term is what it says: found as itself first, its concept's token just below, the
 * parent category last (PARENT_STAND_IN), and the concept's other names not at all ("SOC 2" is not
 * any technology expert, but after those who do SOC 2 the security consultants are nearer than
 * whoever shares a word of the sentence).
 */
export function narrow(group: QueryGroup) {
  group.weight *= SPECIFIC;
  group.specific = true;
  const literal = termLexemes(group.label).join("\t");
  group.alternatives = group.alternatives
    .filter((a) => !a.expansion)
    .map((a) =>
      a.lexemes.join("\t") === literal
        ? a
        : { ...a, factor: a.factor <= FACTOR.parent ? PARENT_STAND_IN : a.factor * STAND_IN },
    );
}
