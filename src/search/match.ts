import type { PendingQuery, Row } from "postgres";
import type { components } from "../../generated/agents.ts";
import type { Sql } from "../db/connect.ts";
import { isCommonWord } from "./common-words.ts";
import { isPlainWord, isShortPhrase } from "./query-groups.ts";
import { type Alternative, FACTOR, type ParsedQuery, type QueryGroup } from "./query-types.ts";
import { alternativeQuery, detoastedDoc } from "./rank.ts";
import { isRole } from "./roles.ts";
import { placeCountry } from "./settle.ts";
import { SqlText } from "./sql-text.ts";
import { bigrams, tokenize } from "./tokenize.ts";

export type SearchMatch = components["schemas"]["SearchMatch"];
export type MatchQuality = NonNullable<components["schemas"]["ExpertSearchResult"]["match_quality"]>;
type Field = SearchMatch["fields"][number];
type Fragment = PendingQuery<Row[]>;

// How each result matches `q`, said to the agent: which terms it has, where, and a 0–1 score. It
// is read in the page's own statement (only the page's rows, at most 20: a few tsquery tests each
// on the document already in the row), so it costs no statement (match_quality, judged from the
// search's first ten, may read those ten's alone: quality.ts); and it is apart from the
// ranking's score (rank.ts), whose scale may change with the ranking, so what `match` means stays.

/**
 * Where a term can be found, as bits of one integer per query group. The fields follow the search
 * document's weights (document.ts): words in the name are weight A, in titles and tags B, in
 * taglines, services and the city's name C; categories and subcategories, places and languages
 * are concept tokens (`cat:`, `sub:`, `cc:`, `city:`, `lang:`) whatever their weight; bios are
 * their own document. Each field has a bit per way of matching (HOW): the term itself (or its
 * concept), through a spelling correction, through a broader category, or only through another
 * word the vocabulary gives for it (a synonym: "wedding" → "prenuptial").
 */
const FIELD_BITS: readonly [Field, number][] = [
  ["name", 1],
  ["category", 2],
  ["title_or_tag", 4],
  ["place", 8],
  ["language", 16],
  ["tagline_or_service", 32],
  ["bio", 64],
];
const BIT = Object.fromEntries(FIELD_BITS) as Record<Field, number>;
/** How a term matched: the shift of its field bits. */
const HOW = { itself: 0, corrected: 7, broader: 14, synonym: 21 } as const;
type How = keyof typeof HOW;
const ALL_FIELDS = 127;
const MAIN_FIELDS = ALL_FIELDS & ~BIT.bio;

/** What a term found in each field is worth to `match.score` (the contract's SearchMatch.score). */
const FIELD_STRENGTH: Record<Field, number> = {
  name: 1,
  category: 1,
  title_or_tag: 1,
  place: 1,
  language: 1,
  tagline_or_service: 0.7,
  bio: 0.35,
};
/** A term matched otherwise than itself counts this share. */
const HOW_STRENGTH: Record<How, number> = { itself: 1, corrected: 0.6, broader: 0.6, synonym: 0.6 };
/** The whole `q` found verbatim in a name, title or tagline (a fragment of a word): as a tagline. */
const VERBATIM_STRENGTH = 0.7;

/**
 * Whether a query term is a place or a language only (a constraint on the need, not the need):
 * in "hairdresser in Berlin" an expert in Berlin does not fit. A term that also names a category
 * or subcategory ("japanese": the language and Japanese tutoring) is a need.
 */
function isConstraint(group: QueryGroup): boolean {
  if (group.modifier) return true;
  const fields = group.alternatives.map((a) => (a.lexemes.length === 1 ? tokenField(a.lexemes[0]) : null));
  return fields.some((f) => f === "place" || f === "language") && !fields.includes("category");
}

/**
 * The terms that say what is needed, by which match_quality tells whether anyone fits: those that
 * are neither a role word nor only a place or language; when `q` has none, its places and
 * languages ("japanese speaking", "Berlin"); when it has none of those either, its role words.
 */
