import type { components, operations } from "../../generated/agents.ts";
import type { Sql } from "../db/connect.ts";
import { type Locale, type SummaryRow, summaryColumns, toExpertSummary, translatedTexts } from "./summary.ts";
import type { ExpertUrls } from "./urls.ts";

export type SearchQuery = NonNullable<operations["searchExperts"]["parameters"]["query"]>;
export type ExpertSearchResult = components["schemas"]["ExpertSearchResult"];

/** `q` is a literal substring, so LIKE's own wildcards in it are escaped. */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** BCP 47 matches by primary subtag: `en` and `en-GB` both find an expert who speaks `en-US`. */
export function primarySubtag(tag: string): string {
  return tag.split("-")[0].toLowerCase();
}

function filters(sql: Sql, query: SearchQuery) {
  const { q, category, country, city, language, accepting } = query;
  return sql`
    e.is_public and e.is_verified
    ${q ? sql`and e.search_text ilike ${likePattern(q)}` : sql``}
    ${category ? sql`and exists (select 1 from expert_categories c
                                 where c.expert_id = e.id and c.category_slug = ${category})` : sql``}
    ${country ? sql`and e.country_code = ${country.toUpperCase()}` : sql``}
    ${city ? sql`and lower(e.city) = ${city.toLowerCase()}` : sql``}
    ${language ? sql`and e.language_subtags @> array[${primarySubtag(language)}]::text[]` : sql``}
    ${accepting === "1" ? sql`and e.accepting_clients` : sql``}`;
}

// Both orders end in the primary key, so equal ratings or dates keep one order across pages and
// no expert repeats or goes missing between page N and N+1. Each matches a partial index.
function ordering(sql: Sql, sort: SearchQuery["sort"]) {
  return sort === "newest" ? sql`e.listed_at desc, e.id` : sql`e.rating desc nulls last, e.id`;
}

/**
 * Searches public, verified experts. `total` is exact; the count query is skipped when the page
 * itself proves the total (a short page), because counting a broad match is most of the cost.
 */
export async function searchExperts(sql: Sql, query: SearchQuery, urls: ExpertUrls): Promise<ExpertSearchResult> {
  const limit = query.limit ?? 10;
  const page = query.page ?? 0;
  const locale: Locale = query.locale ?? "en";
  const offset = page * limit;
  const rows = await sql<SummaryRow[]>`
    select ${summaryColumns(sql)}
    from (
      select e.* from experts e
      where ${filters(sql, query)}
      order by ${ordering(sql, query.sort)}
      limit ${limit} offset ${offset}
    ) e
    ${translatedTexts(sql, locale)}
    order by ${ordering(sql, query.sort)}`;
  let total: number;
  if (rows.length > 0 && rows.length < limit) {
    total = offset + rows.length;
  } else if (rows.length === 0 && page === 0) {
    total = 0;
  } else {
    const [{ count }] = await sql<{ count: number }[]>`
      select count(*)::int as count from experts e where ${filters(sql, query)}`;
    total = count;
  }
  return {
    experts: rows.map((row) => toExpertSummary(row, locale, urls)),
    total,
    page,
    limit,
    has_more: offset + rows.length < total,
  };
}
