// Search at scale: every kind of query of issue 10, timed whole (reading q, the page and the
// count, no cache) on a directory grown to N experts, with EXPLAIN (ANALYZE, BUFFERS) per shape.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test bun bench/search-scale.ts --experts 1000000 --keep
//   bun bench/search-scale.ts --database-url postgres://…/kept_db     # again on a kept directory
//   bun bench/search-scale.ts --demo                                   # the demo directory, embedded PGlite
//
// A base of 10,000 synthetic experts goes through the real import; the rest are SQL clones
// (bench/grow.ts). Not part of the test command.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { openDatabase, type Pool } from "../src/db/connect.ts";
import { migrate } from "../src/db/migrate.ts";
import { importExperts } from "../src/experts/import-file.ts";
import { seedDemo } from "../src/demo/seed.ts";
import { directoryVersion } from "../src/experts/directory-version.ts";
import { expertUrls } from "../src/experts/urls.ts";
import type { SearchDeps } from "../src/search/deps.ts";
import { countMatches, readPlan, type SearchQuery, searchExperts } from "../src/search/search.ts";
import { firstPageQuery } from "../src/search/statement.ts";
import { searchStores } from "../src/search/stores.ts";
import { createLogger } from "../src/log.ts";
import { prepareSearch } from "../src/search/prepare.ts";
import { freshDatabase } from "../test/support/app.ts";
import { searchDepsFor, uncounted } from "../test/support/search.ts";
import { growDirectory } from "./grow.ts";
import { SHAPES } from "./search-shapes.ts";
import { syntheticExperts } from "./synthetic.ts";
import { percentile } from "./lib/stats.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    experts: { type: "string", default: "1000000" },
    base: { type: "string", default: "10000" },
    runs: { type: "string", default: "20" },
    "database-url": { type: "string" },
    explain: { type: "string" },
    keep: { type: "boolean", default: false },
    demo: { type: "boolean", default: false },
  },
});
const N = Number(values.experts);
const RUNS = Number(values.runs);

async function explain(deps: SearchDeps, query: SearchQuery): Promise<string> {
  const sql = deps.sql as Pool;
  const plan = await readPlan(deps, query, await directoryVersion(sql));
  const wordMatches = plan.parsed?.groups.length ? await countMatches(sql, plan, "words") : 0;
  const page = firstPageQuery(sql, { plan, shape: deps.shape, wordMatches });
  const { string } = await (page as any).describe();
  const rows = await sql.unsafe(`explain (analyze, buffers) ${string}`, (page as any).parameters ?? []);
  return rows.map((r: any) => r["QUERY PLAN"]).join("\n");
}

const database = values["database-url"]
  ? { databaseUrl: values["database-url"], drop: async () => {} }
  : await freshDatabase();
const db = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: "memory://" });
const log = createLogger("warn");
try {
  await migrate(db.sql);
  await prepareSearch(db.sql, log);
  const [{ count }] = await db.sql<{ count: number }[]>`select count(*)::int as count from experts`;
  if (count === 0 && values.demo) await seedDemo(db.sql);
  else if (count === 0) {
    const t = performance.now();
    await importExperts(db.sql, syntheticExperts(Number(values.base)), {
      batchSize: 1000,
      onProgress: ({ done, total }) => process.stderr.write(`\rimporting ${done}/${total}`),
    });
    console.error(`\nimported ${values.base} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  const t = performance.now();
  if (!values.demo) await growDirectory(db.sql, N, (done, total) => process.stderr.write(`\rgrowing ${done}/${total}`));
  if (!values.demo) console.error(`\ngrown to ${N} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  if (db.kind === "server") await db.sql`vacuum analyze experts`;
  await db.sql`analyze`;
  const [{ visible }] = await db.sql<
    { visible: number }[]
  >`select count(*)::int as visible from experts where is_public and is_verified`;
  console.log(
    `\ndatabase: ${db.kind}; ${values.demo ? "the demo directory" : `${N} experts`} (${visible} visible); ${RUNS} runs per shape, each a whole search (q read, page, count; no count cache)\n`,
  );
  console.log("| query | total | p50 ms | p95 ms | max ms |");
  console.log("|---|---:|---:|---:|---:|");
  const urls = expertUrls(() => "http://bench.invalid");
  const stores = searchStores();
  const fresh = () => searchDepsFor(db.sql, urls, uncounted(stores));
  const plans: string[] = [];
  for (const [label, shape] of SHAPES) {
    const query = { limit: 10, ...shape } as SearchQuery;
    const first = await searchExperts(fresh(), query);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await searchExperts(fresh(), query);
      times.push(performance.now() - started);
    }
    const total = `${first.total_is_exact ? "" : "≥ "}${first.total}`;
    console.log(
      `| ${label} (${JSON.stringify(shape)}) | ${total} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.95).toFixed(1)} | ${Math.max(...times).toFixed(1)} |`,
    );
    if (values.explain) plans.push(`## ${label}: ${JSON.stringify(shape)}\n\n${await explain(fresh(), query)}\n`);
  }
  if (values.explain) writeFileSync(values.explain, plans.join("\n"));
} finally {
  await db.close();
  if (values.keep && database.databaseUrl) console.log(`kept: ${database.databaseUrl}`);
  else await database.drop();
}
