import type { LexemeFrequencies } from "./frequency.ts";
import { type ParsedQuery, withoutExpansion } from "./query.ts";
import { anyGroupQuery } from "./rank.ts";
import type { Locale, SearchQuery } from "./search-query.ts";
import { primarySubtag } from "./tokens.ts";

export type Sort = "relevance" | "rating" | "newest";

/**
 * A search read once, before any SQL is built: `q` parsed (null without it), the page, the order
 * and the filters in the form the SQL compares them. Every later step reads this and nothing
 * reads the raw query again.
 */
export interface SearchPlan {
  query: SearchQuery;
  parsed: ParsedQuery | null;
  locale: Locale;
  sort: Sort;
  limit: number;
  page: number;
  /** Results before this page. */
  offset: number;
  match: MatchFilters;
}

/**
 * The filters that decide which experts match (not the page, order or locale), in the form the
 * SQL compares them. Both the WHERE clause and the count cache's key come from this one place,
 * so two spellings of one search (`country=ca`, `country=CA`) share a cached total.
 */
export interface MatchFilters {
  /** Any group of `q` as tsquery text. */
  text: string | null;
  /** The whole of `q` as a LIKE pattern. */
  pattern: string | null;
  category: string | null;
  country: string | null;
  city: string | null;
  language: string | null;
  accepting: boolean;
}

function effectiveSort(query: SearchQuery): Sort {
  if (query.sort) return query.sort === "relevance" && !query.q ? "rating" : query.sort;
  return query.q ? "relevance" : "rating";
}

/**
 * A profession's other name in more documents than this is not searched: its index entries would
 * cost more than it can add (a frequent name has its own many experts in the category anyway).
 */
export const EXPANSION_MAX_DOCUMENTS = 5_000;

/**
 * The plan of a search. A profession's other names (query.ts withoutExpansion) are searched only
 * where a filter narrows the directory, and only those the statistics do not know as frequent.
 */
export function planSearch(query: SearchQuery, read: ParsedQuery | null, frequencies: LexemeFrequencies | null = null): SearchPlan {
  const narrowed = isNarrowed(query);
  const rare = (lexeme: string) => frequencies !== null && frequencies.documents(lexeme) < EXPANSION_MAX_DOCUMENTS;
  const parsed = read && withoutExpansion(read, (a) => narrowed && a.lexemes.every(rare));
  const limit = query.limit ?? 10;
  const page = query.page ?? 0;
  return {
    query,
    parsed,
    locale: query.locale ?? "en",
    sort: effectiveSort(query),
    limit,
    page,
    offset: page * limit,
    match: {
      text: parsed ? anyGroupQuery(parsed.groups) : null,
      pattern: parsed?.pattern ?? null,
      category: query.category ?? null,
      country: query.country?.toUpperCase() ?? null,
      city: query.city?.toLowerCase() ?? null,
      language: query.language ? primarySubtag(query.language) : null,
      accepting: query.accepting === true,
    },
  };
}

/** A filter that narrows the directory to a part (not `accepting`, which most experts are). */
export function isNarrowed(query: SearchQuery): boolean {
  return Boolean(query.category || query.country || query.city || query.language);
}

/** No filter but `q`: the case where the statistics may prove the count (search.ts countWords). */
export function unfiltered(match: MatchFilters): boolean {
  return !match.category && !match.country && !match.city && !match.language && !match.accepting;
}
