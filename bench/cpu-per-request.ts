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
import postgres from "postgres";

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
    // Another checkout's server (its src/main.ts), to measure before and after in one run.
    root: { type: "string" },
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

/** One request of the benchmark: a GET by default; `conditional` sends the ETag of a first answer (a 304). */
interface BenchCase {
  name: string;
  path: string;
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
  conditional?: boolean;
  /** The request needs an MCP session (Mcp-Session-Id), opened before the run. */
  mcp?: boolean;
}

const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const requests: BenchCase[] = [
  { name: "healthz", path: "/healthz" },
  // The floor of a request that reads the database: the hook chain and one `select 1` through postgres.js.
  { name: "readyz", path: "/readyz" },
  { name: "profile", path: `/api/agents/experts/${slug}` },
  { name: "profile-304", path: `/api/agents/experts/${slug}`, conditional: true },
  { name: "availability", path: `/api/agents/experts/${slug}/availability` },
  { name: "availability-304", path: `/api/agents/experts/${slug}/availability`, conditional: true },
  // Repeated: the answer is remembered after the warm-up.
  { name: "search-q", path: "/api/agents/experts?q=lawyer&limit=10" },
  { name: "search-filters", path: "/api/agents/experts?category=legal&country=US&limit=10" },
  {
    name: "mcp-search",
    path: "/api/mcp",
    method: "POST",
    mcp: true,
    headers: MCP_HEADERS,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "search_experts", arguments: { q: "lawyer", limit: 10 } },
    }),
  },
];
const only = values.only?.split(",");
const chosen = requests.filter(({ name }) => !only || only.includes(name));

async function waitFor(url: string, status = 200) {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(url).then(
        (r) => r.status === status,
        () => false,
      )
    )
      return;
    await Bun.sleep(100);
  }
  throw new Error(`${url} did not answer`);
}

const root = values.root ?? join(import.meta.dir, "..");
const server = Bun.spawn(values.executable ? [values.executable] : ["bun", join(root, "src", "main.ts")], {
  env: {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    WORKERS: "1",
    RATE_LIMITS: "off",
  },
  stdout: "ignore",
  stderr: Bun.file("/dev/null"),
});
const base = `http://127.0.0.1:${port}`;
await waitFor(`${base}/readyz`);

const warmUp = (url: string, script?: string) =>
  Bun.spawn(
    ["wrk", "-t", "1", "-c", values.connections!, "-d", `${values.warmup}s`, ...(script ? ["-s", script] : []), url],
    { stdout: "ignore" },
  ).exited;

