import type { PendingQuery, Row } from "postgres";
import type { components } from "../../generated/agents.ts";
import type { Sql } from "../db/connect.ts";
import { lexemeFrequencies, provablyMoreThan } from "../search/frequency.ts";
import { lexiconLookup } from "../search/lexicon.ts";
import { type ParsedQuery, parseQuery } from "../search/query.ts";
import { plannedWithValues } from "../search/custom-plan.ts";
import { allGroupsQuery, type Phrase, relevance } from "../search/rank.ts";
import { vocabularyFor } from "../search/vocabulary-store.ts";
import type { Vocabulary } from "../search/vocabulary.ts";
import { JsonText } from "../http/cached-json.ts";
import { Lru } from "../cache/lru.ts";
import { CountCache, directoryVersion } from "./count-cache.ts";
import type { DirectoryVersionSource } from "./directory-version.ts";
import { checkResultWindow, lastReachablePage } from "./result-window.ts";
import { filters, likePattern, type MatchFilters, matchFilters, type TextTier } from "./search-filters.ts";
import type { SearchQuery } from "./search-query.ts";
import { type Locale, type SummaryRow, summaryColumns, toExpertSummary, translatedTexts } from "./summary.ts";
import type { ExpertUrls } from "./urls.ts";

export type { SearchQuery };
export type ExpertSearchResult = components["schemas"]["ExpertSearchResult"];

/** Past this many matches `total` stops counting and says so (`total_is_exact: false`). */
export const EXACT_TOTAL_LIMIT = 10_000;

type Fragment = PendingQuery<Row[]>;

type Sort = "relevance" | "rating" | "newest";

function effectiveSort(query: SearchQuery): Sort {
  if (query.sort) return query.sort === "relevance" && !query.q ? "rating" : query.sort;
  return query.q ? "relevance" : "rating";
}

// Every order ends in the primary key, so equal scores, ratings or dates keep one order across
// pages and no expert repeats or goes missing between page N and N+1.
function ordering(sql: Sql, sort: Sort, scored: boolean) {
  if (sort === "newest") return sql`e.listed_at desc, e.id`;
  if (sort === "relevance" && scored) return sql`score desc, e.rating desc nulls last, e.review_count desc, e.id`;
  return sql`e.rating desc nulls last, e.id`;
}

/**
 * How many candidates a relevance search scores, at least: scoring reads each candidate's whole
 * document, so a broad query on a large directory scores a window instead of every match (as a
 * search engine's rescore window does). See `relevanceCandidates`.
 */
export const RESCORE_WINDOW = 500;

/**
 * How many experts matching only some of several words are scored, at least. They are read
 * only when too few match every word to fill the page, and among them the order is mostly their
 * rating; walking the rating index for 500 of them visited 40,000 rows at 1M experts when no one
 * matched a name's both words ("emily wright": 330 ms), for 100 it visits a fifth.
 */
export const PARTIAL_WINDOW = 100;

/**
 * The experts a relevance search scores: the best-rated `window` of those matching every group
 * of the query in their main document; and, only when those are fewer than the page needs, the
 * best-rated PARTIAL_WINDOW (or `needed`) of those matching any group. So when a page's worth of
 * experts match all the words, the page is drawn from them (as a search engine tries all words
 * before some), and a broad query scores a window instead of every match (a rescore window). On
 * small and selective searches the windows hold every match and the ranking is exact. Both sets
 * come from the indexes without reading a document; the second is skipped by a one-time filter
 * when not needed.
 */
