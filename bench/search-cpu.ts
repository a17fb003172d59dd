// CPU per search that is not remembered (issue 22: "≤ 3 ms of CPU a search at 100k, server +
// PostgreSQL"), for one or more checkouts measured alternately in one run, so the machine's load
// (shared, noisy) falls on each the same. Not part of the test command.
//
//   bun bench/search-cpu.ts --database-url postgres://postgres@127.0.0.1:5432/ed_bench_100k \
//     [--root /path/to/before --root .] [--rounds 3] [--seconds 10] [--connections 16]
//
//   … --rotation unique [--queries 6000]: every request a query of its own (bench/fuzz-queries.ts,
//   500 of each seed from 1, limit 10), each run going on where the last stopped: nothing parsed,
//   counted or answered before (while the runs send fewer than there are), as most agents' queries are. The default rotation (`serve`) is bench:serve's, with counts remembered.
//
// Each checkout's server (`bun ROOT/src/main.ts`, WORKERS=1, RATE_LIMITS=off, LOG_LEVEL=warn) runs
// one at a time, on the database of the same position (one --database-url for all, or one per
// --root: a checkout before a migration on a copy that does not have it, e.g. `createdb -T`); the rotation is bench:serve's "search q (not remembered)"
// (bench/lib/endpoints.ts: 4 queries × limit 1–20 × pages 0–7, 640 distinct answers, more than a
// worker remembers), warmed as bench:serve warms it (the totals and parses a steady state holds).
// Per run: wrk's requests, the server's CPU (utime + stime of its processes, the postgres.js client
// included) and PostgreSQL's (the backends connected to the database) over them, and statements
// per request from PostgreSQL's transaction counter. The database should be one no one else uses
// during the run: its backends' CPU is counted by its name.
import { mkdirSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { fuzzQueries } from "./fuzz-queries.ts";
import { benchEndpoints, type Endpoint, writeWrkScript } from "./lib/endpoints.ts";
import { backendsOf, childrenOf, cpuSecondsOf } from "./lib/proc.ts";
import { runWrk } from "./lib/wrk.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    "database-url": { type: "string", multiple: true },
    root: { type: "string", multiple: true },
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "16" },
    rotation: { type: "string", default: "serve" },
    queries: { type: "string", default: "6000" },
  },
});
const roots = (values.root?.length ? values.root : [join(import.meta.dir, "..")]).map((r) => resolve(r));
const databaseUrls = values["database-url"] ?? [];
if (databaseUrls.length !== 1 && databaseUrls.length !== roots.length)
  throw new Error("--database-url: one for every --root, or one for all");
const urlOf = (i: number) => databaseUrls[databaseUrls.length === 1 ? 0 : i];
const nameOf = (url: string) => new URL(url).pathname.slice(1);
const scratch = join(import.meta.dir, "..", ".scratch");
mkdirSync(scratch, { recursive: true });

const stats = databaseUrls.map((url) => postgres(url, { max: 1, onnotice: () => {} }));
const served = (await benchEndpoints(stats[0])).find((e) => e.name === "search q (not remembered)")!;
// Unique: distinct queries, each asked once (a repeat in the generator's output is asked again, and may be remembered).
const unique = [
  ...new Set(Array.from({ length: Math.ceil(Number(values.queries) / 500) }, (_, i) => fuzzQueries(500, i + 1)).flat()),
];
const endpoint: Endpoint =
  values.rotation === "unique"
    ? {
        name: "search q (unique)",
        about: `${unique.length} distinct generated queries (bench/fuzz-queries.ts, 500 of each seed from 1), limit 10`,
        requests: unique.map((q) => ({
          method: "GET",
          path: `/api/agents/experts?q=${encodeURIComponent(q)}&limit=10`,
        })),
        notRemembered: { warm: [] },
      }
    : served;
// Where each server is in the rotation: a run goes on from there (wrk's script starts at `start`).
const sent = new Map<number, number>();
const scriptFor = (server: number) =>
  writeWrkScript(join(scratch, `search-cpu-${server}.lua`), endpoint.requests, sent.get(server) ?? 0);
const advance = (server: number, requests: number) => sent.set(server, (sent.get(server) ?? 0) + requests);

