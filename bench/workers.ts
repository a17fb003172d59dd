// WORKERS=1 against WORKERS=N on the built executable, on profile and search, with the CPU split
// between the server's processes, PostgreSQL's backends of its database, and the load generator
// (wrk, a separate process on the same machine). Not part of the test command.
//
//   bun run build
//   bun bench/workers.ts --database-url postgres://postgres@127.0.0.1:5432/ed_bench_workers \
//     [--experts 10000] [--workers 2] [--connections 64] [--seconds 10]
//
// A database without experts gets `--experts` synthetic ones (bench/synthetic.ts) first.
import { join } from "node:path";
import { parseArgs } from "node:util";
import { backendsOf, childrenOf, cpuSecondsOf } from "./lib/proc.ts";
import { benchDirectory } from "./lib/directory.ts";
import { runWrk } from "./lib/wrk.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    "database-url": { type: "string" },
    experts: { type: "string", default: "10000" },
    workers: { type: "string", default: "2" },
    connections: { type: "string", default: "64" },
    seconds: { type: "string", default: "10" },
    port: { type: "string", default: "3972" },
    executable: { type: "string", default: join(import.meta.dir, "..", "dist", "expert-directory") },
    // A checkout's server from source (bun ROOT/src/main.ts) instead of the executable: before and after in one sitting.
    root: { type: "string" },
  },
});
const databaseUrl = values["database-url"];
if (!databaseUrl) throw new Error("--database-url is required");
const databaseName = new URL(databaseUrl).pathname.slice(1);
const base = `http://127.0.0.1:${values.port}`;

const { slug, total } = await benchDirectory(databaseUrl, Number(values.experts));

const backends = () => backendsOf(databaseName);
const sum = cpuSecondsOf;
const wrk = (path: string) =>
  runWrk(`${base}${path}`, { connections: Number(values.connections), seconds: Number(values.seconds) });

async function serve(workers: number) {
  const command = values.root ? [process.execPath, join(values.root, "src", "main.ts")] : [values.executable!];
  const proc = Bun.spawn(command, {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      PORT: values.port,
      WORKERS: String(workers),
      RATE_LIMITS: "off",
      LOG_LEVEL: "warn",
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return proc;
    await Bun.sleep(100);
  }
  throw new Error("server did not start");
}

// /healthz touches no database: where the server's JavaScript alone is the limit.
const paths: [string, string][] = [
  ["healthz", "/healthz"],
  ["profile", `/api/agents/experts/${slug}`],
  ["search q", "/api/agents/experts?q=lawyer&limit=10"],
  // Repeated: remembered after the warm-up (issue 18 asks for its req/s with 1 and 2 workers).
  ["search q, remembered", "/api/agents/experts?q=family%20lawyer&limit=10"],
];
console.log(
  `${total} experts, ${values.connections} connections, ${values.seconds} s a run, ${navigator.hardwareConcurrency} cores`,
);
console.log(
  "| request | workers | req/s | p50 ms | p99 ms | CPU: server | PostgreSQL | wrk (load generator) | non-2xx |",
);
console.log("|---|---|---|---|---|---|---|---|---|");
for (const workers of [1, Number(values.workers)]) {
  const server = await serve(workers);
  const serverPids = () => [server.pid, ...childrenOf(server.pid)];
  for (const [name, path] of paths) {
    await Bun.spawn(["wrk", "-t", "1", "-c", values.connections!, "-d", "3s", `${base}${path}`], { stdout: "ignore" })
      .exited; // warm-up
    const pids = serverPids();
    const pg = backends();
    const before = { server: sum(pids), pg: sum(pg) };
    const started = performance.now();
    const r = await wrk(path);
    const seconds = (performance.now() - started) / 1000;
    const share = (cpu: number) => `${((cpu / seconds) * 100).toFixed(0)}%`;
    console.log(
      `| ${name} | ${workers} | ${Math.round(r.rps).toLocaleString("en")} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${share(sum(pids) - before.server)} | ${share(sum(pg) - before.pg)} | ${share(r.wrkCpu)} | ${r.non2xx} |`,
    );
  }
  server.kill("SIGTERM");
  await server.exited;
}
console.log("(CPU: share of one core over the run; 200% = both cores of a 2-core machine.)");
