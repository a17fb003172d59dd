// Search under load beside its ceiling, in one run: the endpoint (the real server, loaded by wrk
// from a separate process) against pgbench running the very statements the endpoint runs per
// request in steady state (captured from postgres.js, parameters inlined), same concurrency.
//
//   bun bench/search-load.ts --database-url postgres://…/grown_db [--connections 16] [--seconds 10]
//
// Needs wrk and pgbench (Debian packages). Not part of the test command.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { type SearchQuery, searchExperts } from "../src/search/search.ts";
import { searchStores } from "../src/search/stores.ts";
import { searchDepsFor } from "../test/support/search.ts";
import { expertUrls } from "../src/experts/urls.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    "database-url": { type: "string" },
    connections: { type: "string", default: "16" },
    seconds: { type: "string", default: "10" },
    port: { type: "string", default: "3971" },
  },
});
const databaseUrl = values["database-url"];
if (!databaseUrl) throw new Error("--database-url is required (a directory grown by bench/search-scale.ts --keep)");
const C = Number(values.connections);
const SECONDS = Number(values.seconds);
const PLANNER = "-c plan_cache_mode=force_custom_plan -c random_page_cost=1.1";

const SHAPES: [string, SearchQuery][] = [
  ["one word", { q: "lawyer" }],
  ["several words", { q: "family lawyer berlin" }],
  ["typo", { q: "acounting" }],
  ["sentence", { q: "I need a payroll specialist who speaks Japanese" }],
  ["Korean 2 characters", { q: "세무" }],
  ["name", { q: "emily wright" }],
];

function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (Array.isArray(value))
    return literal(`{${value.map((v) => `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`).join(",")}}`);
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** The statements one steady-state request runs (count cached, vocabulary loaded), parameters inlined. */
async function statementsOf(query: SearchQuery): Promise<string[]> {
  const captured: string[] = [];
  let capturing = false;
  const sql = postgres(databaseUrl!, {
    max: 1,
    onnotice: () => {},
    connection: { plan_cache_mode: "force_custom_plan", random_page_cost: "1.1" },
    debug: (_connection, text, parameters) => {
      if (!capturing) return;
      let inlined = text;
      for (let i = parameters.length; i >= 1; i--) inlined = inlined.replaceAll(`$${i}`, literal(parameters[i - 1]));
      captured.push(`${inlined.replace(/\s+/g, " ").trim()};`);
    },
  });
  const deps = searchDepsFor(
    sql,
    expertUrls(() => "http://bench.invalid"),
    searchStores(),
  );
  await searchExperts(deps, { limit: 10, ...query }); // warm: vocabulary, count cache
  capturing = true;
  await searchExperts(deps, { limit: 10, ...query });
  await sql.end();
  return captured;
}

async function run(command: string[], env: Record<string, string> = {}): Promise<string> {
  const proc = Bun.spawn(command, { env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  if ((await proc.exited) !== 0) throw new Error(`${command[0]} failed: ${err}`);
  return out;
}

const server = Bun.spawn([process.execPath, join(import.meta.dir, "..", "src", "main.ts")], {
  env: { ...process.env, DATABASE_URL: databaseUrl, PORT: values.port!, RATE_LIMITS: "off", LOG_LEVEL: "warn" },
  stdout: "ignore",
  stderr: "ignore",
});
try {
  const base = `http://127.0.0.1:${values.port}`;
  for (
    let i = 0;
    i < 100 &&
    !(await fetch(`${base}/readyz`)
      .then((r) => r.ok)
      .catch(() => false));
    i++
  )
    await Bun.sleep(200);
  console.log(
    `${C} connections, ${SECONDS} s per run; the server: one Bun process on ${databaseUrl.replace(/\/\/[^@]*@/, "//")}\n`,
  );
  console.log(
    "| query | endpoint req/s | endpoint p99 ms | pgbench tps (same SQL) | endpoint ÷ pgbench | statements |",
  );
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const [label, query] of SHAPES) {
    const statements = await statementsOf(query);
    const script = join(tmpdir(), `search-load-${process.pid}.sql`);
    writeFileSync(script, `${statements.join("\n")}\n`);
    const url = `${base}/api/agents/experts?${new URLSearchParams(Object.entries({ limit: "10", ...query }).map(([k, v]) => [k, String(v)]))}`;
    await fetch(url); // warm the server's caches
    const wrk = await run(["wrk", "-t1", `-c${C}`, `-d${SECONDS}s`, "--latency", url]);
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(wrk)?.[1]);
    const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(wrk);
    const p99ms = p99 ? Number(p99[1]) * ({ us: 0.001, ms: 1, s: 1000 } as Record<string, number>)[p99[2]] : NaN;
    const bench = await run(["pgbench", "-n", "-f", script, `-c${C}`, "-j1", `-T${SECONDS}`, databaseUrl], {
      PGOPTIONS: PLANNER,
    });
    const tps = Number(/tps = ([\d.]+)/.exec(bench)?.[1]);
    console.log(
      `| ${label} | ${rps.toFixed(0)} | ${p99ms.toFixed(1)} | ${tps.toFixed(0)} | ${(rps / tps).toFixed(2)} | ${statements.length} |`,
    );
  }
} finally {
  server.kill();
  await server.exited;
}
