import type { PendingQuery, Row } from "postgres";
import type { components } from "../../generated/agents.ts";
import type { Sql } from "../db/connect.ts";
import { type Alternative, FACTOR, type ParsedQuery, type QueryGroup } from "./query.ts";
import { lexemeQuery } from "./rank.ts";

export type SearchMatch = components["schemas"]["SearchMatch"];
export type MatchQuality = NonNullable<components["schemas"]["ExpertSearchResult"]["match_quality"]>;
type Field = SearchMatch["fields"][number];
type Fragment = PendingQuery<Row[]>;

// How each result matches `q`, said to the agent: which terms it has, where, and a 0–1 score. It
// is read in the page's own statement (only the page's rows, at most 20: a few tsquery tests each
// on the document already in the row), so it costs no statement; and it is apart from the
// ranking's score (rank.ts), whose scale may change with the ranking, so what `match` means stays.

/**
 * Where a term can be found, as bits of one integer per query group. The fields follow the search
 * document's weights (document.ts): words in the name are weight A, in titles and tags B, in
 * taglines, services and the city's name C; categories and subcategories, places and languages
 * are concept tokens (`cat:`, `sub:`, `cc:`, `city:`, `lang:`) whatever their weight; bios are
 * their own document. A match only through a spelling correction or a broader category (a weak
 * alternative, FACTOR below prefix) sets the same bits shifted by WEAK.
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
const WEAK = 8;

/** What a term found in each field is worth to `match.score` (the contract's SearchMatch.score). */
const FIELD_STRENGTH: Record<Field, number> = {
  name: 1, category: 1, title_or_tag: 1, place: 1, language: 1, tagline_or_service: 0.7, bio: 0.35,
};
/** A term matched only through a correction or a broader category counts this share. */
const WEAK_STRENGTH = 0.6;
/** The whole `q` found verbatim in a name, title or tagline (a fragment of a word): as a tagline. */
const VERBATIM_STRENGTH = 0.7;

/** The field a concept token stands for, or null for a word. */
function tokenField(lexeme: string): Field | null {
  if (lexeme.startsWith("cat:") || lexeme.startsWith("sub:")) return "category";
  if (lexeme.startsWith("cc:") || lexeme.startsWith("city:")) return "place";
  if (lexeme.startsWith("lang:")) return "language";
  return null;
}

function alternativeText(a: Alternative, weight: string): string {
  const suffix = a.prefix || weight ? `:${a.prefix ? "*" : ""}${weight}` : "";
  const terms = a.lexemes.map((l) => `${lexemeQuery(l)}${suffix}`);
  return terms.length === 1 ? terms[0] : `(${terms.join(" & ")})`;
}

/** The tests of one group, as (tsquery text, bit) pairs on the main document. */
function groupTests(group: QueryGroup): [string, number][] {
  const tests: [string, number][] = [];
  for (const weak of [false, true]) {
    const alternatives = group.alternatives.filter((a) => (a.factor < FACTOR.prefix) === weak);
    const shift = weak ? WEAK : 0;
    const byField = new Map<Field, string[]>();
    const add = (field: Field, text: string) => byField.set(field, [...(byField.get(field) ?? []), text]);
    for (const a of alternatives) {
      const field = a.lexemes.length === 1 ? tokenField(a.lexemes[0]) : null;
      if (field) add(field, alternativeText(a, ""));
      else for (const [f, w] of [["name", "A"], ["title_or_tag", "B"], ["tagline_or_service", "C"]] as const) add(f, alternativeText(a, w));
    }
    for (const [field, texts] of byField) tests.push([texts.join(" | "), BIT[field] << shift]);
  }
  return tests;
}

/**
 * The page's match columns, over `experts e`: `match_fields`, one integer of FIELD_BITS per query
 * group, and `match_verbatim`, whether the whole `q` is a substring of the name, a title or a tagline.
 */
export function matchColumns(sql: Sql, parsed: ParsedQuery): Fragment {
  const join = (parts: Fragment[], op: Fragment) => parts.reduce((all, p, i) => (i === 0 ? p : sql`${all} ${op} ${p}`), sql``);
  const groups = parsed.groups.map((g) => {
    const tests = groupTests(g).map(([text, bit]) => sql`(case when dd.doc @@ ${text}::tsquery then ${bit}::int else 0 end)`);
    const any = g.alternatives.map((a) => alternativeText(a, "")).join(" | ");
    const bio = sql`(case when e.search_bio @@ ${any}::tsquery then ${BIT.bio}::int else 0 end)`;
    return join([...tests, bio], sql`|`);
  });
  const fields = groups.length
    ? sql`(select array[${join(groups, sql`,`)}]::int[] from (select e.search_doc || ''::tsvector as doc offset 0) as dd)`
    : sql`array[]::int[]`;
  const verbatim = parsed.pattern ? sql`e.search_text like ${parsed.pattern}` : sql`false`;
  return sql`${fields} as match_fields, ${verbatim} as match_verbatim`;
}

/** What matchColumns adds to a row. */
export interface MatchRow {
  match_fields?: number[];
  match_verbatim?: boolean;
}

/** A group's worth from its bits: the best field it is in, weak matches discounted. */
function strength(bits: number): number {
  let best = 0;
  for (const [field, bit] of FIELD_BITS) {
    if (bits & bit) best = Math.max(best, FIELD_STRENGTH[field]);
    else if (bits & (bit << WEAK)) best = Math.max(best, FIELD_STRENGTH[field] * WEAK_STRENGTH);
  }
  return best;
}

/** One row's `match`, from its match columns and the query's groups. */
export function matchOf(row: MatchRow, parsed: ParsedQuery): SearchMatch {
  const bits = row.match_fields ?? [];
  let total = 0;
  let got = 0;
  let seen = 0;
  const terms: string[] = [];
  const unmatched: string[] = [];
  parsed.groups.forEach((group, i) => {
    const b = bits[i] ?? 0;
    const s = Math.max(strength(b), row.match_verbatim ? VERBATIM_STRENGTH : 0);
    total += group.weight;
    got += group.weight * s;
    seen |= b | (b >> WEAK);
    (s > 0 ? terms : unmatched).push(group.label);
  });
  return {
    score: total ? Math.round((got / total) * 100) / 100 : 0,
    terms,
    unmatched,
    fields: FIELD_BITS.filter(([, bit]) => seen & bit).map(([field]) => field),
  };
}

/** Below this best score nobody fits; from STRONG with every term matched, the best fits fully. */
export const QUALITY = { none: 0.5, strong: 0.85 } as const;

/**
 * How well the page's best result fits `q` (the contract's match_quality): `none` without results
 * or when the best scores below QUALITY.none; `strong` when it matches every term and scores
 * QUALITY.strong or more; else `partial`.
 */
export function matchQuality(matches: SearchMatch[]): MatchQuality {
  const best = matches.reduce<SearchMatch | null>((b, m) => (b === null || m.score > b.score ? m : b), null);
  if (!best || best.score < QUALITY.none) return "none";
  return best.score >= QUALITY.strong && best.unmatched.length === 0 ? "strong" : "partial";
}
