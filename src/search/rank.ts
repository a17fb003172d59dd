import type { PendingQuery, Row } from "postgres";
import type { Sql } from "../db/connect.ts";
import type { Alternative, QueryGroup } from "./query-types.ts";
import type { Weight } from "./document.ts";
import { pairLexeme } from "./pairs.ts";
import { SqlText } from "./sql-text.ts";

type Fragment = PendingQuery<Row[]>;

/** What a match is worth by the field it is in: the name above titles above taglines above bios. */
const WEIGHT_SCORE: Record<Exclude<Weight, "D">, number> = { A: 1, B: 0.8, C: 0.5 };
/**
 * A subcategory listed second whose category is not the expert's first (groupScore): between a
 * title (0.8) and a tagline (0.5). On the tuning set 0.65 moved 15 queries up and 3 down; 0.5 moved
 * 21 up and 11 down, and three of the earlier set's down (where side lines had been judged useful).
 */
const SIDE_LINE = 0.65;

/** A group found only in a bio (`search_bio`), however it matched there. */
const BIO_SCORE = 0.25;

/** Added to a concept's score when one of its names is in the expert's name or a title. */
const TITLE_BONUS = 0.1;

/**
 * A query word found in the name, when the query does not read as a name: below a tag or a
 * service ("Seo", "Law" as a surname must not outrank the topic), and below a full match, so a
 * name that merely shares a word of a sentence counts for little. A concept's token at weight A
 * (the primary category) keeps its full score.
 */
const NAME_IN_TOPIC = 0.45;

/**
 * A code the query writes ("SEO", "IFRS") found in a name: a surname ("Seo") that spells it, next to
 * nothing. Its concept's token stands in at STAND_IN (specificity.ts) of a field and the parent
 * category at PARENT_STAND_IN (0.15), so the name counts below both, or a software architect named
 * Seo outranks the marketers.
 */
const NAME_OF_CODE = 0.1;

/**
 * Added when all the words of a recognised phrase are in the main document ("contract review" as
 * a service's name, not only the contract-law category): the words asked for, not only the concept.
 */
const PHRASE_BONUS = 0.1;

/** Concept tokens (`cat:legal`) hold a ':', which no word does. */
const isToken = (a: Alternative) => a.lexemes.some((l) => l.includes(":"));

