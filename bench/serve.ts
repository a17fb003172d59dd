// Serving at size (issue 13): for each directory size, in one go, the two ceilings and the built
// server with 1 worker and with N, on search (q, filters, deep page), profile, availability and an
// MCP search_experts session. Writes a markdown report to stdout and bench/results/serve-<size>.json;
// `bun bench/chart.ts` turns those files into bench/results/serve.svg. Not part of the test command.
//
//   bun bench/generate.ts                 # ed_bench_10k, ed_bench_100k, ed_bench_1m (kept between runs)
//   bun run build                         # dist/expert-directory, the server under test
//   bun run bench:serve [--sizes 10k,100k,1m] [--seconds 10] [--connections 64] [--workers N]
//     [--only "search q,profile"] [--explain bench/results/explain-{size}.md] [--port P (default: a free one)]
//
// Per endpoint and size:
// - database ceiling: pgbench (-c connections, -j 2) running the statements the server sent for each
//   request of the rotation (bench/lib/capture.ts), with the server's session settings;
// - HTTP ceiling: bench/bare-server.ts answering the server's bytes for the rotation's first request;
// - the server: the executable with WORKERS=1 and WORKERS=N, DATABASE_URL, RATE_LIMITS=off.
// Both HTTP sides get the same wrk command (-t1, a warm-up, then the measured run) and the same Lua
// rotation. CPU is read from /proc: the server's processes, PostgreSQL's backends of the database,
// wrk/pgbench (the load generators share the machine's cores and are reported as such).
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../src/config.ts";
import { createLogger } from "../src/log.ts";
import { prepareDatabase } from "../src/prepare-database.ts";
import { databaseOf, SIZES } from "./generate.ts";
import { captureEndpoints } from "./lib/capture.ts";
import { explainCapture } from "./lib/explain.ts";
import { benchEndpoints, openMcpSession, withSession, writeWrkScript } from "./lib/endpoints.ts";
import { runPgbench, writeScripts } from "./lib/pgbench.ts";
import { backendsOf, childrenOf, cpuSecondsOf, memoryMiB } from "./lib/proc.ts";
import { type EndpointResult, type SizeResult, sizeReport } from "./lib/serve-report.ts";
import { runWrk } from "./lib/wrk.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    sizes: { type: "string", default: "10k,100k,1m" },
    server: { type: "string", default: "postgres://postgres@127.0.0.1:5432" },
    seconds: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "64" },
    workers: { type: "string", default: String(availableParallelism()) },
    only: { type: "string" },
    explain: { type: "string" },
    port: { type: "string" },
    executable: { type: "string", default: join(import.meta.dir, "..", "dist", "expert-directory") },
    out: { type: "string", default: join(import.meta.dir, "results") },
  },
});
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const connections = Number(values.connections);
// Other benchmarks share the machine: each process under test gets a port free right now (or
// --port), and a port that already answers is refused rather than measured.
let port = 0;
let base = "";
async function claimPort(): Promise<string> {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: Number(values.port ?? 0), socket: { data() {} } });
  port = probe.port;
  probe.stop(true);
  base = `http://127.0.0.1:${port}`;
  return String(port);
}
const scratch = join(import.meta.dir, "..", ".scratch", "serve");
mkdirSync(scratch, { recursive: true });
mkdirSync(values.out!, { recursive: true });
if (!(await Bun.file(values.executable!).exists()))
  throw new Error(`${values.executable} is missing: run \`bun run build\` first`);

async function waitReady(proc: Bun.Subprocess, what: string) {
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null)
      throw new Error(`${what} exited (${proc.exitCode}); is port ${port} taken by another process?`);
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      await Bun.sleep(200);
      if (proc.exitCode !== null)
        throw new Error(`${what} exited (${proc.exitCode}): port ${port} is answered by another process`);
      return;
    }
    await Bun.sleep(100);
  }
  throw new Error(`${what} did not become ready`);
}

async function stop(proc: Bun.Subprocess) {
  proc.kill("SIGTERM");
  const timer = setTimeout(() => proc.kill("SIGKILL"), 15_000);
  await proc.exited;
  clearTimeout(timer);
}

/** One wrk run on a process tree (after a warm-up), with the CPU split and RSS. */
async function measure(script: string, pids: () => number[], database: string) {
  await runWrk(`${base}/`, { connections, seconds: warmup, script, timeout: 10 });
  const server = pids();
  const pg = backendsOf(database);
  const before = { server: cpuSecondsOf(server), pg: cpuSecondsOf(pg) };
  const started = performance.now();
  let peak = { total: 0, largest: 0 };
  const sampler = setInterval(() => {
    const rss = server.map((pid) => memoryMiB(pid).rss);
    const total = rss.reduce((a, b) => a + b, 0);
    if (total > peak.total) peak = { total, largest: Math.max(...rss) };
  }, 500);
  const r = await runWrk(`${base}/`, { connections, seconds, script, timeout: 10 });
  clearInterval(sampler);
  const wall = (performance.now() - started) / 1000;
  const serverCpu = cpuSecondsOf(server) - before.server;
  // Backends opened during the run (a pool growing) count from zero.
  const pgCpu = cpuSecondsOf(backendsOf(database)) - before.pg;
  return {
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    requests: r.requests,
    non2xx: r.non2xx,
    errors: r.errors,
    serverCores: serverCpu / wall,
    pgCores: pgCpu / wall,
    wrkCores: r.wrkCpu / wall,
    cpuMsPerRequest: (serverCpu * 1000) / r.requests,
    rssMiB: peak.total,
    largestMiB: peak.largest,
  };
}

