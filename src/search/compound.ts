// German and Dutch compounds nobody wrote whole ("Visumantrags"): where one splits into a profession and a word, and the professions a term names.
import { isCommonEnglishWord } from "./common-words.ts";
import { LATIN_WORD, MODIFIERS } from "./query-types.ts";
import type { Concept, Vocabulary } from "./vocabulary.ts";

/** A compound's last part and the forms it has alone (German and Dutch endings dropped or added): "antrags" → "antrag". */
export function wordForms(part: string): string[] {
  const forms = [part, `${part}en`, `${part}n`];
  for (const ending of ["s", "es", "en", "n", "e"])
    if (part.endsWith(ending) && part.length - ending.length >= 4) forms.push(part.slice(0, -ending.length));
  return forms;
}

/**
 * A compound nobody wrote whole ("Patentfähigkeit", "Visumantrags", "belastingaangifte"), read
 * by its first part, a term of the vocabulary's (as German and Dutch join a need to what is
 * done about it), when its last part is a word as well (correct() asks the lexicon). The longest
 * first part wins; a linking "s" ("Finanzierungs|runde") is dropped. Words of eight letters or
 * fewer are left to typo correction.
 */
export function compoundSplit(vocabulary: Vocabulary, word: string): { first: Concept[]; last: string } | null {
  const chars = Array.from(word);
  if (chars.length < 9 || !LATIN_WORD.test(word)) return null;
  // A first part of four letters ("huur|appartement", "Miet|vertrag") only in a word no English
  // speaker writes: "carefully" is no care + "fully".
  const shortest = isCommonEnglishWord(word) ? 5 : 4;
  for (let cut = chars.length - 4; cut >= shortest; cut--) {
    const first = chars.slice(0, cut).join("");
    if (vocabulary.isStopWord(first)) continue;
    const concepts = professions(vocabulary, first);
    const linked = concepts.length || !first.endsWith("s") ? concepts : professions(vocabulary, first.slice(0, -1));
    if (linked.length) return { first: linked, last: chars.slice(cut).join("") };
  }
  return null;
}

/**
 * The professions a term names: its categories and subcategories, and those that serve an
 * everyday word ("visum" → immigration). Not the everyday word's own text: in "Kinderarzt" or
 * "weddingplanner" the first part says for whom or what, and nobody here serves it.
 */
export function professions(vocabulary: Vocabulary, term: string): Concept[] {
  const found = vocabulary.lookup(term);
  return [
    ...found.filter((c) => c.kind === "category" || c.kind === "subcategory"),
    ...found.filter((c) => !MODIFIERS.has(c.key)).flatMap((c) => vocabulary.linkedProfessions(c)),
  ];
}
