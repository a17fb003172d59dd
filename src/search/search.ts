import type { Sql } from "../db/connect.ts";
import type { JsonText } from "../http/cached-json.ts";
import { answerJson, type RememberedAnswer } from "./answer-cache.ts";
import { boundQuery } from "./bounds.ts";
import type { SearchDeps } from "./deps.ts";
import { provablyMoreThan } from "./frequency.ts";
import { type Described, describeMatch, type MatchQuality, matchQuality } from "./match.ts";
import { type SearchPlan, planSearch, unfiltered } from "./plan.ts";
import { checkPriceRange } from "./price.ts";
import { matchOnly, qualityFromPage, qualityPlan } from "./quality.ts";
import type { ParsedQuery } from "./query-types.ts";
import { checkResultWindow, lastReachablePage } from "./result-window.ts";
import type { ExpertSearchResult, SearchQuery } from "./search-query.ts";
import type { Vocabulary } from "./vocabulary.ts";
import {
  countQuery,
  EXACT_TOTAL_LIMIT,
  firstPageQuery,
  type PageStatement,
  REST_EXAMINED,
  restBounded,
  restCountQuery,
  type TextTier,
  tierPageQuery,
} from "./statement.ts";

export type { ExpertSearchResult, SearchQuery };
export { EXACT_TOTAL_LIMIT };

/** How many experts match in `tier`, capped at `cap` (statement.ts countQuery). */
export async function countMatches(
  sql: Sql,
  plan: SearchPlan,
  tier: TextTier = "any",
  cap = EXACT_TOTAL_LIMIT + 1,
): Promise<number> {
  const [{ count }] = await countQuery(sql, plan, tier, cap);
  return count;
}

/** A count, and whether it is only a lower bound short of EXACT_TOTAL_LIMIT (restCountQuery). */
export interface Counted {
  count: number;
  lowerBound: boolean;
}

/**
 * How many experts match in any tier, capped at EXACT_TOTAL_LIMIT + 1, given `wordMatches`, the
 * main tier's count when it is exact (at most EXACT_TOTAL_LIMIT): the tiers do not overlap, so the
 * rest tier is counted alone, up to what the cap leaves. That count reads only the rows of bio and
 * substring matches, not again every main-document match's wide row; filtered, at most
 * REST_EXAMINED of them (restCountQuery), a lower bound when there were more.
 */
export async function countAll(sql: Sql, plan: SearchPlan, wordMatches: number | null): Promise<Counted> {
  if (wordMatches === null || wordMatches > EXACT_TOTAL_LIMIT)
    return { count: await countMatches(sql, plan), lowerBound: false };
  const bounded = restCountQuery(sql, plan);
  if (bounded) {
    const [{ count, examined }] = await bounded;
    return { count: wordMatches + count, lowerBound: examined >= REST_EXAMINED };
  }
  const rest = await countMatches(sql, plan, "rest", EXACT_TOTAL_LIMIT + 1 - wordMatches);
  return { count: wordMatches + rest, lowerBound: false };
}

/**
 * One page of matching experts, in order, with texts in the query's locale. By relevance, the
 * experts matching a word of `q` in their main document come first, then those matching only in
 * a bio or as a substring: that second tier is read only when the first ends within the page.
 */
export async function searchPage(sql: Sql, statement: PageStatement): Promise<object[]> {
  const { plan } = statement;
  const first = await firstPageQuery(sql, statement);
  if (plan.sort !== "relevance" || plan.parsed === null || first.length === plan.limit) return first;
  // The first tier ended on this page or before it: how many it holds decides where the rest starts
  // (the count the search already took, when it is exact: the same statement at the same version).
  const counted = statement.wordsCounted && statement.wordMatches <= EXACT_TOTAL_LIMIT;
  const wordsTotal =
    first.length > 0
      ? plan.offset + first.length
      : counted
        ? statement.wordMatches
        : await countMatches(sql, plan, "words");
  const rest = {
    ...statement,
    parsed: plan.parsed,
    tier: "rest" as const,
    offset: Math.max(0, plan.offset - wordsTotal),
    limit: plan.limit - first.length,
  };
  return [...first, ...(await tierPageQuery(sql, rest))];
}