async function runSize(size: string): Promise<SizeResult> {
  const database = databaseOf(size);
  const databaseUrl = `${values.server}/${database}`;
  const load = [loadavg()[0]];
  // Migrations and search documents of this build first, outside any timing.
  const { db } = await prepareDatabase(
    loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" }),
    createLogger("warn"),
  );
  let endpoints = await benchEndpoints(db.sql);
  const [{ experts, visible }] = await db.sql<{ experts: number; visible: number }[]>`
    select count(*)::int as experts, (count(*) filter (where is_public and is_verified))::int as visible from experts`;
  await db.close();
  if (values.only) endpoints = endpoints.filter((e) => values.only!.split(",").includes(e.name));
  console.error(`${database}: ${experts} experts; capturing the server's SQL and answers`);
  const capture = await captureEndpoints(databaseUrl, endpoints);
  if (values.explain) {
    const file = values.explain.replace("{size}", size);
    writeFileSync(file, await explainCapture(databaseUrl, capture));
    console.error(`${database}: EXPLAIN (ANALYZE, BUFFERS) of each endpoint's statements in ${file}`);
  }

  const results: EndpointResult[] = [];
  for (const endpoint of endpoints) {
    const captured = capture.endpoints.get(endpoint.name)!;
    const bad = captured.filter((c) => c.status !== 200);
    if (bad.length)
      console.error(
        `${endpoint.name}: ${bad.map((c) => `${c.request.path} → ${c.status} ${new TextDecoder().decode(c.body).slice(0, 200)}`).join("; ")}`,
      );
    const name = endpoint.name.replace(/\W+/g, "-");
    console.error(`${database} ${endpoint.name}: database ceiling`);
    // pgbench takes at most 128 scripts: a longer rotation is sampled evenly.
    const step = Math.ceil(captured.length / 100);
    const scripts = writeScripts(
      scratch,
      `${size}-${name}`,
      captured.filter((_, i) => i % step === 0),
      endpoint.customPlans,
    );
    const dbCeiling = await runPgbench(databaseUrl, scripts, {
      clients: connections,
      seconds,
      settings: capture.sessionSettings,
    });
    console.error(`${database} ${endpoint.name}: HTTP ceiling`);
    const bodyFile = join(scratch, `${size}-${name}.body`);
    writeFileSync(bodyFile, captured[0].body);
    const bare = Bun.spawn(
      [
        "bun",
        join(import.meta.dir, "bare-server.ts"),
        "--port",
        await claimPort(),
        "--body-file",
        bodyFile,
        "--content-type",
        captured[0].contentType,
      ],
      { stdout: "ignore", stderr: "inherit" },
    );
    await waitReady(bare, "bare server");
    const script = writeWrkScript(join(scratch, `${size}-${name}.lua`), endpoint.requests);
    const httpCeiling = await measure(script, () => [bare.pid], database);
    await stop(bare);
    results.push({
      name: endpoint.name,
      about: endpoint.about,
      bodyBytes: captured[0].body.byteLength,
      statements: captured.map((c) => c.statements.length),
      capturedStatus: captured.map((c) => c.status),
      dbCeiling,
      httpCeiling,
      server: [],
    });
  }
  for (const workers of [...new Set([1, Number(values.workers)])]) {
    console.error(`${database}: the server, WORKERS=${workers}`);
    const server = Bun.spawn([values.executable!], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: databaseUrl,
        PORT: await claimPort(),
        HOST: "127.0.0.1",
        WORKERS: String(workers),
        RATE_LIMITS: "off",
        LOG_LEVEL: "warn",
      },
      stdout: "ignore",
      stderr: "inherit",
    });
    try {
      await waitReady(server, `the server (WORKERS=${workers})`);
      const session = await openMcpSession(base);
      for (const endpoint of endpoints) {
        const script = writeWrkScript(
          join(scratch, `${size}-${endpoint.name.replace(/\W+/g, "-")}-server.lua`),
          endpoint.requests.map((r) => withSession(r, session)),
        );
        const m = await measure(script, () => [server.pid, ...childrenOf(server.pid)], database);
        results.find((r) => r.name === endpoint.name)!.server.push({ workers, ...m });
        console.error(`  ${endpoint.name}: ${Math.round(m.rps)} req/s, p99 ${m.p99.toFixed(1)} ms`);
      }
    } finally {
      await stop(server);
    }
  }
  load.push(loadavg()[0]);
  return {
    size,
    database,
    experts,
    visible,
    date: new Date().toISOString(),
    seconds,
    warmup,
    connections,
    machine: { cores: availableParallelism(), cpu: cpus()[0]?.model ?? "?", loadBefore: load[0], loadAfter: load[1] },
    sessionSettings: capture.sessionSettings,
    endpoints: results,
  };
}

const sizes = values.sizes!.split(",").map((s) => s.trim().toLowerCase());
for (const s of sizes) if (!SIZES[s]) throw new Error(`unknown size ${s}; one of ${Object.keys(SIZES).join(", ")}`);
const started = performance.now();
for (const size of sizes) {
  const t = performance.now();
  const result = await runSize(size);
  writeFileSync(join(values.out!, `serve-${size}.json`), `${JSON.stringify(result, null, 2)}\n`);
  console.log(sizeReport(result));
  console.error(`${size}: ${((performance.now() - t) / 60000).toFixed(1)} min`);
}
console.error(
  `all: ${((performance.now() - started) / 60000).toFixed(1)} min; bun bench/chart.ts draws bench/results/serve.svg`,
);
