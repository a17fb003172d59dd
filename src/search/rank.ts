import type { PendingQuery, Row } from "postgres";
import type { Sql } from "../db/connect.ts";
import type { Alternative, QueryGroup } from "./query.ts";
import type { Weight } from "./document.ts";

type Fragment = PendingQuery<Row[]>;

/** What a match is worth by the field it is in: the name above titles above taglines above bios. */
const WEIGHT_SCORE: Record<Exclude<Weight, "D">, number> = { A: 1, B: 0.8, C: 0.5 };
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
function alternativeQuery(a: Alternative, weights = ""): string {
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
 * A group's score for one document, as SQL: the best (field weight × match factor) among its
 * alternatives in the main document, checked from the most valuable down so most rows stop at
 * their first test; when the main document misses the group, BIO_SCORE if the bio has it.
 */
function groupScore(sql: Sql, group: QueryGroup, readsAsName: boolean) {
  // One step per distinct score, its alternatives OR'ed at the field weight that gives it.
  const levels = new Map<number, string[]>();
  for (const a of group.alternatives) {
    for (const w of Object.keys(WEIGHT_SCORE) as (keyof typeof WEIGHT_SCORE)[]) {
      const field = w === "A" && !readsAsName && !isToken(a) ? NAME_IN_TOPIC : WEIGHT_SCORE[w];
      const score = Math.round(a.factor * field * 1000) / 1000;
      levels.set(score, [...(levels.get(score) ?? []), alternativeQuery(a, w)]);
    }
  }
  const steps = [...levels]
    .map(([score, queries]) => ({ score, query: queries.join(" | ") }))
    .sort((a, b) => b.score - a.score);
  const whens = steps.map((s) => sql`when dd.doc @@ ${s.query}::tsquery then ${s.score}::float8`);
  const best = sql`(case ${whens.reduce((all, when) => sql`${all} ${when}`, sql``)} else 0::float8 end)`;
  const titled = group.titleTerms?.length
    ? sql` + (case when dd.doc @@ ${group.titleTerms.map((a) => alternativeQuery(a, "AB")).join(" | ")}::tsquery then ${TITLE_BONUS}::float8 else 0 end)`
    : sql``;
  const phrased = group.phrase
    ? sql` + (case when dd.doc @@ ${alternativeQuery(group.phrase)}::tsquery then ${PHRASE_BONUS}::float8 else 0 end)`
    : sql``;
  const any = groupQuery(group);
  return sql`(case when dd.doc @@ ${any}::tsquery then ${best}${titled}${phrased}
    when e.search_bio @@ ${any}::tsquery then ${BIO_SCORE}::float8 else 0::float8 end)`;
}

/** Added when the whole query, or a phrase of it (see Phrase), appears verbatim in the name, a title or a tagline. */
const VERBATIM = 0.3;

/** A phrase group of the query (a recognised concept of several words) as a LIKE pattern, with its group's weight. */
export interface Phrase {
  pattern: string;
  weight: number;
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
) {
  const whole = pattern
    ? sql`(case when e.search_text like ${pattern} then ${VERBATIM}::float8 else 0 end)`
    : sql`0::float8`;
  if (!groups.length) return whole;
  const total = groups.reduce((sum, g) => sum + g.weight, 0);
  const join = (parts: Fragment[], op: Fragment) => parts.reduce((all, p, i) => (i === 0 ? p : sql`${all} ${op} ${p}`));
  // A phrase of the query found verbatim earns its share of the bonus, so one more word that
  // matches nobody ("family lawyer lyon") does not erase what "Family Lawyer" in a title is worth.
  const verbatim = phrases.length
    ? sql`greatest(${whole}, ${join(
        phrases.map(
          (p) =>
            sql`(case when e.search_text like ${p.pattern} then ${(VERBATIM * p.weight) / total}::float8 else 0 end)`,
        ),
        sql`+`,
      )})`
    : whole;
  const columns = groups.map((g, i) => sql`${groupScore(sql, g, readsAsName)} as ${sql(`g${i}`)}`);
  const names = groups.map((_, i) => sql`${sql(`g${i}`)}`);
  const coverage = join(
    names.map((c, i) => sql`${groups[i].weight}::float8 * least(1, ${c} / ${FULL_MATCH})`),
    sql`+`,
  );
  const quality = join(
    names.map((c, i) => sql`${groups[i].weight}::float8 * ${c}`),
    sql`+`,
  );
  return sql`(select (${coverage}) / ${total} + 0.5 * (${quality}) / ${total} + ${verbatim}
    from (select ${join(columns, sql`,`)} from ${detoastedDoc(sql)} offset 0) as g)`;
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
