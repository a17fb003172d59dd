import type { PendingQuery, Row } from "postgres";

/**
 * Sends `query` as an *unnamed* prepared statement, which PostgreSQL plans with its parameter
 * values at every execution (a custom plan), whatever `plan_cache_mode` says for named ones.
 *
 * Why only some statements: a named statement is planned generically once PostgreSQL judges the
 * generic plan no dearer than the custom ones (after 5 executions). For a lookup by slug that is
 * what we want: the plan is the same for every value and planning it anew each time cost more
 * than running it (profile: 0.63 ms planning, 0.15 ms executing). For a search it is dangerous:
 * the generic plan of `like $1` or `@@ $1::tsquery` cannot see how selective the pattern is and
 * walked the whole rating index (218 ms instead of 0.2 ms at 100k experts). So the search
 * statements, and only they, go through here; the rest stay named and may go generic.
 *
 * postgres.js has no per-query option for tagged templates; its statement builder reads
 * `query.options.prepare` (as `sql.unsafe(text, args, { prepare: false })` sets it), so it is
 * set here, before the query is first awaited. The cost: one more round trip per statement
 * (Parse/Describe, then Bind/Execute), small beside a search. test/search-plans.test.ts proves
 * the search statements never become named (and so never generic) statements.
 */
export function plannedWithValues<T extends Row[]>(query: PendingQuery<T>): PendingQuery<T> {
  (query as unknown as { options: { prepare?: boolean } }).options.prepare = false;
  return query;
}
