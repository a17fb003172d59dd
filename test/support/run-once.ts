// Test files that cannot depend on the database under test: the whole run on a PostgreSQL server
// (TEST_DATABASE_URL set, no file named) leaves them out, since the PGlite run before it in CI
// (.ci/run) ran them on the same code and they would do exactly the same again. Each says why.
// test/run-once.test.ts fails when one of them, or a helper it imports, reads TEST_DATABASE_URL
// or starts the app on any database but an embedded one it names itself, so a suite that needs a
// database cannot be listed here by mistake, nor become one unnoticed.
export const RUN_ONCE: Record<string, string> = {
  "test/typecheck.test.ts": "tsc over the sources",
  "test/contract.test.ts": "lints the contract and compares the generated types; no app",
  "test/contract-module.test.ts": "the contract module and its Elysia hooks in process, no database",
  "test/deps-lock.test.ts": "deps.lock.txt against `bun pm ls`",
  "test/run-failures.test.ts": "the runner's failure excerpts, from `bun test` of fixtures that open no database",
  "test/version.test.ts": "`--version` and `--help` of the CLI, which open no database",
  "test/demo-data.test.ts": "the demo directory's data as modules",
  "test/free-slots.test.ts": "free slots computed in memory",
  "test/upcoming-holds.test.ts": "availability windows computed in memory (fast-check)",
  "test/lru.test.ts": "the LRU cache in memory",
  "test/metrics.test.ts": "the Prometheus registry in memory",
  "test/revalidation.test.ts": "ETag and Last-Modified helpers in memory",
  "test/mcp-config.test.ts": "MCP origin settings from loadConfig",
  "test/mcp-sse-transport.test.ts": "the SSE transport in memory",
  "test/mcp-tool-types.test.ts": "the MCP tool registry's types in memory",
  "test/search-analysis.test.ts": "query and document analysis of src/search in memory",
  "test/search-price-words.test.ts": "price words parsed in memory",
  "test/ratelimit-window.test.ts": "rate-limit windows in memory and in Redis, no database",
  "test/ratelimit-redis-breaker.test.ts": "the Redis rate limiter's breaker against Redis, no database",
  "test/ratelimit-redis-recovery.test.ts": "the Redis rate limiter's recovery against Redis, no database",
  "test/cluster-supervisor.test.ts":
    "the WORKERS settings and the primary's supervision of tiny scripts; its CLI runs get no database or DATA_DIR only",
  "test/postgres-cluster.test.ts":
    "the test helper's own PostgreSQL cluster (createPostgresCluster), not the run's server",
  "test/pgdata-template.test.ts": "PGlite's cluster template: embedded databases only",
  "test/embedded.test.ts":
    "the embedded database in DATA_DIR: starts the app and the CLI on PGlite directories of its own whatever TEST_DATABASE_URL says (also run through the executable after the release)",
};