function needOf(groups: QueryGroup[], phrase: boolean): boolean[] {
  const role = groups.map((g) => isRole(g.label));
  // In a short phrase every word counts: in "abogado penalista" or "criminal lawyer" the
  // profession's category is the role and the other word the need ("lawyer" alone fits no one
  // who asked for a criminal lawyer). Not in a sentence, whose other words are often filler.
  if (phrase) {
    const qualifier = groups.map((g, i) => !role[i] && !isConstraint(g) && !isCategoryOnly(g));
    if (qualifier.some(Boolean) && groups.some((g) => isCategoryOnly(g)))
      groups.forEach((g, i) => {
        if (isCategoryOnly(g)) role[i] = true;
      });
  }
  const constraint = groups.map(isConstraint);
  const content = groups.map((_, i) => !role[i] && !constraint[i]);
  if (content.some(Boolean)) return content;
  const placed = groups.map((_, i) => !role[i]);
  return placed.some(Boolean) ? placed : groups.map(() => true);
}

/** A group that stands for categories only (no subcategory): a profession named as a whole. */
function isCategoryOnly(group: QueryGroup): boolean {
  return group.concepts !== undefined && !group.concepts.includes("subcategory\t");
}

/** The field a concept token stands for, or null for a word. */
function tokenField(lexeme: string): Field | null {
  if (lexeme.startsWith("cat:") || lexeme.startsWith("sub:")) return "category";
  if (lexeme.startsWith("cc:") || lexeme.startsWith("region:") || lexeme.startsWith("city:")) return "place";
  if (lexeme.startsWith("lang:")) return "language";
  return null;
}

/** How an alternative of `group` matches: by its factor (query-types.ts FACTOR), or a synonym when its words are not the term's. */
function howOf(a: Alternative, termWords: string[], token: boolean): How {
  if (a.factor < FACTOR.fuzzy) return "broader";
  if (a.factor < FACTOR.prefix) return "corrected";
  // The word in another number or gender ("abogada" for "abogado", gender.ts) is the word.
  if (token || a.factor === FACTOR.plural) return "itself";
  return a.lexemes.every((l) => termWords.some((w) => w.startsWith(l))) ? "itself" : "synonym";
}

/** The tests of one group, as (tsquery text, bit) pairs on the main document. */
function groupTests(group: QueryGroup): [string, number][] {
  const termWords = tokenize(group.label).flatMap((t) => (t.cjk ? bigrams(t.text) : [t.text]));
  const byBit = new Map<number, string[]>();
  const add = (bit: number, text: string) => {
    const texts = byBit.get(bit);
    if (texts) texts.push(text);
    else byBit.set(bit, [text]);
  };
  for (const a of group.alternatives) {
    const field = a.lexemes.length === 1 ? tokenField(a.lexemes[0]) : null;
    const shift = HOW[howOf(a, termWords, field !== null)];
    if (field) add(BIT[field] << shift, alternativeQuery(a, ""));
    else
      for (const [f, w] of [
        ["name", "A"],
        ["title_or_tag", "B"],
        ["tagline_or_service", "C"],
      ] as const)
        add(BIT[f] << shift, alternativeQuery(a, w));
  }
  return [...byBit].map(([bit, texts]) => [texts.join(" | "), bit]);
}

/**
 * The page's match columns, over `experts e`: `match_fields`, one integer of FIELD_BITS per query
 * group, and `match_verbatim`, whether the whole `q` is a substring of the name, a title or a tagline.
 */
export function matchColumns(sql: Sql, parsed: ParsedQuery): Fragment {
  const out = new SqlText();
  if (parsed.groups.length) {
    out.text("(select array[");
    parsed.groups.forEach((g, i) => {
      if (i > 0) out.text(" , ");
      // A bio is read only for a group the main document misses: it is three quarters of the words, stored apart.
      const any = g.alternatives.map((a) => alternativeQuery(a, "")).join(" | ");
      out.text("(select case when m.bits <> 0 then m.bits when e.search_bio @@ ").value(any).text("::tsquery then ");
      out.number(BIT.bio, "int").text(" else 0 end from (select ");
      groupTests(g).forEach(([text, bit], j) => {
        if (j > 0) out.text(" | ");
        out.text("(case when dd.doc @@ ").value(text).text("::tsquery then ").number(bit, "int").text(" else 0 end)");
      });
      out.text(" as bits) as m)");
    });
    out.text("]::int[] from ").value(detoastedDoc(sql)).text(")");
  } else out.text("array[]::int[]");
  out.text(" as match_fields, ");
  if (parsed.pattern) out.text("e.search_text like ").value(parsed.pattern);
  else out.text("false");
  out.text(" as match_verbatim");
  // Where the expert is, where a need bound to a country names one (describeMatch).
  if (parsed.boundPlace) out.text(", e.country_code as match_country");
  return out.fragment(sql);
}

