// PostgreSQL's CPU per search that is not remembered, from the backend itself (issue 22, BENCHMARKS.md "CPU per
// search that runs"): generated queries through searchExperts on one connection, each with fresh totals, answers and
// parses, the backend's CPU read from /proc/<pid>/schedstat (nanoseconds: PostgreSQL must run on this machine). Then
// every statement the search sent, again alone and sent as the server sends it (unnamed: Parse/Describe, then
// Bind/Execute), split into its Parse/Describe, and its planning and execution by EXPLAIN (ANALYZE, TIMING OFF); and
// as a named statement's second execution planned with its values (plan_cache_mode force_custom_plan): what preparing
// would save. Also each statement's estimated cost against jit_above_cost, and any "JIT" an EXPLAIN reports. Reads
// only. Not part of the test command.
//
//   bun bench/search-backend-cpu.ts --database-url postgres://postgres@127.0.0.1:5432/ed_bench_100k --n 150 --seed 2
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { openDatabase } from "../src/db/connect.ts";
import { expertUrls } from "../src/experts/urls.ts";
import { AnswerCache } from "../src/search/answer-cache.ts";
import { CountCache } from "../src/search/count-cache.ts";
import { ParsedQueries } from "../src/search/parsed-queries.ts";
import { searchExperts } from "../src/search/search.ts";
import { searchStores } from "../src/search/stores.ts";
import { searchDepsFor } from "../test/support/search.ts";
import { fuzzQueries } from "./fuzz-queries.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    "database-url": { type: "string" },
    n: { type: "string", default: "150" },
    seed: { type: "string", default: "2" },
  },
});
const db = await openDatabase({ databaseUrl: values["database-url"]!, dataDir: "memory://", max: 1 });
const sql = db.sql as any;
const [{ pid, jit, above }] = await sql`
  select pg_backend_pid() as pid, current_setting('jit') as jit, current_setting('jit_above_cost')::float8 as above`;
const cpu = () => Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
let recorded: { sql: string; params: unknown[] }[] = [];
const record = (_c: number, text: string, params: unknown[]) => recorded.push({ sql: text, params: [...params] });
const stores = searchStores();
const urls = expertUrls(() => "http://bench.invalid");
const kindOf = (s: string) => {
  if (/count\(\*\)::int as count/.test(s)) return /listed_search_docs/.test(s) ? "count words" : "count rest";
  if (/with strict as materialized|with banded as materialized|order by score desc/.test(s)) return "page";
  if (/search_lexicon/.test(s)) return "lexicon";
  return s.replace(/\s+/g, " ").trim().slice(0, 40);
};
const fresh = () => {
  stores.totals = new CountCache();
  stores.answers = new AnswerCache();
  stores.parsed = new ParsedQueries();
};
type Sums = { n: number; again: number; parse: number; plan: number; exec: number; named: number };
const kinds = new Map<string, Sums>();
const texts = new Set<string>();
const costs: { q: string; kind: string; cost: number }[] = [];
let whole = 0;
let again = 0;
let jitted = 0;
const queries = fuzzQueries(Number(values.n), Number(values.seed));
for (const q of queries.slice(0, 20)) await searchExperts(searchDepsFor(db.sql, urls, stores), { q, limit: 10 });
for (const q of queries) {
  fresh();
  recorded = [];
  sql.options.debug = record;
  const c0 = cpu();
  await searchExperts(searchDepsFor(db.sql, urls, stores), { q, limit: 10 });
  whole += cpu() - c0;
  sql.options.debug = undefined;
  for (const st of recorded) {
    const kind = kindOf(st.sql);
    const k = kinds.get(kind) ?? { n: 0, again: 0, parse: 0, plan: 0, exec: 0, named: 0 };
    k.n++;
    texts.add(st.sql);
    let c = cpu();
    await sql.unsafe(st.sql, st.params, { prepare: false }).describe();
    k.parse += cpu() - c;
    c = cpu();
    await sql.unsafe(st.sql, st.params, { prepare: false });
    const alone = cpu() - c;
    k.again += alone;
    again += alone;
    await sql.unsafe("set plan_cache_mode = force_custom_plan");
    await sql.unsafe(st.sql, st.params, { prepare: true });
    c = cpu();
    await sql.unsafe(st.sql, st.params, { prepare: true });
    k.named += cpu() - c;
    await sql.unsafe("reset plan_cache_mode");
    if (/^\s*(select|with)\b/i.test(st.sql)) {
      const [row] = await sql.unsafe(`explain (analyze, timing off, summary on, format json) ${st.sql}`, st.params, {
        prepare: false,
      });
      const plan = row["QUERY PLAN"][0];
      k.plan += plan["Planning Time"];
      k.exec += plan["Execution Time"];
      if (plan.JIT) jitted++;
      costs.push({ q, kind, cost: plan.Plan["Total Cost"] });
    }
    kinds.set(kind, k);
  }
}
const n = queries.length;
const f = (x: number) => (x / n).toFixed(2);
console.log(`${n} searches (seed ${values.seed}), jit ${jit}, jit_above_cost ${above}`);
console.log(`backend CPU ${f(whole)} ms a search; its statements again, each alone: ${f(again)} ms`);
console.log(
  "| statement | a search | CPU alone ms | Parse/Describe ms | planning ms | execution ms | named, 2nd execution ms |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const [kind, k] of [...kinds].sort((a, b) => b[1].again - a[1].again))
  console.log(`| ${kind} | ${f(k.n)} | ${f(k.again)} | ${f(k.parse)} | ${f(k.plan)} | ${f(k.exec)} | ${f(k.named)} |`);
const named = [...kinds.values()].reduce((s, k) => s + k.named, 0);
console.log(`named statements planned with their values: ${f(named)} ms a search against ${f(again)} unnamed`);
console.log(`${texts.size} distinct statement texts of ${[...kinds.values()].reduce((s, k) => s + k.n, 0)} statements`);
costs.sort((a, b) => b.cost - a.cost);
console.log(
  `estimated cost: ${costs.filter((c) => c.cost > above).length} of ${costs.length} statements over jit_above_cost; EXPLAIN reported JIT for ${jitted}; dearest:`,
);
for (const c of costs.slice(0, 5)) console.log(`  ${c.cost.toFixed(0)} ${c.kind}: ${c.q}`);
await db.close();
