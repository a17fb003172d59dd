import type { components, operations } from "../../generated/agents.ts";
import type { Sql } from "../db/connect.ts";
import { type Locale, type SummaryRow, summaryColumns, toExpertSummary, translatedTexts } from "./summary.ts";
import type { CountCache } from "./count-cache.ts";
import type { ExpertUrls } from "./urls.ts";

export type SearchQuery = NonNullable<operations["searchExperts"]["parameters"]["query"]>;
export type ExpertSearchResult = components["schemas"]["ExpertSearchResult"];

/**
 * `q` is a literal substring, so LIKE's own wildcards in it are escaped. It is lower-cased the
 * same way (JavaScript's toLowerCase) as the stored search_text, so a plain LIKE finds it: on
 * 20k experts a LIKE scan measured 3.6x faster than ILIKE, which folds case on every row.
 */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** BCP 47 matches by primary subtag: `en` and `en-GB` both find an expert who speaks `en-US`. */
export function primarySubtag(tag: string): string {
  return tag.split("-")[0].toLowerCase();
}

/**
 * The filters that decide which experts match (not the page, order or locale), in the form the
 * SQL compares them. Both the WHERE clause and the count cache's key come from this one place,
 * so two spellings of one search (`country=ca`, `country=CA`) share a cached total.
 */
function matchFilters(query: SearchQuery) {
  return {
    pattern: query.q ? likePattern(query.q) : null,
    category: query.category ?? null,
    country: query.country?.toUpperCase() ?? null,
    city: query.city?.toLowerCase() ?? null,
    language: query.language ? primarySubtag(query.language) : null,
    accepting: query.accepting === "1",
  };
}

function filters(sql: Sql, query: SearchQuery) {
  const { pattern, category, country, city, language, accepting } = matchFilters(query);
  return sql`
    e.is_public and e.is_verified
    ${pattern ? sql`and e.search_text like ${pattern}` : sql``}
    ${category ? sql`and exists (select 1 from expert_categories c
                                 where c.expert_id = e.id and c.category_slug = ${category})` : sql``}
    ${country ? sql`and e.country_code = ${country}` : sql``}
    ${city ? sql`and lower(e.city) = ${city}` : sql``}
    ${language ? sql`and e.language_subtags @> array[${language}]::text[]` : sql``}
    ${accepting ? sql`and e.accepting_clients` : sql``}`;
}

// Both orders end in the primary key, so equal ratings or dates keep one order across pages and
// no expert repeats or goes missing between page N and N+1. Each matches a partial index.
function ordering(sql: Sql, sort: SearchQuery["sort"]) {
  return sort === "newest" ? sql`e.listed_at desc, e.id` : sql`e.rating desc nulls last, e.id`;
}

/** One page of matching experts, in order, with texts in the query's locale. */
export function searchPage(sql: Sql, query: SearchQuery) {
  const limit = query.limit ?? 10;
  return sql<SummaryRow[]>`
    select ${summaryColumns(sql)}
    from (
      select e.* from experts e
      where ${filters(sql, query)}
      order by ${ordering(sql, query.sort)}
      limit ${limit} offset ${(query.page ?? 0) * limit}
    ) e
    ${translatedTexts(sql, query.locale ?? "en")}
    order by ${ordering(sql, query.sort)}`;
}

/** The filters that decide `total`, as a cache key. */
export function filterKey(query: SearchQuery): string {
  return JSON.stringify(matchFilters(query));
}

/** How many experts match in all: the expensive half of a broad search. */
export async function countMatches(sql: Sql, query: SearchQuery): Promise<number> {
  const [{ count }] = await sql<{ count: number }[]>`
    select count(*)::int as count from experts e where ${filters(sql, query)}`;
  return count;
}

/**
 * Searches public, verified experts. `total` is exact; the count query is skipped when the page
 * itself proves the total (a short, non-empty page, or an empty first page), because counting a
 * broad match is most of a search's cost (see BENCHMARKS.md).
 */
export async function searchExperts(
  sql: Sql,
  query: SearchQuery,
  urls: ExpertUrls,
  counts?: CountCache,
): Promise<ExpertSearchResult> {
  const limit = query.limit ?? 10;
  const page = query.page ?? 0;
  const locale: Locale = query.locale ?? "en";
  const offset = page * limit;
  const rows = await searchPage(sql, query);
  const pageProvesTotal = (rows.length > 0 && rows.length < limit) || (rows.length === 0 && page === 0);
  const total = pageProvesTotal
    ? offset + rows.length
    : counts
      ? await counts.total(sql, filterKey(query), () => countMatches(sql, query))
      : await countMatches(sql, query);
  return {
    experts: rows.map((row) => toExpertSummary(row, locale, urls)),
    total,
    page,
    limit,
    has_more: offset + rows.length < total,
  };
}
