import type { LexemeFrequencies } from "./frequency.ts";
import type { Alternative, ParsedQuery, QueryGroup } from "./query-types.ts";

// What one query may ask of the database, whatever its words (issue 22: queries nobody tuned
// for reached 3.7 s at 1M experts). A parsed query is bounded here, once per search, before any
// tsquery is written from it (plan.ts, statement.ts, rank.ts read only the bounded groups). Each
// bound is above what the shipped vocabulary produces; they hold for an imported vocabulary and a
// 500-character `q` too.

/**
 * Groups (words or recognised phrases) a query searches, at most. Every group is a CASE per
 * candidate in the score and an AND in the all-words condition; a 500-character `q` can hold 100
 * words. The professions (weight 2) are kept first, then the others in the order written; the rest
 * are reported as ignored.
 */
export const MAX_GROUPS = 10;

/**
 * Words of one query looked up for typo correction, at most (lexicon.ts: a trigram probe each):
 * the first written. As many as a 200-character `q` could hold when that was its limit, so a
 * 500-character one asks the lexicon no more than a shorter one did; later words stay as written.
 */
export const MAX_CORRECTED_WORDS = 40;

/**
 * Characters of `q` matched whole as a substring of the name, titles and taglines (query.ts
 * likePattern), at most: a longer `q` (a request of several sentences) is no expert's tagline
 * verbatim, and its pattern would only give the trigram index hundreds of trigrams to intersect.
 */
export const MAX_PATTERN_CHARS = 200;

/**
 * Ways one group may match, at most: each is an OR in every index probe and in the score. An
 * everyday synonym is searched in every locale's words, and the shipped vocabulary gives some more
 * than this (price: 100 terms with the query-side languages); an imported vocabulary may give one
 * concept hundreds. The first are kept: the words as written and the concepts' tokens come first
 * (interpreter.ts addConceptGroup), then the profile locales' words, the query-side files' last.
 */
export const MAX_ALTERNATIVES = 48;

/**
 * A concept's names in every locale that earn the title bonus (rank.ts), at most: each is tested
 * against every candidate's name and titles (category and subcategory together reach ~200 today).
 */
export const MAX_TITLE_TERMS = 240;

/**
 * A word in at least this many documents gets no prefix match: it is searched as itself. Its
 * prefix adds the few longer words that start with it ("compliance" → "compliances") and costs
 * the index a bitmap of all of them before anything else is read ('compliance':* doubled the
 * probe of "GDPR compliance" at 1M experts).
 */
export const PREFIX_MAX_DOCUMENTS = 5_000;

/**
 * The concept tokens' namespaces (tokens.ts): a word that begins one of them ("cat", "city",
 * "lang", "sub") as a prefix would match every expert's category, city or language tokens
 * ('cat':* is in every document), which is neither what it means nor bounded.
 */
const TOKEN_NAMESPACES = ["cat:", "sub:", "lang:", "cc:", "region:", "city:", "cityname:"];

function prefixAllowed(a: Alternative, frequencies: LexemeFrequencies | null): boolean {
  if (!a.prefix) return true;
  const [word] = a.lexemes;
  if (TOKEN_NAMESPACES.some((ns) => ns.startsWith(word))) return false;
  return !frequencies || frequencies.documents(word) < PREFIX_MAX_DOCUMENTS;
}

/**
 * A concept's title terms within MAX_TITLE_TERMS, the same array for the same terms: the parse
 * shares a concept's terms between queries (concept-memo.ts), and rank.ts writes their tsquery once per array.
 */
const boundedTitles = new WeakMap<Alternative[], Alternative[]>();

function boundTitles(terms: Alternative[] | undefined): Alternative[] | undefined {
  if (!terms || terms.length <= MAX_TITLE_TERMS) return terms;
  let bounded = boundedTitles.get(terms);
  if (!bounded) boundedTitles.set(terms, (bounded = terms.slice(0, MAX_TITLE_TERMS)));
  return bounded;
}

function boundGroup(group: QueryGroup, frequencies: LexemeFrequencies | null): QueryGroup {
  const alternatives = group.alternatives.filter((a) => prefixAllowed(a, frequencies)).slice(0, MAX_ALTERNATIVES);
  const titleTerms = boundTitles(group.titleTerms);
  const same = alternatives.length === group.alternatives.length && titleTerms === group.titleTerms;
  return same ? group : { ...group, alternatives, ...(titleTerms ? { titleTerms } : {}) };
}

/**
 * `parsed` within the bounds above (a new object when anything changed: a parsed query is shared
 * through its cache and never changed). `frequencies` are the lexeme statistics (null: unknown,
 * and only the frequency rule is skipped).
 */
export function boundQuery(parsed: ParsedQuery, frequencies: LexemeFrequencies | null): ParsedQuery {
  let groups = parsed.groups.map((g) => boundGroup(g, frequencies));
  let ignored = parsed.interpretation.ignored;
  if (groups.length > MAX_GROUPS) {
    const kept = new Set([...groups].sort((a, b) => b.weight - a.weight).slice(0, MAX_GROUPS));
    ignored = [...ignored, ...groups.filter((g) => !kept.has(g)).map((g) => g.label)];
    groups = groups.filter((g) => kept.has(g));
  }
  if (groups.every((g, i) => g === parsed.groups[i]) && groups.length === parsed.groups.length) return parsed;
  return {
    ...parsed,
    groups,
    interpretation: { ...parsed.interpretation, terms: groups.map((g) => g.label), ignored },
  };
}
