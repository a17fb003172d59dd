// Where PostgreSQL's time goes in searches nobody asked before (issue 22, BENCHMARKS.md "CPU per
// search that runs"): each query through searchExperts with fresh totals, answers and parses, its
// statements captured (postgres.js debug hook), then each re-run alone: its wall time (second of
// two runs), its buffers (EXPLAIN (ANALYZE, BUFFERS, TIMING OFF)), and for a page the split between
// finding the candidates and scoring them (EXPLAIN ANALYZE). Summed by kind of statement. Reads
// only. Not part of the test command.
//
//   bun bench/search-profile.ts --database-url postgres://postgres@127.0.0.1:5432/ed_bench_100k --n 150 --seed 2
//     [--q "Trial lesson" … --query '{"country":"DE","language":"en"}' --verbose --plans plans.md]
import { parseArgs } from "node:util";
import { openDatabase } from "../src/db/connect.ts";
import { expertUrls } from "../src/experts/urls.ts";
import { searchExperts } from "../src/search/search.ts";
import { searchStores } from "../src/search/stores.ts";
import { ParsedQueries } from "../src/search/parsed-queries.ts";
import { CountCache } from "../src/search/count-cache.ts";
import { AnswerCache } from "../src/search/answer-cache.ts";
import { searchDepsFor } from "../test/support/search.ts";
import { fuzzQueries } from "./fuzz-queries.ts";
import { percentile } from "./lib/stats.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    "database-url": { type: "string" },
    n: { type: "string", default: "100" },
    seed: { type: "string", default: "1" },
    q: { type: "string", multiple: true },
    verbose: { type: "boolean", default: false },
    plans: { type: "string" },
    query: { type: "string" },
  },
});
const db = await openDatabase({ databaseUrl: values["database-url"]!, dataDir: "memory://" });
const sql = db.sql as any;
let recorded: { sql: string; params: unknown[] }[] = [];
sql.options.debug = (_c: number, text: string, params: unknown[]) => recorded.push({ sql: text, params: [...params] });
const stores = searchStores();
const urls = expertUrls(() => "http://bench.invalid");
const queries = values.q?.length ? values.q : fuzzQueries(Number(values.n), Number(values.seed));
const kinds = new Map<string, { n: number; plan: number; exec: number; buffers: number }>();
const kindOf = (s: string) => {
  if (/count\(\*\)::int as count/.test(s)) return /listed_search_docs/.test(s) ? "count words" : "count rest";
  if (/with strict as materialized/.test(s)) return "page (several groups)";
  if (/with banded as materialized/.test(s)) return "page (band)";
  if (/order by score desc/.test(s)) return "page (one group)";
  if (
    /order by e\.rating desc nulls last, e\.id\s*limit/.test(s) &&
    /select .* from \(\s*select e\.id, 0::float8/s.test(s)
  )
    return "page (no q)";
  if (/search_lexicon/.test(s)) return "lexicon";
  return s.replace(/\s+/g, " ").slice(0, 60);
};
const plansOut: string[] = [];
const split = { candidates: 0, scoring: 0, total: 0, planning: 0, n: 0 };
const all: { q: string; kind: string; ms: number; buffers: number; dense: boolean; probe?: boolean; path?: string }[] =
  [];
let searches = 0;
let wall = 0;
for (const q of queries) {
  stores.totals = new CountCache();
  stores.answers = new AnswerCache();
  stores.parsed = new ParsedQueries();
  const deps = searchDepsFor(db.sql, urls, stores);
  const extra = values.query ? JSON.parse(values.query) : {};
  await searchExperts(deps, { q, limit: 10, ...extra }); // warm vocabulary etc.
  stores.totals = new CountCache();
  stores.answers = new AnswerCache();
  stores.parsed = new ParsedQueries();
  recorded = [];
  const t = performance.now();
  await searchExperts(searchDepsFor(db.sql, urls, stores), { q, limit: 10, ...extra });
  wall += performance.now() - t;
  searches++;
  const statements = recorded.filter(
    (r) => !/directory_version|search_vocabulary_state|pg_stats|pg_class c/.test(r.sql),
  );
  sql.options.debug = undefined;
  const line: string[] = [];
  for (const st of statements) {
    if (/^\s*(begin|commit|set)\b/i.test(st.sql)) continue;
    const explain = `explain (analyze, buffers, timing off, format json) ${st.sql}`;
    const [row] = await sql.unsafe(explain, st.params);
    const [plan] = row["QUERY PLAN"];
    // Wall time of the statement itself (simple protocol, planned with its values as the server does).
    await sql.unsafe(st.sql, st.params);
    const t0 = performance.now();
    await sql.unsafe(st.sql, st.params);
    const wallMs = performance.now() - t0;
    plan["Execution Time"] = wallMs;
    plan["Planning Time"] = 0;
    const kind = kindOf(st.sql);
    if (kind.startsWith("page")) {
      const [row2] = await sql.unsafe(`explain (analyze, format json) ${st.sql}`, st.params);
      const [p2] = row2["QUERY PLAN"];
      const find = (n: any): any => {
        if (
          n["Node Type"] === "Nested Loop" &&
          n.Plans?.[1]?.["Relation Name"] === "experts" &&
          n.Plans[1]["Actual Loops"] >= 50
        )
          return n;
        for (const c of n.Plans ?? []) {
          const f = find(c);
          if (f) return f;
        }
        return null;
      };
      const nl = find(p2.Plan);
      if (nl) {
        split.candidates += nl.Plans[0]["Actual Total Time"];
        split.scoring += nl["Actual Total Time"] - nl.Plans[0]["Actual Total Time"];
        split.total += p2["Execution Time"];
        split.planning += p2["Planning Time"];
        split.n++;
      }
    }
    const k = kinds.get(kind) ?? { n: 0, plan: 0, exec: 0, buffers: 0 };
    const buffers = (plan.Plan["Shared Hit Blocks"] ?? 0) + (plan.Plan["Shared Read Blocks"] ?? 0);
    kinds.set(kind, {
      n: k.n + 1,
      plan: k.plan + plan["Planning Time"],
      exec: k.exec + plan["Execution Time"],
      buffers: k.buffers + buffers,
    });
    all.push({
      q,
      kind,
      ms: plan["Planning Time"] + plan["Execution Time"],
      buffers,
      dense: JSON.stringify(plan).includes('"Actual Rows":10001'),
      probe: /with probe as materialized/.test(st.sql),
      path: /with probe as materialized/.test(st.sql)
        ? "rating band, probed"
        : /few as materialized/.test(st.sql)
          ? "bestRated, listed first"
          : /with first as materialized/.test(st.sql)
            ? "bestRated"
            : /from listed_search_docs/.test(st.sql)
              ? "sparse (listed_search_docs)"
              : "other",
    });
    line.push(`${kind} ${plan["Planning Time"].toFixed(1)}+${plan["Execution Time"].toFixed(1)}ms ${buffers}b`);
    if (values.plans) {
      const [text] = await sql
        .unsafe(`explain (analyze, buffers) ${st.sql}`, st.params)
        .then((rows: any[]) => [rows.map((r) => r["QUERY PLAN"]).join("\n")]);
      plansOut.push(`## ${q} — ${kind}\n\n\`\`\`\n${text}\n\`\`\`\n`);
    }
  }
  if (values.verbose) console.log(`${q}: ${line.join(" | ")}`);
  sql.options.debug = (_c: number, text: string, params: unknown[]) =>
    recorded.push({ sql: text, params: [...params] });
}
console.log(`${searches} searches, wall ${(wall / searches).toFixed(2)} ms a search`);
console.log("| kind | statements | plan ms/search | exec ms/search | buffers/search |");
for (const [k, v] of [...kinds].sort((a, b) => b[1].exec + b[1].plan - a[1].exec - a[1].plan))
  console.log(
    `| ${k} | ${v.n} | ${(v.plan / searches).toFixed(2)} | ${(v.exec / searches).toFixed(2)} | ${(v.buffers / searches).toFixed(0)} |`,
  );
all.sort((a, b) => b.ms - a.ms);
console.log(
  `page split (EXPLAIN ANALYZE, ${split.n} pages): candidates ${(split.candidates / split.n).toFixed(2)} scoring+fetch ${(split.scoring / split.n).toFixed(2)} total exec ${(split.total / split.n).toFixed(2)} planning ${(split.planning / split.n).toFixed(2)} ms a page`,
);
for (const a of all.slice(0, 25))
  console.log(`${a.ms.toFixed(1)} ms ${a.buffers}b ${a.kind}${a.dense ? " (count dense)" : ""}: ${a.q}`);
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
{
  const c = all.filter((a) => a.kind === "count words");
  console.log(
    `count words dense: ${c.filter((a) => a.dense).length} of ${c.length}, ms/search dense ${(sum(c.filter((a) => a.dense).map((a) => a.ms)) / searches).toFixed(2)} sparse ${(sum(c.filter((a) => !a.dense).map((a) => a.ms)) / searches).toFixed(2)}`,
  );
  const pg = all.filter((a) => a.kind.startsWith("page"));
  const probe = pg.filter((a) => a.probe);
  for (const path of [
    "rating band, probed",
    "bestRated, listed first",
    "bestRated",
    "sparse (listed_search_docs)",
    "other",
  ]) {
    const xs = pg.filter((a) => a.path === path).map((a) => a.ms);
    console.log(
      `path ${path}: ${xs.length} pages, ms/search ${(sum(xs) / searches).toFixed(2)}, mean ${(sum(xs) / Math.max(1, xs.length)).toFixed(1)}`,
    );
  }
  console.log(
    `pages with probe: ${probe.length} of ${pg.length}, ms/search ${(sum(probe.map((a) => a.ms)) / searches).toFixed(2)} others ${(sum(pg.filter((a) => !a.probe).map((a) => a.ms)) / searches).toFixed(2)}`,
  );
}
for (const k of new Set(all.map((a) => a.kind))) {
  const xs = all.filter((a) => a.kind === k).map((a) => a.ms);
  console.log(
    `${k}: n ${xs.length} sum/search ${(sum(xs) / searches).toFixed(2)} p50 ${percentile(xs, 0.5).toFixed(1)} p90 ${percentile(xs, 0.9).toFixed(1)} top10% share ${(sum(xs.sort((a, b) => b - a).slice(0, Math.ceil(xs.length / 10))) / sum(xs)).toFixed(2)}`,
  );
}
if (values.plans) await Bun.write(values.plans, plansOut.join("\n"));
await db.close();