// PostgreSQL flushes the transaction counters about once a second: read after a pause.
async function transactions(i: number): Promise<number> {
  await Bun.sleep(1100);
  const [{ n }] = await stats[databaseUrls.length === 1 ? 0 : i]<{ n: string }[]>`
    select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()`;
  return Number(n);
}

async function start(root: string, port: number, databaseUrl: string): Promise<Bun.Subprocess> {
  const server = Bun.spawn(["bun", join(root, "src", "main.ts")], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      WORKERS: "1",
      RATE_LIMITS: "off",
      LOG_LEVEL: "warn",
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`${root}: the server exited (${server.exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      for (const r of endpoint.notRemembered!.warm) await (await fetch(`http://127.0.0.1:${port}${r.path}`)).text();
      return server;
    }
    await Bun.sleep(100);
  }
  throw new Error(`${root}: the server did not become ready`);
}

const basePort = 20000 + Math.floor(Math.random() * 20000);
const servers = [];
for (const [i, root] of roots.entries())
  servers.push({
    i,
    root,
    database: nameOf(urlOf(i)),
    port: basePort + i,
    proc: await start(root, basePort + i, urlOf(i)),
  });

const seconds = Number(values.seconds);
const connections = Number(values.connections);
console.log(
  `${[...new Set(databaseUrls.map(nameOf))].join(", ")}, wrk -t1 -c${connections} -d${seconds}s over ${endpoint.requests.length} distinct searches (${endpoint.about}), load average at start ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log(
  "| round | checkout | req/s | p50 ms | p99 ms | server CPU ms/req | PostgreSQL CPU ms/req | total | statements/req |",
);
console.log("|---:|---|---:|---:|---:|---:|---:|---:|---:|");
const sums = new Map<string, { requests: number; server: number; pg: number; statements: number }>();
try {
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const s of servers) {
      const url = `http://127.0.0.1:${s.port}/`;
      const warm = await runWrk(url, {
        connections,
        seconds: Number(values.warmup),
        script: scriptFor(s.i),
        timeout: 10,
      });
      advance(s.i, warm.requests);
      const script = scriptFor(s.i);
      const pids = [s.proc.pid, ...childrenOf(s.proc.pid)];
      const xacts = await transactions(s.i);
      const before = { server: cpuSecondsOf(pids), pg: cpuSecondsOf(backendsOf(s.database)) };
      const r = await runWrk(url, { connections, seconds, script, timeout: 10 });
      advance(s.i, r.requests);
      const server = cpuSecondsOf(pids) - before.server;
      const pg = cpuSecondsOf(backendsOf(s.database)) - before.pg;
      // Two of the counted transactions are this script's own reads of the counter.
      const statements = Math.max(0, (await transactions(s.i)) - xacts - 2);
      const sum = sums.get(s.root) ?? { requests: 0, server: 0, pg: 0, statements: 0 };
      sums.set(s.root, {
        requests: sum.requests + r.requests,
        server: sum.server + server,
        pg: sum.pg + pg,
        statements: sum.statements + statements,
      });
      const f = (x: number) => ((x * 1000) / r.requests).toFixed(2);
      console.log(
        `| ${round} | ${s.root} | ${Math.round(r.rps)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${f(server)} | ${f(pg)} | ${f(server + pg)} | ${(statements / r.requests).toFixed(2)} |${r.non2xx ? ` ${r.non2xx} non-2xx` : ""}`,
      );
    }
  }
  console.log("\nAll rounds:");
  console.log("| checkout | server CPU ms/req | PostgreSQL CPU ms/req | total | statements/req |");
  console.log("|---|---:|---:|---:|---:|");
  for (const [root, s] of sums) {
    const f = (x: number) => ((x * 1000) / s.requests).toFixed(2);
    console.log(
      `| ${root} | ${f(s.server)} | ${f(s.pg)} | ${f(s.server + s.pg)} | ${(s.statements / s.requests).toFixed(2)} |`,
    );
  }
  console.log(
    `load average at end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
} finally {
  for (const s of servers) {
    s.proc.kill("SIGTERM");
    await s.proc.exited;
  }
  for (const s of stats) await s.end();
}