/** A wrk Lua script sending this method, headers and body (every request the same). */
function wrkScript(name: string, method: string, headers: Record<string, string>, body?: string): string {
  const lua = [
    `wrk.method = ${JSON.stringify(method)}`,
    ...Object.entries(headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`),
    body === undefined ? "" : `wrk.body = ${JSON.stringify(body)}`,
    // A JSON-RPC body gets a new id per request: one session's requests in flight at once must not
    // share an id (the server could not tell their answers apart, and serves such a pair apart).
    body?.includes('"id":1,')
      ? `local n = 0\nrequest = function()\n  n = n + 1\n  return wrk.format(nil, nil, nil, (string.gsub(wrk.body, '"id":1,', '"id":' .. n .. ',', 1)))\nend`
      : "",
  ].join("\n");
  const file = join(scratch, `cpu-${name}.lua`);
  writeFileSync(file, lua);
  return file;
}

/** Opens an MCP session on the server (initialize + initialized); its id. */
async function mcpSession(): Promise<string> {
  const init = await fetch(`${base}/api/mcp`, {
    method: "POST",
    headers: MCP_HEADERS,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "cpu-bench", version: "1" } },
    }),
  });
  const id = init.headers.get("mcp-session-id");
  if (!init.ok || !id) throw new Error(`initialize failed: ${init.status} ${await init.text()}`);
  await fetch(`${base}/api/mcp`, {
    method: "POST",
    headers: { ...MCP_HEADERS, "mcp-session-id": id },
    body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
  });
  return id;
}

// Transactions the database counted (each statement outside a transaction is one): how many
// statements a request costs. PostgreSQL flushes these counters about once a second, so the
// figure is taken after a pause and is approximate by a second's worth of the benchmark's own.
const stats = postgres(databaseUrl, { max: 1, onnotice: () => {} });
async function transactions(): Promise<number> {
  await Bun.sleep(1100);
  const [{ n }] = await stats<{ n: string }[]>`
    select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()`;
  return Number(n);
}

/** Server CPU ms per request over one wrk run (after a warm-up), and PostgreSQL's beside it. */
async function measure(pid: number, url: string, withBackends: boolean, script?: string) {
  await warmUp(url, script);
  const pids = [pid, ...childrenOf(pid)];
  const xacts = withBackends ? await transactions() : 0;
  const before = { server: cpuSecondsOf(pids), pg: withBackends ? cpuSecondsOf(backendsOf(databaseName)) : 0 };
  const r = await runWrk(url, { connections: Number(values.connections), seconds: Number(values.seconds), script });
  const server = cpuSecondsOf(pids) - before.server;
  const pg = withBackends ? cpuSecondsOf(backendsOf(databaseName)) - before.pg : 0;
  // Two of the counted transactions are this script's own reads of the counter.
  const statements = withBackends ? Math.max(0, (await transactions()) - xacts - 2) / r.requests : 0;
  return { ...r, msPerRequest: (server * 1000) / r.requests, pgMsPerRequest: (pg * 1000) / r.requests, statements };
}

const load = () =>
  (require("node:os") as typeof import("node:os"))
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
console.log(
  `${total} experts, wrk -t1 -c${values.connections} -d${values.seconds}s, ${navigator.hardwareConcurrency} cores, load average at start ${load()}`,
);
console.log(
  "| request | body bytes | server req/s | server CPU ms/req | PostgreSQL CPU ms/req | bare req/s | bare CPU ms/req | server − bare ms/req | statements/req | non-2xx |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const c of chosen) {
  // identity: wrk sends no Accept-Encoding, and Bun's fetch would add one (and so another ETag).
  const headers: Record<string, string> = { "accept-encoding": "identity", ...c.headers };
  if (c.mcp) headers["mcp-session-id"] = await mcpSession();
  const sample = await fetch(`${base}${c.path}`, { method: c.method ?? "GET", headers, body: c.body });
  const body = new Uint8Array(await sample.arrayBuffer());
  if (!sample.ok) throw new Error(`${c.name}: ${sample.status} ${new TextDecoder().decode(body)}`);
  if (c.conditional) headers["if-none-match"] = sample.headers.get("etag") ?? "";
  const status = c.conditional ? (await fetch(`${base}${c.path}`, { headers })).status : sample.status;
  if (c.conditional && status !== 304) throw new Error(`${c.name}: expected 304, got ${status}`);
  const script = wrkScript(c.name, c.method ?? "GET", headers, c.body);
  const bodyFile = join(scratch, `cpu-body-${c.name}`);
  writeFileSync(bodyFile, body);
  const s = await measure(server.pid, `${base}${c.path}`, true, script);
  const bare = Bun.spawn(
    [
      "bun",
      join(import.meta.dir, "bare-server.ts"),
      "--port",
      String(barePort),
      "--body-file",
      bodyFile,
      "--status",
      String(status),
      "--content-type",
      sample.headers.get("content-type") ?? "application/json",
    ],
    { stdout: "ignore", stderr: "inherit" },
  );
  await waitFor(`http://127.0.0.1:${barePort}/`, status);
  const b = await measure(bare.pid, `http://127.0.0.1:${barePort}${c.path}`, false, script);
  bare.kill("SIGTERM");
  await bare.exited;
  const f = (x: number) => x.toFixed(3);
  console.log(
    `| ${c.name} | ${body.byteLength} | ${Math.round(s.rps).toLocaleString("en")} | ${f(s.msPerRequest)} | ${f(s.pgMsPerRequest)} | ${Math.round(b.rps).toLocaleString("en")} | ${f(b.msPerRequest)} | ${f(s.msPerRequest - b.msPerRequest)} | ${s.statements.toFixed(2)} | ${s.non2xx} |`,
  );
}
console.log(`load average at end ${load()}`);
server.kill("SIGTERM");
await server.exited;
await stats.end();
