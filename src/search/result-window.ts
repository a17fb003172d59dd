import { validationProblem } from "../http/problem.ts";

/**
 * How deep a search may be paged, in every order: `(page + 1) × limit` at most this many results
 * (what Elasticsearch calls max_result_window and Meilisearch maxTotalHits, whose 1,000 this is).
 *
 * Why a bound, and why 1,000: a deep page costs what lies before it. By relevance every expert
 * before the page is scored (the candidate window grows to `(page + 1) × limit`: page 10,000 of 20
 * ranked ~200,000 documents, 15× page 0, issue 18); by rating or newest the index is walked past
 * the skipped rows. 1,000 is twice RESCORE_WINDOW, so a deep relevance page costs at most about
 * twice page 0. One rule for every order, so a client need not know which order it got. Nobody
 * reads the 1,001st result: narrowing the search serves them better, and the 400 says so.
 */
export const MAX_RESULT_WINDOW = 1000;

/** The last page that can be asked for at `limit` results a page. */
export function lastReachablePage(limit: number): number {
  return Math.floor(MAX_RESULT_WINDOW / limit) - 1;
}

/** Throws the 400 naming `page` when the page ends past the first MAX_RESULT_WINDOW results. */
export function checkResultWindow(query: { page?: number; limit?: number }): void {
  const page = query.page ?? 0;
  const limit = query.limit ?? 10;
  if ((page + 1) * limit <= MAX_RESULT_WINDOW) return;
  throw validationProblem(
    [
      {
        field: "page",
        message: `is past the first ${MAX_RESULT_WINDOW} results: with limit ${limit} the last page is ${lastReachablePage(limit)}. Narrow the search (q, filters) instead of paging deeper`,
      },
    ],
    `Only the first ${MAX_RESULT_WINDOW} results of a search can be paged through: (page + 1) × limit must be at most ${MAX_RESULT_WINDOW}.`,
  );
}