/** What matchColumns adds to a row. */
export interface MatchRow {
  match_fields?: number[];
  match_verbatim?: boolean;
  /** The expert's country, when the query's need is bound to a named place's (ParsedQuery.boundPlace). */
  match_country?: string | null;
}

/** A group's worth from its bits: the best field it is in, matches other than itself discounted. */
function strength(bits: number): number {
  let best = 0;
  for (const [how, shift] of Object.entries(HOW) as [How, number][]) {
    for (const [field, bit] of FIELD_BITS)
      if (bits & (bit << shift)) best = Math.max(best, FIELD_STRENGTH[field] * HOW_STRENGTH[how]);
  }
  return best;
}

/** A group found in the main profile as itself, by a correction or by its concept: it fits (a synonym or a broader category alone does not, though the latter meets a need in part). */
const fitsAs = (fields: number) => (fields << HOW.itself) | (fields << HOW.corrected);
const fits = (bits: number) => (bits & fitsAs(MAIN_FIELDS)) !== 0;

/** One result's match, and what match_quality reads from it. */
export interface Described {
  match: SearchMatch;
  /** Every term fits (see `fits`). */
  all: boolean;
  /** Some term of the need fits (needOf). */
  need: boolean;
}

/** What describeMatch reads of the query alone, the same for every row of its page. */
interface QueryNeed {
  needed: boolean[];
  /** Some need has a word nobody in the directory has. */
  unheard: boolean;
  /** Per group: an everyday word that is only what another need is done to (objectOnly). */
  objectOnly: boolean[];
  unheardFit: number[];
  /** The group of the place a need bound to a country names, or -1 (describeMatch). */
  placed: number;
}

/** Per parsed query (a page describes its ten rows with one): needOf and its companions once, not per row. */
const queryNeeds = new WeakMap<ParsedQuery, QueryNeed>();

function queryNeed(parsed: ParsedQuery): QueryNeed {
  const known = queryNeeds.get(parsed);
  if (known) return known;
  // In a short phrase of no stop words an everyday word beside an unheard one is what that one is
  // done to ("roofing contractor"), not the need; in a sentence it is often the need itself ("the
  // lease of our office … ends in March", "staff keep quitting after a few months").
  const short = isShortPhrase(parsed.groups, parsed.interpretation.ignored);
  const needed = needOf(parsed.groups, short);
  // A need with a word nobody in the directory has ("funeral director", "sushi chef", "pet sitter
  // while I travel") is met in part only by a profession: the word left beside it ("director",
  // "chef") is another need's word, not this one's.
  const unheard = parsed.groups.some((g, i) => needed[i] && g.unheard);
  // Beside a profession nobody here practises, an everyday word such work is done to is its object,
  // in a sentence too ("ik zoek een schilder voor mijn huis": a painter for the house, not a house).
  // Another everyday word is the asker's need beside their own trade ("my house cleaning business
  // is growing, how do I hire the first employees"; "someone copied my tattoo designs"), as a
  // need's phrase is ("… barely shows up on google when people search for a plumber").
  const unlisted = parsed.groups.some((g) => g.unlisted);
  const objectOnly = parsed.groups.map((g) => short || (unlisted && Boolean(g.worked)));
  // A profession nobody here practises that the asker looks for (sought.ts) is the need, and
  // nobody has it: the court, the flat or the exam beside it is its setting ("… tribunal
  // correctionnel … je cherche un avocat pénaliste", "busco un arquitecto … licencia de obra"),
  // which the lawyers or estate agents here meet only in name. One that is only there ("I'm a
  // DJ and my landlord wants to evict me") leaves the other need the asker's.
  if (parsed.groups.some((g) => g.sought)) needed.fill(false);
  // What may still fit it: a profession, and in a query that reads as a name a name ("seoyeon kim"
  // has the surname of the one meant; "funeral director" no director's).
  // So does, in a short phrase, a word in the name that is no common word: "Katharina Webber tax"
  // has the first name of the one meant and her surname misspelt (a word nobody has).
  const unheardFit = parsed.groups.map((g) =>
    fitsAs(
      BIT.category |
        (parsed.readsAsName || (short && isPlainWord(g) && !isCommonWord(g.label, parsed.language)) ? BIT.name : 0),
    ),
  );
  // The group of the place a need bound to a country names (ParsedQuery.boundPlace), or -1.
  const bound = parsed.boundPlace;
  const placed = bound ? parsed.groups.findIndex((g) => g.alternatives.some((a) => placeCountry(a) === bound)) : -1;
  const need = { needed, unheard, objectOnly, unheardFit, placed };
  queryNeeds.set(parsed, need);
  return need;
}

