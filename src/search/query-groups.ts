// Small helpers on groups and their alternatives (make, merge, judge): used by the interpreter and by the passes that settle its groups.
import { bigrams, type Token, tokenize } from "./tokenize.ts";
import { type Concept, conceptId } from "./vocabulary.ts";
import { type Alternative, FACTOR, GROUP_WEIGHT, type QueryGroup } from "./query-types.ts";

/** A group's `concepts`: the sorted ids of the professions it stands for, each once. */
export function conceptIds(concepts: Concept[]): string {
  return [...new Set(concepts.map(conceptId))].sort().join(" ");
}

/** A plain word read as the professions it names after all (a compound, a correction, a taught language): the need. */
export function asProfession(group: QueryGroup, concepts: Concept[]) {
  group.weight = GROUP_WEIGHT.profession;
  group.plain = false;
  group.concepts = conceptIds(concepts);
}

export function exact(...lexemes: string[]): Alternative {
  return { lexemes, prefix: false, factor: FACTOR.exact };
}

/** The text of a term as lexemes that must all be present: its words, or a CJK term's pairs. */
export function termLexemes(term: string): string[] {
  return tokenize(term).flatMap((t: Token) => (t.cjk ? bigrams(t.text) : [t.text]));
}

/** A group of one query word with no concept behind it (not a place, a language, a synonym). */
export function isPlainWord(group: QueryGroup): boolean {
  return (
    group.plain === true &&
    !group.titleTerms &&
    group.alternatives.every((a) => !a.lexemes.some((l) => l.includes(":")))
  );
}

export function dedupe(alternatives: Alternative[]): Alternative[] {
  const best = new Map<string, Alternative>();
  for (const a of alternatives) {
    const key = `${a.prefix}\t${a.lexemes.join("\t")}`;
    if ((best.get(key)?.factor ?? -1) < a.factor) best.set(key, a);
  }
  return [...best.values()].filter((a) => a.lexemes.length > 0);
}

/**
 * The one stop word a Romance or Germanic compound is written with ("instrutor de voo", "professeur
 * de piano", "insegnante di chitarra", "leraar van"): a phrase still, not a sentence.
 */
const COMPOUND_LINKS = new Set(["de", "di", "da", "do", "du", "del", "van", "von"]);

/** A query of three terms at most and no stop words but one compound's link: a phrase ("roofing contractor", "instrutor de voo"), not a sentence. */
export function isShortPhrase(groups: readonly QueryGroup[], ignored: readonly string[]): boolean {
  return groups.length <= 3 && (ignored.length === 0 || (ignored.length === 1 && COMPOUND_LINKS.has(ignored[0])));
}
