// Which profession nobody here practises the asker is looking for ("je cherche un avocat
// pénaliste", "busco un arquitecto", "need an industrial designer"), as against one that is only
// there ("I'm a DJ and my landlord wants to evict me", "people search for a plumber"): the first
// is the need itself, and nobody in the directory has it (match.ts).
import type { Interpreter } from "./interpreter.ts";
import type { QueryGroup } from "./query-types.ts";
import { isNeed } from "./settle.ts";

/**
 * Words, as normalizeText writes them, that ask for someone or something in the first person: "I
 * need", "looking (for)", "want (to)", "I'd like", "je cherche", "j'aimerais", "busco", "quiero
 * (reformar)", "ищу", "أبحث". Not
 * "wants" or "search" (another's wish, "people search for a plumber") nor "help" (which asks for
 * no one in particular).
 */
export const SEEK_WORDS = new Set(
  (
    "need needs looking seeking seek hire recommend want like " +
    "cherche cherchons recherche besoin veux voudrais voudrions aimerais aimerions " +
    "busco buscamos buscando necesito necesitamos contratar quiero queremos quisiera gustaria " +
    "procuro procuramos procurando preciso precisamos quero queremos gostaria " +
    "cerco cerchiamo cercando bisogno voglio vorrei vorremmo " +
    "suche suchen brauche brauchen benotige benotigen mochte mochten " +
    "zoek zoeken wil willen graag " +
    "soker behover letar vill vilja " +
    "szukam szukamy potrzebuje potrzebujemy chce chcemy chcialbym chcialabym " +
    "ищу ищем нужен нужна нужны хочу хотим хотел хотела " +
    "arıyorum arıyoruz istiyorum istiyoruz " +
    // Arabic, as normalizeText writes it (أبحث → ابحث, أبغى → ابغي): MSA, Gulf, Levantine, Egyptian.
    "ابحث نبحث احتاج نحتاج محتاج محتاجه اريد نريد مطلوب ابغي نبغي ابي بدي بدنا عايز عايزه عاوز ادور"
  ).split(" "),
);

/**
 * The same in Chinese, Japanese and Korean, found inside a run of the query: Chinese asks before
 * the profession (想找个…, 需要…), Japanese and Korean after it (…を探しています, …가 필요해요,
 * …추천해 주세요), so in a query of such runs every unlisted profession is sought when one is there.
 */
const CJK_SEEK = ["找", "需要", "探し", "募集", "紹介して", "お願い", "필요", "찾고", "찾아", "구하", "추천"];
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** At most this many stop words between the seeking word and the profession ("looking for a", "besoin d'un"). */
const MAX_BETWEEN = 3;

/**
 * Marks each unlisted profession (query-types.ts UNLISTED) written after a seeking word, with
 * nothing but stop words and modifiers between, as `sought`; in CJK, each beside one anywhere in the query.
 */
export function soughtProfessions(interpreter: Interpreter, words: readonly string[]) {
  const asksInCjk = words.some((w) => CJK.test(w) && CJK_SEEK.some((seek) => w.includes(seek)));
  // The words of the query's modifiers ("certified", "online", "urgent"), by position.
  const modifiers = new Set<number>();
  for (const [g, span] of interpreter.spans)
    if (g.modifier) for (let k = span.start; k <= span.end; k++) modifiers.add(k);
  for (const group of interpreter.groups) {
    if (!group.unlisted) continue;
    if (asksInCjk && CJK.test(group.label)) {
      group.sought = true;
      continue;
    }
    const start = interpreter.spans.get(group)?.start;
    if (start === undefined) continue;
    // A query that begins with it asks for it ("personal trainer for a marathon", "plumber in
    // Berlin"): what follows is what the work is for, as after a seeking word.
    if (start === 0) {
      group.sought = true;
      continue;
    }
    for (let i = start - 1; i >= 0 && i >= start - 1 - MAX_BETWEEN; i--) {
      if (SEEK_WORDS.has(words[i])) {
        group.sought = true;
        break;
      }
      // A word of how the profession is to be ("an authorised translator", "un bon plombier") is
      // still between the seeking word and it, as a stop word is.
      if (!interpreter.vocabulary.isStopWord(words[i]) && !modifiers.has(i)) break;
    }
  }
}

/** At most this many words between a seeking word and the need it asks for, stop words aside ("voglio sapere se è brevettabile"). */
const MAX_TO_NEED = 3;

/** How much more the need right after a seeking word counts than the sentence's other needs. */
const SOUGHT_NEED = 1.5;

/**
 * The need a seeking word asks for ("… prima di investire, voglio sapere se è brevettabile", "j'ai
 * un entretien d'embauche … je voudrais travailler mon anglais") counts more than a need the
 * sentence only sets the scene with: the first recognised need after it, with at most a few words
 * between that are not stop words. Tuning: 0.933 → 0.935 with the bound country (settle.ts), 12
 * queries up, 2 down; 1.25 moved less, 2 about as much.
 */
export function soughtNeeds(interpreter: Interpreter, words: readonly string[]) {
  const { groups, spans, alsoAt } = interpreter;
  const need = (g: QueryGroup) => isNeed(g) && !g.unlisted;
  // A need written before the seeking word and again after it ("a gadget … want to know if it can
  // be patented") is asked for there: each place its concept was written counts.
  const starts = (g: QueryGroup) => [spans.get(g)?.start ?? -1, ...(alsoAt.get(g) ?? [])];
  const needs = groups.filter(need);
  if (needs.length < 2) return;
  const sought = new Set<QueryGroup>();
  const between = (from: number, to: number) =>
    words.slice(from + 1, to).filter((w) => !interpreter.vocabulary.isStopWord(w)).length;
  words.forEach((word, at) => {
    if (!SEEK_WORDS.has(word)) return;
    const next = needs
      .flatMap((g) => starts(g).map((start) => ({ g, start })))
      .filter(({ start }) => start > at)
      .sort((a, b) => a.start - b.start)[0];
    if (next && between(at, next.start) <= MAX_TO_NEED) sought.add(next.g);
  });
  if (sought.size === 0 || sought.size === needs.length) return;
  for (const group of sought) group.weight *= SOUGHT_NEED;
}