function relevanceCandidates(sql: Sql, query: SearchQuery, parsed: ParsedQuery, tier: TextTier, window: number, needed: number, dense: boolean) {
  const where = filters(sql, query, parsed, tier);
  // Dense matches: the order of experts_by_rating exactly, so walking the index stops after
  // `window` matches. Sparse ones: an order no index has, so the planner takes the matches from
  // the document index and sorts them, instead of walking the ratings past a million misses.
  const byRating = (limit: number) =>
    dense ? sql`order by e.rating desc nulls last, e.id limit ${limit}` : sql`order by e.rating + 0 desc nulls last, e.id limit ${limit}`;
  const all = allGroupsQuery(parsed.groups);
  if (!all || tier !== "words") return sql`(select e.id from experts e where ${where} ${byRating(window)})`;
  return sql`(
    with strict as materialized (select e.id from experts e where ${filters(sql, query, parsed, "none")} and e.search_doc @@ ${all}::tsquery ${byRating(window)})
    select id from strict
    union
    (select e.id from experts e where ${where} and (select count(*) from strict) < ${needed} ${byRating(Math.max(PARTIAL_WINDOW, needed))})
  )`;
}

/** One page of `matches` (a FROM clause over `experts e`) in order, with texts in the query's locale. */
function pageOf(sql: Sql, query: SearchQuery, matches: Fragment, score: Fragment, order: Fragment, offset: number, limit: number) {
  return plannedWithValues(sql<SummaryRow[]>`
    select ${summaryColumns(sql)}
    from (
      select e.id, ${score} as score
      from ${matches}
      order by ${order}
      limit ${limit} offset ${offset}
    ) m
    join experts e on e.id = m.id
    ${translatedTexts(sql, query.locale ?? "en")}
    order by ${order}`);
}

/**
 * The query of a page's first part: the whole page, except by relevance where it is the main
 * tier's share (searchPage). Exported for the benchmark's EXPLAIN.
 */
export function firstPageQuery(sql: Sql, query: SearchQuery, parsed: ParsedQuery | null, dense = false) {
  const limit = query.limit ?? 10;
  const offset = (query.page ?? 0) * limit;
  const sort = effectiveSort(query);
  if (sort !== "relevance" || parsed === null) {
    return pageOf(sql, query, sql`experts e where ${filters(sql, query, parsed)}`, sql`0::float8`, ordering(sql, sort, false), offset, limit);
  }
  return relevanceTierPage(sql, query, parsed, "words", offset, limit, dense);
}

/** The query's phrases of several words when it has more than one group (else the whole query is the phrase). */
function phrases(parsed: ParsedQuery): Phrase[] {
  if (parsed.groups.length < 2) return [];
  return parsed.groups.flatMap((g) => {
    const pattern = g.label.trim().includes(" ") ? likePattern(g.label) : null;
    return pattern ? [{ pattern, weight: g.weight }] : [];
  });
}

function relevanceTierPage(sql: Sql, query: SearchQuery, parsed: ParsedQuery, tier: TextTier, offset: number, limit: number, dense: boolean) {
  const needed = (query.page ?? 0) * (query.limit ?? 10) + (query.limit ?? 10);
  const window = Math.max(RESCORE_WINDOW, needed);
  const matches = sql`${relevanceCandidates(sql, query, parsed, tier, window, needed, dense)} c join experts e on e.id = c.id`;
  return pageOf(sql, query, matches, relevance(sql, parsed.groups, likePattern(query.q!), phrases(parsed)), ordering(sql, "relevance", true), offset, limit);
}

/**
 * One page of matching experts, in order, with texts in the query's locale. By relevance, the
 * experts matching a word of `q` in their main document come first, then those matching only in
 * a bio or as a substring: that second tier is read only when the first ends within the page.
 */
export async function searchPage(sql: Sql, query: SearchQuery, parsed: ParsedQuery | null, dense = false): Promise<SummaryRow[]> {
  const limit = query.limit ?? 10;
  const offset = (query.page ?? 0) * limit;
  const first = await firstPageQuery(sql, query, parsed, dense);
  if (effectiveSort(query) !== "relevance" || parsed === null || first.length === limit) return first;
  // The first tier ended on this page or before it: how many it holds decides where the rest starts.
  const wordsTotal = first.length > 0 ? offset + first.length : await countMatches(sql, query, parsed, "words");
  return [...first, ...(await relevanceTierPage(sql, query, parsed, "rest", Math.max(0, offset - wordsTotal), limit - first.length, false))];
}

