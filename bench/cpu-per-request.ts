// Milliseconds of the server's CPU per request, beside a bare Bun.serve answering a body of the
// same size and type: what issue 13's "≤ 0.05 ms of JavaScript per request beyond the bare server"
// is measured with. Not part of the test command.
//
//   createdb -h 127.0.0.1 -U postgres ed_js_bench
//   bun bench/cpu-per-request.ts --database-url postgres://postgres@127.0.0.1:5432/ed_js_bench \
//     [--experts 10000] [--connections 32] [--seconds 8] [--executable dist/expert-directory] [--only profile,search-q]
//
// A database without experts gets `--experts` synthetic ones (bench/synthetic.ts) first. The
// server runs as its own process (`bun src/main.ts`, or the built executable with --executable)
// with WORKERS=1, RATE_LIMITS=off and the production LOG_LEVEL (info: one log line per request,
// written to /dev/null). For each request: a warm-up, then `wrk -t1 -c32`; the server's CPU time
// (utime + stime from /proc, with any child processes) over the run is divided by the requests
// wrk counted. The same for bench/bare-server.ts with the body the server sent for that URL.
// The server's CPU includes the postgres.js client (writing queries, parsing rows): that is the
// server's JavaScript too. PostgreSQL's backends are reported beside it, not in it.
import { mkdirSync, writeFileSync } from "node:fs";
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
    connections: { type: "string", default: "32" },
    seconds: { type: "string", default: "8" },
    warmup: { type: "string", default: "2" },
    port: { type: "string", default: String(20000 + Math.floor(Math.random() * 20000)) },
    executable: { type: "string" },
    only: { type: "string" },
  },
});
const databaseUrl = values["database-url"];
if (!databaseUrl) throw new Error("--database-url is required");
const databaseName = new URL(databaseUrl).pathname.slice(1);
const port = Number(values.port);
const barePort = port + 1;
const scratch = join(import.meta.dir, "..", ".scratch");
mkdirSync(scratch, { recursive: true });

const { slug, total } = await benchDirectory(databaseUrl, Number(values.experts));

const requests: [string, string][] = [
  ["healthz", "/healthz"],
  // The floor of a request that reads the database: the hook chain and one `select 1` through postgres.js.
  ["readyz", "/readyz"],
  ["profile", `/api/agents/experts/${slug}`],
  ["availability", `/api/agents/experts/${slug}/availability`],
  ["search-q", "/api/agents/experts?q=lawyer&limit=10"],
  ["search-filters", "/api/agents/experts?category=legal&country=US&limit=10"],
];
const only = values.only?.split(",");
const chosen = requests.filter(([name]) => !only || only.includes(name));

async function waitFor(url: string) {
  for (let i = 0; i < 300; i++) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await Bun.sleep(100);
  }
  throw new Error(`${url} did not answer`);
}

const server = Bun.spawn(values.executable ? [values.executable] : ["bun", join(import.meta.dir, "..", "src", "main.ts")], {
  env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: databaseUrl, PORT: String(port), WORKERS: "1", RATE_LIMITS: "off" },
  stdout: "ignore",
  stderr: Bun.file("/dev/null"),
});
const base = `http://127.0.0.1:${port}`;
await waitFor(`${base}/readyz`);

const warmUp = (url: string) =>
  Bun.spawn(["wrk", "-t", "1", "-c", values.connections!, "-d", `${values.warmup}s`, url], { stdout: "ignore" }).exited;

/** Server CPU ms per request over one wrk run (after a warm-up), and PostgreSQL's beside it. */
async function measure(pid: number, url: string, withBackends: boolean) {
  await warmUp(url);
  const pids = [pid, ...childrenOf(pid)];
  const before = { server: cpuSecondsOf(pids), pg: withBackends ? cpuSecondsOf(backendsOf(databaseName)) : 0 };
  const r = await runWrk(url, { connections: Number(values.connections), seconds: Number(values.seconds) });
  const server = cpuSecondsOf(pids) - before.server;
  const pg = withBackends ? cpuSecondsOf(backendsOf(databaseName)) - before.pg : 0;
  return { ...r, msPerRequest: (server * 1000) / r.requests, pgMsPerRequest: (pg * 1000) / r.requests };
}

const load = () => (require("node:os") as typeof import("node:os")).loadavg().map((l) => l.toFixed(2)).join(" ");
console.log(`${total} experts, wrk -t1 -c${values.connections} -d${values.seconds}s, ${navigator.hardwareConcurrency} cores, load average at start ${load()}`);
console.log("| request | body bytes | server req/s | server CPU ms/req | PostgreSQL CPU ms/req | bare req/s | bare CPU ms/req | server − bare ms/req | non-2xx |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const [name, path] of chosen) {
  const sample = await fetch(`${base}${path}`);
  const body = new Uint8Array(await sample.arrayBuffer());
  const bodyFile = join(scratch, `cpu-body-${name}`);
  writeFileSync(bodyFile, body);
  const s = await measure(server.pid, `${base}${path}`, true);
  const bare = Bun.spawn(["bun", join(import.meta.dir, "bare-server.ts"), "--port", String(barePort), "--body-file", bodyFile, "--content-type", sample.headers.get("content-type") ?? "application/json"], { stdout: "ignore", stderr: "inherit" });
  await waitFor(`http://127.0.0.1:${barePort}/`);
  const b = await measure(bare.pid, `http://127.0.0.1:${barePort}${path}`, false);
  bare.kill("SIGTERM");
  await bare.exited;
  const f = (x: number) => x.toFixed(3);
  console.log(
    `| ${name} | ${body.byteLength} | ${Math.round(s.rps).toLocaleString("en")} | ${f(s.msPerRequest)} | ${f(s.pgMsPerRequest)} | ${Math.round(b.rps).toLocaleString("en")} | ${f(b.msPerRequest)} | ${f(s.msPerRequest - b.msPerRequest)} | ${s.non2xx} |`,
  );
}
console.log(`load average at end ${load()}`);
server.kill("SIGTERM");
await server.exited;
