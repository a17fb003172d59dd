import type { ResultShape } from "./deps.ts";
import { type Described, type MatchQuality, matchQuality } from "./match.ts";
import type { SearchPlan } from "./plan.ts";

/**
 * How many results match_quality is judged from: the search's first QUALITY_WINDOW by relevance,
 * whatever page, limit and sort were asked for. It is a property of `q` and the filters, so REST,
 * MCP and the directory page, each at its own page and limit, say the same of one search, and an
 * agent reading page 2 is not told "nobody fits" when page 0 said "strong" (judged from each page,
 * the same `q` would say `strong` at page 0 and `none` at page 3).
 *
 * Why 10: it is the default `limit`, so the first page every caller gets by default (REST, MCP,
 * the directory page) holds exactly these rows and costs no extra statement; it keeps what the
 * relevance benchmark and the tests measured (limit 10, page 0) unchanged; relevance ranks
 * experts with every term first, so a fit that exists is among the first few, and ten leaves room
 * for ties broken by rating or availability, where a single row (1) would let a tie-break decide.
 * More (20, the largest page) would make every default request read a second statement.
 */
const QUALITY_WINDOW = 10;

/**
 * match_quality from the page's own rows, when they are the search's first QUALITY_WINDOW by
 * relevance or hold every match (match_quality asks whether *some* row fits, so then order does
 * not matter): undefined when the page cannot tell.
 */
export function qualityFromPage(plan: SearchPlan, described: Described[]): MatchQuality | undefined {
  if (plan.page !== 0) return undefined;
  if (plan.sort === "relevance" && plan.limit >= QUALITY_WINDOW)
    return matchQuality(described.slice(0, QUALITY_WINDOW));
  // A short first page is every match; at most QUALITY_WINDOW of them are all the first ones.
  if (described.length < plan.limit && described.length <= QUALITY_WINDOW) return matchQuality(described);
  return undefined;
}

/** The plan of the rows match_quality is judged from: the first QUALITY_WINDOW by relevance. */
export function qualityPlan(plan: SearchPlan): SearchPlan {
  return { ...plan, sort: "relevance", page: 0, offset: 0, limit: QUALITY_WINDOW };
}

/**
 * A shape that reads no column of the expert but its id, and no text: the quality statement
 * needs only the match columns statement.ts adds (match.ts matchColumns), not the summaries.
 */
export function matchOnly(shape: ResultShape): ResultShape {
  return { ...shape, columns: (sql) => sql`e.id`, texts: (sql) => sql`` };
}