/**
 * The capped count of main-document matches. With `q` alone (no filter), when the statistics
 * show one of its words in far more documents than the cap, the count is known to pass the cap
 * and is not taken: that count is the slowest part of a broad search at a million experts.
 */
async function countWords(deps: SearchDeps, plan: SearchPlan, filterKey: string, version: string): Promise<number> {
  const { sql, stores } = deps;
  const groups = plan.parsed?.groups ?? [];
  if (unfiltered(plan.match) && provablyMoreThan(await stores.frequencies.get(sql), groups, EXACT_TOTAL_LIMIT))
    return EXACT_TOTAL_LIMIT + 1;
  return stores.totals.total(`${filterKey}\nwords`, version, () => countMatches(sql, plan, "words"));
}

/**
 * What "cheap" in `q` stands for in this search (price-levels.ts): null unless `q` says it and no
 * `max_price` is given; the categories are those `q` names (a subcategory by its category) and the
 * `category` filter.
 */
async function cheapLevel(
  deps: SearchDeps,
  query: SearchQuery,
  parsed: ParsedQuery,
  vocabulary: Vocabulary,
  version: string,
): Promise<number | null> {
  if (parsed.price?.meaning !== "cheap" || query.max_price !== undefined) return null;
  const { categories, subcategories } = parsed.interpretation.recognized;
  const named = [...categories, ...subcategories.map((s) => vocabulary.categoryOfSubcategory.get(s)), query.category];
  return deps.stores.priceLevels.cheap(
    deps.sql,
    named.filter((c): c is string => Boolean(c)),
    version,
  );
}

/**
 * The search read once: `q` parsed with the compiled vocabulary (read here when not given), the
 * parse remembered for this directory version. Exported for the benchmarks, which time the
 * statements of a plan.
 */
export async function readPlan(
  deps: SearchDeps,
  query: SearchQuery,
  version: string,
  vocabulary?: Vocabulary | null,
): Promise<SearchPlan> {
  if (!query.q) return planSearch(query, null);
  vocabulary ??= await deps.stores.vocabulary.get(deps.sql);
  const parsed = await deps.stores.parsed.read(deps.sql, query.q, version, vocabulary);
  // Bounded before any tsquery is written from it: what one query may cost (bounds.ts); the same
  // statistics say which of a profession's other names are rare enough to search (plan.ts).
  const frequencies = await deps.stores.frequencies.get(deps.sql);
  const bounded = boundQuery(parsed, frequencies);
  return planSearch(query, bounded, await cheapLevel(deps, query, bounded, vocabulary, version), frequencies);
}

/**
 * The search's match_quality (quality.ts): judged from its first QUALITY_WINDOW results by
 * relevance, whatever the page. From the page's own rows when they are those (no statement),
 * else as remembered for `q` and the filters, else read by one statement of those rows' match
 * columns alone. `statement` is the page's (its counts are the search's).
 */
async function searchQuality(
  deps: SearchDeps,
  statement: PageStatement & { parsed: ParsedQuery },
  described: Described[],
  known: { filterKey: string; version: string; vocabulary: Vocabulary | null; noMatch: boolean },
): Promise<MatchQuality> {
  const { plan, parsed } = statement;
  const { qualities } = deps.stores;
  const key = `${plan.query.q}\n${known.filterKey}`;
  const fromPage = known.noMatch ? "none" : qualityFromPage(plan, described);
  if (fromPage) {
    qualities.set(known.version, key, known.vocabulary, fromPage);
    return fromPage;
  }
  const remembered = qualities.get(known.version, key, known.vocabulary);
  if (remembered) return remembered;
  const rows = await searchPage(deps.sql, { ...statement, plan: qualityPlan(plan), shape: matchOnly(statement.shape) });
  const quality = matchQuality(rows.map((row) => describeMatch(row, parsed)));
  qualities.set(known.version, key, known.vocabulary, quality);
  return quality;
}

/**
 * A search run: totals come from the count cache, and the count is skipped when the page itself
 * proves the total (a short, non-empty page, or an empty first page). A relevance search counts
 * the main-document matches first (capped): past the cap they are dense and the total is known
 * to be a lower bound; below it, the page is planned for few matches.
 */
