// Memory of the executable (issue 13): (a) the first start on an empty DATA_DIR (embedded PGlite:
// cluster, migrations, demo data) and a second start on the same directory, peak RSS until
// /healthz answers; (b) a worker under load on a PostgreSQL server, WORKERS=1 and WORKERS=2,
// RATE_LIMITS=off, wrk on profile, search (q and filters), availability and MCP search_experts;
// each worker's RSS sampled during the load and its peak (VmHWM). Not part of the test command.
//
//   bun run build
//   createdb -h 127.0.0.1 -U postgres ed_mem_bench
//   bun bench/memory.ts --database-url postgres://postgres@127.0.0.1:5432/ed_mem_bench \
//     [--experts 10000] [--seconds 15] [--connections 64] [--workers 1,2] [--skip-start] [--skip-load]
//   (--env NAME=VALUE, repeatable, is passed to the executable, e.g. --env BUN_OPTIONS=--smol;
//   --source measures `bun src/main.ts`, as `bun run start` runs it, instead of the executable)
//
// Peak RSS is the kernel's own high-water mark (VmHWM of /proc/PID/status), read just before the
// process is stopped, so no sampling interval can miss it. A database without experts gets
// `--experts` synthetic ones (bench/synthetic.ts) first.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { childrenOf, cpuSecondsOf, memoryMiB } from "./lib/proc.ts";
import { benchDirectory } from "./lib/directory.ts";
import { runWrk } from "./lib/wrk.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    "database-url": { type: "string" },
    experts: { type: "string", default: "10000" },
    connections: { type: "string", default: "64" },
    seconds: { type: "string", default: "15" },
    port: { type: "string", default: "3973" },
    env: { type: "string", multiple: true, default: [] },
    workers: { type: "string", default: "1,2" },
    "skip-start": { type: "boolean", default: false },
    "skip-load": { type: "boolean", default: false },
    source: { type: "boolean", default: false },
    executable: { type: "string", default: join(import.meta.dir, "..", "dist", "expert-directory") },
  },
});
const base = `http://127.0.0.1:${values.port}`;
const extraEnv = Object.fromEntries(values.env!.map((e) => [e.slice(0, e.indexOf("=")), e.slice(e.indexOf("=") + 1)]));
const mib = (n: number) => n.toFixed(0);
const load = async () => (await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ");

// From source, bun itself is the process measured (no `bun run` in between, whose own RSS would not count).
const command = values.source
  ? [process.execPath, join(import.meta.dir, "..", "src", "main.ts")]
  : [values.executable!];

async function spawn(env: Record<string, string>, ready: string) {
  const started = performance.now();
  const proc = Bun.spawn(command, {
    env: { PATH: process.env.PATH, PORT: values.port, LOG_LEVEL: "warn", ...extraEnv, ...env },
    stdout: "ignore",
    stderr: "inherit",
  });
  for (let i = 0; i < 1200; i++) {
    if (proc.exitCode !== null) throw new Error(`the executable exited with ${proc.exitCode}`);
    if (
      await fetch(`${base}${ready}`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { proc, seconds: (performance.now() - started) / 1000 };
    await Bun.sleep(50);
  }
  throw new Error("server did not start");
}

async function stop(proc: Bun.Subprocess) {
  proc.kill("SIGTERM");
  await proc.exited;
}

console.log(`bench/memory.ts, ${navigator.hardwareConcurrency} cores, load average before: ${await load()}`);
console.log(
  `${values.source ? "from source" : "executable"}: ${command.join(" ")}${Object.keys(extraEnv).length ? `, env ${JSON.stringify(extraEnv)}` : ""}`,
);

if (!values["skip-start"]) {
  // (a) The embedded database: an empty data directory, then the same one again.
  const dataDir = mkdtempSync(join(tmpdir(), "ed-mem-"));
  console.log("\n| start (embedded, DATA_DIR) | until /healthz | peak RSS MiB | RSS at ready MiB |");
  console.log("|---|---|---|---|");
  try {
    for (const name of ["first (empty directory)", "second (same directory)"]) {
      const { proc, seconds } = await spawn({ DATA_DIR: dataDir }, "/healthz");
      const m = memoryMiB(proc.pid);
      console.log(`| ${name} | ${seconds.toFixed(1)} s | ${mib(m.peak)} | ${mib(m.rss)} |`);
      await stop(proc);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!values["skip-load"]) {
  // (b) Workers under load on a PostgreSQL server.
  const databaseUrl = values["database-url"];
  if (!databaseUrl) throw new Error("--database-url is required for the load part (or --skip-load)");
  const { slug, total } = await benchDirectory(databaseUrl, Number(values.experts));

  const mcpScript = join(mkdtempSync(join(tmpdir(), "ed-mem-wrk-")), "mcp.lua");
  const mcpHeaders = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  /** One MCP session (initialize), then every wrk request is a tools/call search_experts in it. */
  async function mcpSession() {
    const res = await fetch(`${base}/api/mcp`, {
      method: "POST",
      headers: mcpHeaders,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench-memory", version: "1" } },
      }),
    });
    const id = res.headers.get("mcp-session-id");
    if (!id) throw new Error(`MCP initialize answered ${res.status} without a session`);
    await Bun.write(
      mcpScript,
      `wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json, text/event-stream"
wrk.headers["Mcp-Session-Id"] = "${id}"
wrk.headers["Mcp-Protocol-Version"] = "2025-06-18"
wrk.body = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_experts","arguments":{"q":"lawyer","limit":10}}}'
`,
    );
  }
  const runs: [string, string, string?][] = [
    ["profile", `/api/agents/experts/${slug}`],
    ["search q=lawyer", "/api/agents/experts?q=lawyer&limit=10"],
    ["search filters", "/api/agents/experts?country=FR&language=fr&limit=20"],
    ["availability", `/api/agents/experts/${slug}/availability`],
    ["MCP search_experts", "/api/mcp", mcpScript],
  ];
  console.log(`\n${total} experts on PostgreSQL, wrk -c${values.connections}, ${values.seconds} s a run`);
  console.log(
    "| workers | request | req/s | non-2xx | worker RSS during load, max MiB | worker peak (VmHWM) MiB | primary RSS MiB | worker CPU ms/request |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const workers of values.workers!.split(",").map(Number)) {
    const { proc } = await spawn(
      { DATABASE_URL: databaseUrl, WORKERS: String(workers), RATE_LIMITS: "off" },
      "/readyz",
    );
    // WORKERS=1 serves in the process itself; above 1 the workers are its children.
    const workerPids = () => (workers === 1 ? [proc.pid] : childrenOf(proc.pid));
    for (const [name, path, script] of runs) {
      if (script) await mcpSession();
      let maxRss = 0;
      const sampler = setInterval(() => {
        for (const pid of workerPids()) maxRss = Math.max(maxRss, memoryMiB(pid).rss);
      }, 200);
      const cpuBefore = cpuSecondsOf(workerPids());
      const r = await runWrk(`${base}${path}`, {
        connections: Number(values.connections),
        seconds: Number(values.seconds),
        script,
      });
      clearInterval(sampler);
      const peak = Math.max(...workerPids().map((pid) => memoryMiB(pid).peak));
      // CPU per request: what a smaller heap costs in garbage collection, comparable on a busy machine.
      const cpuPerRequest = ((cpuSecondsOf(workerPids()) - cpuBefore) / Math.max(1, r.requests)) * 1000;
      const primary = workers === 1 ? "(is the worker)" : mib(memoryMiB(proc.pid).rss);
      console.log(
        `| ${workers} | ${name} | ${Math.round(r.rps).toLocaleString("en")} | ${r.non2xx} | ${mib(maxRss)} | ${mib(peak)} | ${primary} | ${cpuPerRequest.toFixed(2)} |`,
      );
    }
    await stop(proc);
  }
  rmSync(join(mcpScript, ".."), { recursive: true, force: true });
}
console.log(`\nload average after: ${await load()}`);
