import type { LexemeFrequencies } from "./frequency.ts";
import { priceInterpretation } from "./price.ts";
import { withoutExpansion } from "./query.ts";
import type { ParsedQuery, QueryInterpretation } from "./query-types.ts";
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
  /** How `q` was read, the price words' bounds decided (null without `q`). */
  interpretation: QueryInterpretation | null;
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
  /** Bounds on the starting price in USD, inclusive: the parameters, else `q`'s price words (price.ts). */
  minPrice: number | null;
  maxPrice: number | null;
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
 * The search's plan. `cheapMax` is what "cheap" in `q` stands for in this search (price-levels.ts).
 * A `q` of price words alone ("under $100") searches no words: its plan has no `parsed`, as
 * without `q`, and keeps how it was read in `interpretation`. A profession's other names
 * (query.ts withoutExpansion) are searched only where a filter narrows the directory, and only
 * those the statistics do not know as frequent.
 */
export function planSearch(
  query: SearchQuery,
  read: ParsedQuery | null,
  cheapMax: number | null = null,
  frequencies: LexemeFrequencies | null = null,
): SearchPlan {
  const narrowed = isNarrowed(query);
  const rare = (lexeme: string) => frequencies !== null && frequencies.documents(lexeme) < EXPANSION_MAX_DOCUMENTS;
  const expanded = read && withoutExpansion(read, (a) => narrowed && a.lexemes.every(rare));
  const limit = query.limit ?? 10;
  const page = query.page ?? 0;
  const price = read?.price ?? null;
  const parsed = expanded && price && !expanded.groups.length && !expanded.pattern ? null : expanded;
  return {
    query,
    parsed,
    interpretation:
      read && (price ? { ...read.interpretation, price: priceInterpretation(price, cheapMax) } : read.interpretation),
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
      minPrice: query.min_price ?? price?.min ?? null,
      maxPrice: query.max_price ?? price?.max ?? (price?.meaning === "cheap" ? cheapMax : null),
    },
  };
}

/** A filter that narrows the directory to a part (not `accepting`, which most experts are). */
export function isNarrowed(query: SearchQuery): boolean {
  return Boolean(query.category || query.country || query.city || query.language);
}

/** No filter but `q`: the case where the statistics may prove the count (search.ts countWords). */
export function unfiltered(match: MatchFilters): boolean {
  return (
    !match.category &&
    !match.country &&
    !match.city &&
    !match.language &&
    !match.accepting &&
    match.minPrice === null &&
    match.maxPrice === null
  );
}