async function run(
  deps: SearchDeps,
  plan: SearchPlan,
  version: string,
  vocabulary: Vocabulary | null,
): Promise<ExpertSearchResult> {
  const { sql, stores, shape } = deps;
  const { limit, page, offset } = plan;
  // The filters that decide `total`, once: the count cache's key.
  const filterKey = JSON.stringify(plan.match);
  const wordMatches = plan.parsed?.groups.length ? await countWords(deps, plan, filterKey, version) : 0;
  const dense = wordMatches > EXACT_TOTAL_LIMIT;
  // The statistics guess which way a dense search looks for its candidates first (statement.ts
  // bestRated) and in which rating band (ratingBand); readPlan has just read them (cached).
  const frequencies = plan.parsed ? await stores.frequencies.get(sql) : null;
  const statement = { plan, shape, wordMatches, wordsCounted: Boolean(plan.parsed?.groups.length), frequencies };
  const rows = await searchPage(sql, statement);
  const parsed = plan.parsed;
  const described = parsed ? rows.map((row) => describeMatch(row, parsed)) : [];
  const experts = rows.map((row, i) => ({ ...shape.present(row, plan.locale), match: described[i]?.match ?? null }));
  // A short page is every match, but where a filtered rest tier read only its first text matches
  // (restCountQuery): there the count says whether there were more.
  const pageProvesTotal =
    ((rows.length > 0 && rows.length < limit) || (rows.length === 0 && page === 0)) && !restBounded(plan);
  const { count: counted, lowerBound } = dense
    ? { count: wordMatches, lowerBound: false }
    : pageProvesTotal
      ? { count: offset + rows.length, lowerBound: false }
      : await stores.totals.total(filterKey, version, () =>
          countAll(sql, plan, plan.parsed?.groups.length ? wordMatches : null),
        );
  const exact = counted <= EXACT_TOTAL_LIMIT && !lowerBound;
  // A lower bound (the cap, or a bounded rest tier's count) holds at least the rows this page shows.
  const total = exact
    ? counted
    : Math.max(Math.min(counted, EXACT_TOTAL_LIMIT), rows.length ? offset + rows.length : 0);
  const known = { filterKey, version, vocabulary, noMatch: exact && total === 0 };
  return {
    experts,
    total,
    total_is_exact: exact,
    query_interpretation: plan.interpretation,
    match_quality: parsed ? await searchQuality(deps, { ...statement, parsed }, described, known) : null,
    page,
    limit,
    has_more: page < lastReachablePage(limit) && (exact ? offset + rows.length < total : rows.length === limit),
  };
}

/**
 * The answer to a search, remembered (deps.stores.answers) per directory version, compiled
 * vocabulary and URL base: a repeated search costs one read of the version, or none with the
 * version pushed over the shared channel (src/experts/directory-version.ts).
 */
async function remembered(deps: SearchDeps, query: SearchQuery): Promise<RememberedAnswer> {
  checkResultWindow(query); // a 400 naming `page`, before anything is read
  checkPriceRange(query);
  const { sql, stores } = deps;
  // Read once, before anything is built from the directory (so what is built is never remembered
  // under a version later than what it read): the key of the answer, the parse and the totals.
  const version = await deps.version();
  const vocabulary = query.q ? await stores.vocabulary.get(sql) : null;
  const key = `${deps.shape.base()}\n${JSON.stringify(query)}`;
  const hit = stores.answers.get(version, key, vocabulary);
  if (hit) return hit;
  const plan = await readPlan(deps, query, version, vocabulary);
  return stores.answers.remember(version, key, vocabulary, await run(deps, plan, version, vocabulary));
}

/**
 * Searches public, verified experts: REST, MCP and the pages all call this, with the app's
 * SearchDeps (src/app.ts). Counting a broad match is most of a search's cost (BENCHMARKS.md), so
 * totals and whole answers are remembered. Do not change an answer (they are shared).
 */
export async function searchExperts(deps: SearchDeps, query: SearchQuery): Promise<ExpertSearchResult> {
  return (await remembered(deps, query)).answer;
}

/** searchExperts as the JSON text the REST route sends: a remembered answer is not serialized again. */
export async function searchExpertsJson(deps: SearchDeps, query: SearchQuery): Promise<JsonText> {
  return answerJson(await remembered(deps, query));
}