function quote(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/** One lexeme as tsquery text ("cat:legal" must be quoted, or its colon reads as a weight). */
export function lexemeQuery(lexeme: string): string {
  return quote(lexeme);
}

/**
 * The tsquery texts already written per alternative and weights: a parsed query's alternatives are
 * remembered with it (parsed-queries.ts), and one search writes each several times over (a
 * profession's names in every locale are hundreds of terms): quoting them was a tenth of a
 * search's JavaScript.
 */
const written = new WeakMap<Alternative, Map<string, string>>();

/** An alternative as tsquery text, its lexemes restricted to `weights` ("" = any field). */
export function alternativeQuery(a: Alternative, weights = ""): string {
  let texts = written.get(a);
  const known = texts?.get(weights);
  if (known !== undefined) return known;
  const suffix = a.prefix || weights ? `:${a.prefix ? "*" : ""}${weights}` : "";
  const terms = a.lexemes.map((l) => `${quote(l)}${suffix}`);
  const text = terms.length === 1 ? terms[0] : `(${terms.join(" & ")})`;
  if (!texts) written.set(a, (texts = new Map()));
  texts.set(weights, text);
  return text;
}

/** A group as tsquery text: any of its alternatives. */
export function groupQuery(group: QueryGroup): string {
  return group.alternatives.map((a) => alternativeQuery(a)).join(" | ");
}

/** Any group: the candidates a query retrieves through the index. */
export function anyGroupQuery(groups: QueryGroup[]): string {
  return groups.map((g) => `(${groupQuery(g)})`).join(" | ");
}

/**
 * A group's score for one document, as SQL written into `out`: the best (field weight × match
 * factor) among its alternatives in the main document, checked from the most valuable down so
 * most rows stop at their first test; when the main document misses the group, BIO_SCORE if the
 * bio has it.
 */
function groupScore(out: SqlText, group: QueryGroup, readsAsName: boolean) {
  // One step per distinct score, its alternatives OR'ed at the field weight that gives it.
  const levels = new Map<number, string[]>();
  const add = (raw: number, query: string) => {
    const score = Math.round(raw * 1000) / 1000;
    const level = levels.get(score);
    if (level) level.push(query);
    else levels.set(score, [query]);
  };
  for (const a of group.alternatives) {
    for (const w of Object.keys(WEIGHT_SCORE) as (keyof typeof WEIGHT_SCORE)[]) {
      const field =
        w === "A" && !readsAsName && !isToken(a) ? (group.specific ? NAME_OF_CODE : NAME_IN_TOPIC) : WEIGHT_SCORE[w];
      if (w === "B" && a.parent) {
        // A second subcategory in the expert's own field (the executive coach who also teaches
        // public speaking) is a title's worth; in another field (the dietitian who also gives
        // talks), a side line's (SIDE_LINE).
        add(a.factor * field, `(${alternativeQuery(a, w)} & ${quote(a.parent)}:A)`);
        add(a.factor * SIDE_LINE, alternativeQuery(a, w));
        continue;
      }
      add(a.factor * field, alternativeQuery(a, w));
    }
  }
  const steps = [...levels]
    .map(([score, queries]) => ({ score, query: queries.join(" | ") }))
    .sort((a, b) => b.score - a.score);
  const any = groupQuery(group);
  out.text("(case when dd.doc @@ ").value(any).text("::tsquery then (case ");
  for (const s of steps) out.text(" when dd.doc @@ ").value(s.query).text("::tsquery then ").number(s.score, "float8");
  out.text(" else 0::float8 end)");
  const bonus = (query: string, score: number) =>
    out
      .text(" + (case when dd.doc @@ ")
      .value(query)
      .text("::tsquery then ")
      .number(score, "float8")
      .text(" else 0 end)");
  if (group.titleTerms?.length) bonus(titleQuery(group.titleTerms), TITLE_BONUS);
  if (group.phrase) bonus(alternativeQuery(group.phrase), PHRASE_BONUS);
  out
    .text("\n    when e.search_bio @@ ")
    .value(any)
    .text("::tsquery then ")
    .number(BIO_SCORE, "float8")
    .text(" else 0::float8 end)");
}

/**
 * A concept's names as tsquery text in the name or a title: the same for every query that names
 * the concept (the parse shares its title terms, concept-memo.ts), so written once; the longest text of a
 * search (several kB for a profession named in every locale).
 */
const titleQueries = new WeakMap<readonly Alternative[], string>();

function titleQuery(terms: readonly Alternative[]): string {
  let text = titleQueries.get(terms);
  if (text === undefined)
    titleQueries.set(
      terms,
      (text = implied(terms)
        .map((a) => alternativeQuery(a, "AB"))
        .join(" | ")),
    );
  return text;
}

/**
 * `terms` without those another one implies: an OR of them is true exactly when it is without
 * them. A term of exact words ("family law attorney") is implied by a term of exact words that are
 * all among its own ("family law"), and by an earlier term of the same words in another order. A
 * profession's names in every locale repeat each other so (tax accountant: 207 names, 109 of them
 * implied), and each is tested on every candidate's document.
 */
export function implied(terms: readonly Alternative[]): Alternative[] {
  const sets = terms.map((a) => new Set(a.lexemes));
  // The exact terms by their first word: a term implying another has its first word among the other's.
  const byFirst = new Map<string, number[]>();
  terms.forEach((a, j) => {
    if (a.prefix || !a.lexemes.length) return;
    const list = byFirst.get(a.lexemes[0]);
    if (list) list.push(j);
    else byFirst.set(a.lexemes[0], [j]);
  });
  const within = (inner: Set<string>, outer: Set<string>) => {
    for (const l of inner) if (!outer.has(l)) return false;
    return true;
  };
  const impliedBy = (i: number, j: number) =>
    j !== i && (sets[j].size < sets[i].size || (sets[j].size === sets[i].size && j < i)) && within(sets[j], sets[i]);
  return terms.filter((a, i) => a.prefix || ![...sets[i]].some((l) => byFirst.get(l)?.some((j) => impliedBy(i, j))));
}

/** Added when the whole query, or a phrase of it (see Phrase), appears verbatim in the name, a title or a tagline. */
const VERBATIM = 0.3;

/** A phrase group of the query (a recognised concept of several words) as a LIKE pattern, with its group's weight. */
export interface Phrase {
  pattern: string;
  weight: number;
}

/**
 * Added when two neighbouring words of the query are side by side in a title, a tag or a service's
 * name (pairs.ts): "salary benchmarking" a service, not a salary named in one place and a
 * benchmark in another. Tuning (706 fitting queries, with two blind batches nobody had tuned for):
 * 0.1 moved 21 queries up and 3 down (0.939 → 0.941, the newest batch 0.862 → 0.867); 0.2 against
 * 0.1 11 up, 3 down; 0.3 against 0.2 6 up, 4 down, a generic pair ("tax planning") then
 * outweighing the rest of the query. A title's bonus is 0.1.
 */
const PAIR_BONUS = 0.2;

/**
 * The query's pairs as tsquery text, any of them, in either order ("an audit of our marketing"
 * finds "Marketing audit": tuning 1 query up, 2 down, +0.05 in all): the second word a prefix less
 * its last letter when it has five or more ("marketing audits" finds "Marketing audit"), as a
 * plural or another ending would differ.
 */
export function pairQuery(pairs: readonly (readonly [string, string])[]): string {
  const stem = (word: string) => (word.length >= 5 ? word.slice(0, -1) : word);
  return pairs
    .flatMap(([first, second]) => [
      `${quote(pairLexeme(first, stem(second)))}:*`,
      `${quote(pairLexeme(second, stem(first)))}:*`,
    ])
    .join(" | ");
}

/** A group's score from which a match counts fully towards coverage: a tagline, a title, the name. */
const FULL_MATCH = 0.5;

/**
 * The relevance of a document to the query, as SQL, from each group's score s (weighted by the
 * group's weight w): coverage Σ w·min(1, s / 0.5) / Σ w, so documents matching all the words come
 * first and a word found only in a bio counts for less; plus half the weighted mean quality
 * Σ w·s / Σ w; plus 0.3 when the whole query appears verbatim in the name, a title or a tagline.
 * Each group's score is computed once per row (`offset 0` keeps the inner selects from being
 * inlined into every use), on one detoasted copy of the document.
 */
export function relevance(
  sql: Sql,
  groups: QueryGroup[],
  pattern: string | null,
  phrases: Phrase[] = [],
  readsAsName = true,
  pairs: readonly (readonly [string, string])[] = [],
) {
  const out = new SqlText();
  const whole = () => {
    if (pattern) out.text("(case when e.search_text like ").value(pattern).text(" then ").number(VERBATIM, "float8");
    out.text(pattern ? " else 0 end)" : "0::float8");
  };
  if (!groups.length) {
    whole();
    return out.fragment(sql);
  }
  const total = groups.reduce((sum, g) => sum + g.weight, 0);
  const sum = (term: (i: number) => void) =>
    groups.forEach((_, i) => {
      if (i > 0) out.text(" + ");
      term(i);
    });
  out.text("(select (");
  sum((i) =>
    out.number(groups[i].weight, "float8").text(` * least(1, "g${i}" / `).number(FULL_MATCH, "float8").text(")"),
  );
  out.text(") / ").number(total, "float8").text(" + 0.5 * (");
  sum((i) => out.number(groups[i].weight, "float8").text(` * "g${i}"`));
  out.text(") / ").number(total, "float8").text(" + ");
  // A phrase of the query found verbatim earns its share of the bonus, so one more word that
  // matches nobody ("family lawyer lyon") does not erase what "Family Lawyer" in a title is worth.
  if (phrases.length) {
    out.text("greatest(");
    whole();
    out.text(", ");
    phrases.forEach((p, i) => {
      if (i > 0) out.text(" + ");
      out
        .text("(case when e.search_text like ")
        .value(p.pattern)
        .text(" then ")
        .number((VERBATIM * p.weight) / total, "float8")
        .text(" else 0 end)");
    });
    out.text(")");
  } else whole();
  if (pairs.length) out.text(' + "p"');
  out.text("\n    from (select ");
  groups.forEach((g, i) => {
    if (i > 0) out.text(" , ");
    groupScore(out, g, readsAsName);
    out.text(` as "g${i}"`);
  });
  if (pairs.length)
    out
      .text(" , (case when dd.doc @@ ")
      .value(pairQuery(pairs))
      .text("::tsquery then ")
      .number(PAIR_BONUS, "float8")
      .text(' else 0 end) as "p"');
  out.text(" from ").value(detoastedDoc(sql)).text(" offset 0) as g)");
  return out.fragment(sql);
}

/**
 * `dd.doc`: the row's main document detoasted (and decompressed) once, so that every test of the row reads that copy
 * instead of fetching it again. `ts_delete` of the empty lexeme, which no tsvector can hold, deletes nothing and
 * returns its input as read; `search_doc || ''::tsvector`, used before, built a second copy lexeme by lexeme (a page
 * statement's CPU 12.6 → 11.4 ms on 81 unique queries at 100k, the same rows; bench/results/search-cpu.md).
 */
export function detoastedDoc(sql: Sql): Fragment {
  return sql`(select ts_delete(e.search_doc, '') as doc offset 0) as dd`;
}