/** One row's `match`, from its match columns and the query's groups. */
export function describeMatch(row: MatchRow, parsed: ParsedQuery): Described {
  const bits = row.match_fields ?? [];
  let total = 0;
  let got = 0;
  let seen = 0;
  let all = true;
  let needFits = 0;
  let needWeight = 0;
  let professionFits = false;
  const { needed, unheard, objectOnly, unheardFit, placed } = queryNeed(parsed);
  // A need bound to a country's law or market, with its place named ("a commercialista in
  // Italy", "an estate agent in Seoul"), is not met even in part by an expert in another country;
  // one who names the place anywhere in their profile, a bio too ("US expat tax" in London), serves it.
  const bound = parsed.boundPlace;
  const here =
    Boolean(bound) && (row.match_country?.toLowerCase() === bound || (placed >= 0 && (bits[placed] ?? 0) !== 0));
  const elsewhere = Boolean(bound) && !here;
  const terms: string[] = [];
  const unmatched: string[] = [];
  parsed.groups.forEach((group, i) => {
    const b = bits[i] ?? 0;
    const s = Math.max(strength(b), row.match_verbatim ? VERBATIM_STRENGTH : 0);
    // A profession nobody here practises that the asker looks for (sought.ts, animal-patients.ts)
    // fits no one, whatever words of it a profile has: "我的猫需要营养师" (a nutritionist for my cat).
    const fit = !group.sought && (fits(b) || Boolean(row.match_verbatim));
    // A profession's subcategory met only through its parent category ("business strategy": a
    // management consultant) meets the need in part, as the contract's `partial` says; not beside
    // a word nobody has, where the category is all that would fit.
    const broaderFit = group.concepts !== undefined && !unheard && (b & (BIT.category << HOW.broader)) !== 0;
    // In a bound need's place, its experts of the field meet it in part, beside a word nobody has
    // too (as placedField searches them): "… w Berlinie … niebieską kartę", the adviser in Berlin.
    // Not through an everyday word that is only what the unheard need is done to: "elektricien …
    // bedrading in ons oude huis in Utrecht" wants an electrician, not a property adviser there.
    const placedFit =
      here &&
      group.concepts !== undefined &&
      !(objectOnly[i] && group.everyday) &&
      (b & (BIT.category << HOW.broader)) !== 0;
    total += group.weight;
    got += group.weight * s;
    for (const shift of Object.values(HOW)) seen |= (b >> shift) & ALL_FIELDS;
    all &&= fit;
    if (needed[i]) needWeight += group.weight;
    if (
      needed[i] &&
      (placedFit ||
        ((fit || broaderFit) && (!unheard || (!(objectOnly[i] && group.everyday) && (b & unheardFit[i]) !== 0))))
    ) {
      needFits += group.weight;
      if (group.concepts !== undefined) professionFits = true;
    }
    (s > 0 ? terms : unmatched).push(group.label);
  });
  // A third of the need's weight at least: in a sentence of unrecognised words ("my dog keeps
  // limping after our walks…"), one of five in someone's tagline ("keeps") is chance, not a fit.
  // A recognised need (a profession, or an everyday need one serves) is never chance: one of the
  // three in "inherited … pay off my mortgage or invest" fits in part.
  const need = !elsewhere && needFits > 0 && (needFits * 3 >= needWeight || professionFits);
  const match = {
    score: total ? Math.round((got / total) * 100) / 100 : 0,
    terms,
    unmatched,
    fields: FIELD_BITS.filter(([, bit]) => seen & bit).map(([field]) => field),
  };
  return { match, all, need };
}

/**
 * How well the best of `described` fits `q` (the contract's match_quality, given the search's
 * first results by relevance: quality.ts): `strong` when some result has every term in its main
 * profile (itself, its concept or a correction); `partial` when one has part of the need (needOf:
 * a term that is not a role word, place or language); `none` when there is no result or no result
 * has any of the need: what `q` asks for is not in the directory.
 */
export function matchQuality(described: Described[]): MatchQuality {
  if (described.some((d) => d.all)) return "strong";
  return described.some((d) => d.need) ? "partial" : "none";
}