/**
 * How many experts match, counting no further than EXACT_TOTAL_LIMIT + 1: a broad match on a
 * large directory stops counting instead of making the search wait for a full count.
 */
export async function countMatches(sql: Sql, query: SearchQuery, parsed: ParsedQuery | null, tier: TextTier = "any"): Promise<number> {
  const [{ count }] = await plannedWithValues(sql<{ count: number }[]>`
    select count(*)::int as count from (
      select 1 from experts e where ${filters(sql, query, parsed, tier)} limit ${EXACT_TOTAL_LIMIT + 1}
    ) m`);
  return count;
}

/** Totals shared by every caller of searchExperts on one database pool (REST, MCP, pages). */
const countsByPool = new WeakMap<Sql, CountCache>();

export function sharedCounts(sql: Sql): CountCache {
  let counts = countsByPool.get(sql);
  if (!counts) countsByPool.set(sql, (counts = new CountCache()));
  return counts;
}

/**
 * The capped count of main-document matches. With `q` alone (no filter), when the statistics
 * show one of its words in far more documents than the cap, the count is known to pass the cap
 * and is not taken: that count is the slowest part of a broad search at a million experts.
 */
async function countWords(sql: Sql, query: SearchQuery, parsed: ParsedQuery, match: MatchFilters, key: string, counts: CountCache, version: string): Promise<number> {
  const { category, country, city, language, accepting } = match;
  const unfiltered = !category && !country && !city && !language && !accepting;
  if (unfiltered && provablyMoreThan(await lexemeFrequencies(sql), parsed.groups, EXACT_TOTAL_LIMIT)) return EXACT_TOTAL_LIMIT + 1;
  return counts.total(sql, `${key}\nwords`, () => countMatches(sql, query, parsed, "words"), version);
}

/**
 * Parsed queries, each with the compiled vocabulary it was read with (a vocabulary import compiles
 * a new one, so older entries stop matching and age out; bounded, src/cache/lru.ts). Reading "lawyer" walks every locale's terms of the concepts it names and was
 * the largest JavaScript cost of a search (BENCHMARKS.md). The key holds the directory version
 * too: typo correction reads the lexicon, which grows only with writes that bump it (an
 * import's experts, a reindex) or with a vocabulary import (a new vocabulary). Callers must not
 * change a parsed query they are given.
 */
export const parsedQueries = new Lru<string, { vocabulary: Vocabulary; value: ParsedQuery }>({ name: "search-parsed-queries", maxEntries: 1000 });

/**
 * Reads `q` with the current vocabulary and the typo lexicon; null without `q`. With the
 * directory `version` read before it, the answer is remembered for that version.
 */
export async function readQuery(sql: Sql, q: string | undefined, version?: string, vocabulary?: Vocabulary): Promise<ParsedQuery | null> {
  if (!q) return null;
  vocabulary ??= await vocabularyFor(sql);
  if (version === undefined) return parseQuery(q, vocabulary, lexiconLookup(sql));
  const key = `${version}\n${q}`;
  const hit = parsedQueries.get(key);
  if (hit && hit.vocabulary === vocabulary) return hit.value;
  const value = await parseQuery(q, vocabulary, lexiconLookup(sql));
  parsedQueries.set(key, { vocabulary, value });
  return value;
}

/** A number per ExpertUrls object, for keys: answers built for one base are not another's. */
const urlsIds = new WeakMap<ExpertUrls, number>();
let nextUrlsId = 0;

function urlsId(urls: ExpertUrls): number {
  let id = urlsIds.get(urls);
  if (id === undefined) urlsIds.set(urls, (id = nextUrlsId++));
  return id;
}

/**
 * Freezes a remembered answer's outer object and list (not each expert: a deep freeze cost ~0.1 ms
 * a page), so a caller that replaced its fields would fail loudly instead of changing it for the next.
 */
