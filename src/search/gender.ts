// A profession's word in the other gender (abogado/abogada), as a query's alternative (interpreter.ts).
import { type Alternative, FACTOR, LATIN_WORD } from "./query-types.ts";
import type { Concept, Vocabulary } from "./vocabulary.ts";

/**
 * Endings that turn a profession's word into the other gender (es, pt, it: abogado/abogada,
 * asesor/asesora; fr: avocat/avocate, conseiller/conseillère, traducteur/traductrice; de:
 * Berater/Beraterin), as written once accents are dropped. Either way round.
 */
const GENDER_ENDINGS: readonly [string, string][] = [
  ["o", "a"],
  ["a", "o"],
  ["os", "as"],
  ["as", "os"],
  ["or", "ora"],
  ["ora", "or"],
  ["ore", "rice"],
  ["rice", "ore"],
  ["eur", "euse"],
  ["euse", "eur"],
  ["eur", "rice"],
  ["rice", "eur"],
  ["er", "ere"],
  ["ere", "er"],
  ["ien", "ienne"],
  ["ienne", "ien"],
  ["at", "ate"],
  ["ate", "at"],
  ["ant", "ante"],
  ["ante", "ant"],
  ["er", "erin"],
  ["erin", "er"],
  ["t", "tin"],
  ["tin", "t"],
];

/**
 * The profession's word in the other gender, when its names hold it: "abogado" also finds the
 * title "Abogada de marcas", "avocat" "Avocate", "Berater" "Beraterin". A title names its expert
 * in the expert's gender, a query mostly in the masculine; synonymWords leaves these out (they
 * share the label's stem) and a recognised word has no prefix match. Only the endings that make
 * a gender, not any word of the same stem: "consulting" is not "consultant". Weighed as a plural
 * is, and reported as the word itself (match.ts).
 */
export function otherGender(vocabulary: Vocabulary, label: string, named: Concept[]): Alternative[] {
  if (!named.length || label.length < 5 || !LATIN_WORD.test(label)) return [];
  const forms = GENDER_ENDINGS.flatMap(([from, to]) =>
    label.endsWith(from) ? [label.slice(0, label.length - from.length) + to] : [],
  ).filter((form) => named.some((concept) => vocabulary.holdsWord(concept, form)));
  return [...new Set(forms)].map((form) => ({ lexemes: [form], prefix: false, factor: FACTOR.plural }));
}
