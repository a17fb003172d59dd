// PostgreSQL's CPU per unique search, this checkout against --baseline (another checkout, as search-fuzz.ts takes
// it), paired: each generated query (bench/fuzz-queries.ts) through both implementations' searchExperts one after the
// other (which goes first alternates), each on a connection of its own to the same database, with fresh totals,
// answers and parses, its backend's CPU read from /proc/<pid>/schedstat (PostgreSQL must run on this machine). On a
// machine shared with other work a change of a few percent drowns in the load between two runs; paired query by
// query, both see the same load. Also the statements a search sends, whether the answers are equal, and the CPU by the
// answer's kind (an exact total over 500, at most 500, or past the cap). Reads only. Not part of the test command.
//
//   bun bench/search-cpu-paired.ts --database-url postgres://postgres@127.0.0.1:5432/cpu_after --baseline /tmp/cpu-before \
//     [--n 150] [--seed 2] [--baseline-database-url …]
//
// --baseline-database-url: the baseline on another database (a copy before a migration, or another server: with
// --baseline . the same code against two servers' settings). Its backend must run on this machine too.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { fuzzQueries } from "./fuzz-queries.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    "database-url": { type: "string" },
    baseline: { type: "string" },
    "baseline-database-url": { type: "string" },
    n: { type: "string", default: "150" },
    seed: { type: "string", default: "2" },
  },
});
const databaseUrl = values["database-url"];
if (!databaseUrl || !values.baseline) throw new Error("--database-url and --baseline are required");

/** One checkout's searchExperts on a connection of its own, with its backend's CPU and statements counted. */
async function implementation(root: string, databaseUrl: string) {
  const { openDatabase } = await import(`${root}/src/db/connect.ts`);
  const { expertUrls } = await import(`${root}/src/experts/urls.ts`);
  const { AnswerCache } = await import(`${root}/src/search/answer-cache.ts`);
  const { CountCache } = await import(`${root}/src/search/count-cache.ts`);
  const { ParsedQueries } = await import(`${root}/src/search/parsed-queries.ts`);
  const { searchExperts } = await import(`${root}/src/search/search.ts`);
  const { searchStores } = await import(`${root}/src/search/stores.ts`);
  const { searchDepsFor } = await import(`${root}/test/support/search.ts`);
  const db = await openDatabase({ databaseUrl, dataDir: "memory://", max: 1 });
  const [{ pid }] = await db.sql`select pg_backend_pid() as pid`;
  const cpu = () => Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
  const stores = searchStores();
  const urls = expertUrls(() => "http://bench.invalid");
  const counted = { cpu: 0, statements: 0 };
  db.sql.options.debug = () => counted.statements++;
  return {
    root,
    counted,
    close: () => db.close(),
    async search(q: string) {
      stores.totals = new CountCache();
      stores.answers = new AnswerCache();
      stores.parsed = new ParsedQueries();
      const before = cpu();
      const answer = await searchExperts(searchDepsFor(db.sql, urls, stores), { q, limit: 10 });
      counted.cpu += cpu() - before;
      return answer as { total: number; total_is_exact: boolean };
    },
  };
}

const baseline = await implementation(resolve(values.baseline), values["baseline-database-url"] ?? databaseUrl);
const current = await implementation(resolve("."), databaseUrl);
const queries = fuzzQueries(Number(values.n), Number(values.seed));
// Not timed: the directory's pages into the cache, both implementations' modules compiled.
for (const q of queries.slice(0, 30)) for (const side of [baseline, current]) await side.search(q);
for (const side of [baseline, current]) Object.assign(side.counted, { cpu: 0, statements: 0 });

const load = loadavg().map((l) => l.toFixed(1));
const kinds = new Map<string, { n: number; baseline: number; current: number }>();
let differ = 0;
for (const [i, q] of queries.entries()) {
  const cpuBefore = [baseline.counted.cpu, current.counted.cpu];
  const [first, second] = i % 2 ? [current, baseline] : [baseline, current];
  const a = await first.search(q);
  const b = await second.search(q);
  if (JSON.stringify(a) !== JSON.stringify(b)) differ++;
  const kind = !a.total_is_exact ? "past the cap" : a.total > 500 ? "exact, over 500" : "exact, at most 500";
  const k = kinds.get(kind) ?? { n: 0, baseline: 0, current: 0 };
  k.n++;
  k.baseline += baseline.counted.cpu - cpuBefore[0];
  k.current += current.counted.cpu - cpuBefore[1];
  kinds.set(kind, k);
}
const n = queries.length;
const ms = (x: number, of = n) => (x / of).toFixed(2);
console.log(`${n} queries (seed ${values.seed}), load average ${load.join(" ")} → ${loadavg()[0].toFixed(1)}`);
console.log(`answers that differ: ${differ} of ${n}`);
console.log("| answer | queries | baseline ms | this checkout ms | ratio |");
console.log("|---|---:|---:|---:|---:|");
for (const [kind, k] of kinds)
  console.log(
    `| ${kind} | ${k.n} | ${ms(k.baseline, k.n)} | ${ms(k.current, k.n)} | ${(k.current / k.baseline).toFixed(3)} |`,
  );
const [b, c] = [baseline.counted, current.counted];
console.log(`| **all** | ${n} | ${ms(b.cpu)} | ${ms(c.cpu)} | ${(c.cpu / b.cpu).toFixed(3)} |`);
console.log(`statements a search: ${ms(b.statements)} → ${ms(c.statements)}`);
await baseline.close();
await current.close();