function frozen(answer: ExpertSearchResult): ExpertSearchResult {
  Object.freeze(answer.experts);
  return Object.freeze(answer);
}

/**
 * Searches public, verified experts: REST, MCP and the pages all call this. Counting a broad
 * match is most of a search's cost (BENCHMARKS.md), so totals come from the count cache, and
 * the count is skipped when the page itself proves the total (a short, non-empty page, or an
 * empty first page). A relevance search counts the main-document matches first (capped): past
 * the cap they are dense and the total is known to be a lower bound; below it, the page is
 * planned for few matches.
 *
 * Whole answers are remembered too (in `counts`, per directory version, compiled vocabulary and
 * URL base): a repeated search costs one read of the version, or none with `version` given (the
 * version pushed over the shared channel, src/experts/directory-version.ts). Do not change one
 * (they are shared).
 */
export async function searchExperts(
  sql: Sql,
  query: SearchQuery,
  urls: ExpertUrls,
  counts: CountCache = sharedCounts(sql),
  version: DirectoryVersionSource = () => directoryVersion(sql),
): Promise<ExpertSearchResult> {
  checkResultWindow(query); // a 400 naming `page`, before anything is read
  const limit = query.limit ?? 10;
  const page = query.page ?? 0;
  const locale: Locale = query.locale ?? "en";
  const offset = page * limit;
  // Read once, before anything is built from the directory (so what is built is never remembered
  // under a version later than what it read): the key of the answer, the parse and the totals.
  const currentVersion = await version();
  const vocabulary = query.q ? await vocabularyFor(sql) : null;
  const answerKey = `${urlsId(urls)}\n${urls.base()}\n${JSON.stringify(query)}`;
  const remembered = counts.answer<ExpertSearchResult>(currentVersion, answerKey, vocabulary ?? counts);
  if (remembered) return remembered;
  const parsed = await readQuery(sql, query.q, currentVersion, vocabulary ?? undefined);
  // The filters that decide `total`, once: the count cache's key and the test for "q alone".
  const match = matchFilters(query, parsed);
  const key = JSON.stringify(match);
  const words = parsed?.groups.length ? await countWords(sql, query, parsed, match, key, counts, currentVersion) : 0;
  const dense = words > EXACT_TOTAL_LIMIT;
  const rows = await searchPage(sql, query, parsed, dense);
  const pageProvesTotal = (rows.length > 0 && rows.length < limit) || (rows.length === 0 && page === 0);
  const counted = dense ? words : pageProvesTotal ? offset + rows.length : await counts.total(sql, key, () => countMatches(sql, query, parsed), currentVersion);
  const exact = counted <= EXACT_TOTAL_LIMIT;
  const total = exact ? counted : Math.max(EXACT_TOTAL_LIMIT, offset + rows.length);
  const answer: ExpertSearchResult = {
    experts: rows.map((row) => toExpertSummary(row, locale, urls)),
    total,
    total_is_exact: exact,
    query_interpretation: parsed?.interpretation ?? null,
    page,
    limit,
    has_more: page < lastReachablePage(limit) && (exact ? offset + rows.length < total : rows.length === limit),
  };
  counts.remember(currentVersion, answerKey, vocabulary ?? counts, frozen(answer));
  return answer;
}

/** The JSON text of remembered answers, made once per answer (an 8 KB page took ~5-20 µs to serialize). */
const texts = new WeakMap<ExpertSearchResult, JsonText>();

/** searchExperts as the JSON text the REST route sends: a remembered answer is not serialized again. */
export async function searchExpertsJson(sql: Sql, query: SearchQuery, urls: ExpertUrls, counts?: CountCache, version?: DirectoryVersionSource): Promise<JsonText> {
  const answer = await searchExperts(sql, query, urls, counts, version);
  let text = texts.get(answer);
  if (!text) texts.set(answer, (text = new JsonText(JSON.stringify(answer))));
  return text;
}
