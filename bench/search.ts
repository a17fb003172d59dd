// Search cost on a large directory, reported as ratios measured in one run (the machine is shared
// and noisy; absolute milliseconds are printed for context only).
//
//   bun run bench                       # 100k experts on the embedded database (PGlite)
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test bun run bench   # on a server
//   bun run bench -- --experts 20000    # a smaller directory
//
// It answers the questions the design asked: how much of a broad search is the exact count,
// how much a generic plan for `ilike $1` would cost against the custom plans we force, and that
// the trigram index serves `q` in any locale.
import { parseArgs } from "node:util";
import { openDatabase, type Pool } from "../src/db/connect.ts";
import { migrate } from "../src/db/migrate.ts";
import { importExperts } from "../src/experts/import-file.ts";
import { directoryVersion } from "../src/experts/directory-version.ts";
import { expertUrls } from "../src/experts/urls.ts";
import { countMatches, readPlan, type SearchQuery, searchExperts, searchPage } from "../src/search/search.ts";
import { type SearchStores, searchStores } from "../src/search/stores.ts";
import { freshDatabase } from "../test/support/app.ts";
import { searchDepsFor, uncounted } from "../test/support/search.ts";
import { syntheticExperts } from "./synthetic.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    experts: { type: "string", default: "100000" },
    runs: { type: "string", default: "15" },
    keep: { type: "boolean", default: false },
  },
});
const N = Number(values.experts);
const RUNS = Number(values.runs);

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return median(times);
}

async function planExecutionMs(
  sql: Pool,
  mode: "force_custom_plan" | "force_generic_plan",
  pattern: string,
): Promise<{ ms: number; plan: string }> {
  const conn = await sql.reserve();
  try {
    await conn.unsafe(`set plan_cache_mode = ${mode}`);
    await conn.unsafe(
      "prepare bench_q(text) as select id from experts where is_public and is_verified and search_text like $1 order by rating desc nulls last, id limit 10",
    );
    const times: number[] = [];
    let plan = "";
    for (let i = 0; i < RUNS; i++) {
      // EXECUTE takes no bind parameters; the pattern is our own text, quoted as a literal.
      const [row] = await conn.unsafe(
        `explain (analyze, format json) execute bench_q('${pattern.replaceAll("'", "''")}')`,
      );
      const doc = row["QUERY PLAN"][0];
      times.push(doc["Execution Time"]);
      plan =
        doc.Plan["Node Type"] +
        (doc.Plan.Plans
          ? ` > ${doc.Plan.Plans.map((p: any) => `${p["Node Type"]}${p["Index Name"] ? ` (${p["Index Name"]})` : ""}`).join(", ")}`
          : "");
    }
    await conn.unsafe("deallocate bench_q");
    await conn.unsafe("set plan_cache_mode = force_custom_plan");
    return { ms: median(times), plan };
  } finally {
    conn.release();
  }
}

const database = await freshDatabase();
const db = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: "memory://" });
try {
  console.log(`database: ${db.kind}; directory: ${N} experts; ${RUNS} timed runs per measure (median)`);
  await migrate(db.sql);
  const records = syntheticExperts(N);
  const t0 = performance.now();
  await importExperts(db.sql, records, {
    batchSize: 1000,
    onProgress: ({ done, total }) => process.stderr.write(`\rimporting ${done}/${total}`),
  });
  const importSeconds = (performance.now() - t0) / 1000;
  process.stderr.write("\n");
  await db.sql`analyze`;
  console.log(`import: ${Math.round(N / importSeconds)} experts/s (${importSeconds.toFixed(1)} s)`);

  const shapes: [string, SearchQuery][] = [
    ["no filter (rating order)", {}],
    ["broad q 'an'", { q: "an" }],
    ["broad q 'lawyer'", { q: "lawyer" }],
    ["selective q (one name)", { q: records[4242].name.toLowerCase() }],
    ["q in Korean '변호사'", { q: "변호사" }],
    ["2-character Korean '세무'", { q: "세무" }],
    ["several words 'family lawyer berlin'", { q: "family lawyer berlin" }],
    ["typo 'acounting'", { q: "acounting" }],
    ["sentence (payroll, Japanese)", { q: "I need a payroll specialist who speaks Japanese" }],
    ["name, reversed", { q: records[4242].name.toLowerCase().split(" ").reverse().join(" ") }],
    ["category=legal", { category: "legal" }],
    ["country=US & language=en", { country: "US", language: "en" }],
    ["accepting=1, sort=newest", { accepting: true, sort: "newest" }],
    ["deep page (page 99, the last within the result window)", { page: 99 }],
  ];
  console.log("\n| query | matches | page ms | count ms | count share of page+count |");
  console.log("|---|---:|---:|---:|---:|");
  const urls = expertUrls(() => "http://bench.invalid");
  const stores = searchStores();
  const deps = searchDepsFor(db.sql, urls, stores);
  for (const [label, query] of shapes) {
    const q = { limit: 10, page: 0, ...query } as SearchQuery;
    const plan = await readPlan(deps, q, await directoryVersion(db.sql));
    const total = await countMatches(db.sql, plan);
    const pageMs = await timeIt(async () =>
      searchPage(db.sql, {
        plan: await readPlan(deps, q, await directoryVersion(db.sql)),
        shape: deps.shape,
        wordMatches: 0,
      }),
    );
    const countMs = await timeIt(() => countMatches(db.sql, plan));
    console.log(
      `| ${label} | ${total} | ${pageMs.toFixed(2)} | ${countMs.toFixed(2)} | ${Math.round((countMs / (pageMs + countMs)) * 100)}% |`,
    );
  }

  // A pattern matching (almost) nobody, like a typo: the generic plan cannot know that and walks
  // the rating index looking for ten matches; the custom plan asks the trigram index.
  console.log("\n| pattern | custom plan ms | generic plan ms | generic / custom |");
  console.log("|---|---:|---:|---:|");
  for (const pattern of ["%qxzvw%", `%${records[4242].name.toLowerCase()}%`]) {
    const custom = await planExecutionMs(db.sql, "force_custom_plan", pattern);
    const generic = await planExecutionMs(db.sql, "force_generic_plan", pattern);
    console.log(
      `| \`${pattern}\` | ${custom.ms.toFixed(2)} (${custom.plan}) | ${generic.ms.toFixed(2)} (${generic.plan}) | ${(generic.ms / custom.ms).toFixed(1)}x |`,
    );
  }

  // An agent paging through a broad search: five pages, counting each time or once.
  // Counting every page: empty totals for each page; once: one set of totals for the five.
  const pages = (each: () => SearchStores) => async () => {
    for (let page = 0; page < 5; page++)
      await searchExperts(searchDepsFor(db.sql, urls, each()), { q: "an", limit: 10, page } as SearchQuery);
  };
  const uncached = await timeIt(pages(() => uncounted(stores)));
  const once = uncounted(stores);
  const cached = await timeIt(pages(() => once));
  console.log(
    `\npaging 5 pages of q=an: ${uncached.toFixed(1)} ms counting every page, ${cached.toFixed(1)} ms with the count cache (${(uncached / cached).toFixed(1)}x)`,
  );
} finally {
  await db.close();
  // --keep leaves a server database in place for EXPLAIN sessions by hand
  if (values.keep && database.databaseUrl) console.log(`kept: ${database.databaseUrl}`);
  else await database.drop();
}
