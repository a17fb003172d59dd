// The database ceiling: pgbench running the statements the server sent for each request (see
// capture.ts), one pgbench transaction = all statements of one request, with the server's
// session settings, against the same database. Requests/s on this side = pgbench's tps.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CapturedRequest } from "./capture.ts";
import { backendsOf, cpuSecondsOf } from "./proc.ts";

export interface PgbenchResult {
  tps: number;
  transactions: number;
  latencyMs: number;
  failed: number;
  /** "prepared" (parameters as the server sends them) or "extended" (values inlined, see below). */
  mode: string;
  /** Share of one core (1 = 100%) over the run: PostgreSQL's backends of the database, pgbench. */
  pgCores: number;
  pgbenchCores: number;
}

/** A value as PostgreSQL's text input reads it (what postgres.js would serialize). */
function text(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString("hex")}`;
  if (typeof value === "boolean") return value ? "t" : "f";
  if (Array.isArray(value))
    return `{${value.map((v) => (v === null ? "NULL" : `"${text(v).replace(/(["\\])/g, "\\$1")}"`)).join(",")}}`;
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  return String(value);
}
const literal = (value: unknown) =>
  value === null || value === undefined ? "NULL" : `'${text(value).replace(/'/g, "''")}'`;

/**
 * pgbench reads `:name` anywhere in a statement as a variable, so a statement holding one in a
 * string literal cannot keep its parameters; then every value is inlined and the run uses
 * -M extended (each execution parsed and planned, as a custom plan is planned anyway).
 */
const hazard = (sql: string) => /:[A-Za-z_]/.test(sql.replaceAll("::", ""));

/**
 * Writes one pgbench script per request into dir; returns the pgbench arguments for them.
 * `customPlans`: the server plans these statements with their values each time (unnamed), so
 * pgbench must too (-M extended: unnamed statements, the values as parameters); pgbench has one mode per run, so the endpoint's cheap lookups
 * beside them (lexicon, directory version) are then planned each time as well, a little below
 * what the server pays for them.
 */
export function writeScripts(
  dir: string,
  name: string,
  requests: CapturedRequest[],
  customPlans = false,
): { args: string[]; mode: string } {
  const inline = requests.some((r) => r.statements.some((s) => hazard(s.sql)));
  const args: string[] = [];
  requests.forEach((r, i) => {
    const lines = r.statements.map((s) => {
      let sql = s.sql.trim().replace(/;\s*$/, "");
      for (let n = s.params.length; n >= 1; n--) {
        const value = s.params[n - 1];
        const variable = `r${i}_${r.statements.indexOf(s)}_${n}`;
        const replacement = inline || value === null || value === undefined ? literal(value) : `:${variable}`;
        if (!inline && value !== null && value !== undefined) args.push("-D", `${variable}=${text(value)}`);
        sql = sql.replaceAll(new RegExp(`\\$${n}(?![0-9])`, "g"), replacement);
      }
      return `${sql};`;
    });
    const file = join(dir, `${name.replace(/\W+/g, "-")}-${i}.sql`);
    writeFileSync(file, `-- ${r.request.method} ${r.request.path}\n${lines.join("\n")}\n`);
    args.push("-f", `${file}@1`);
  });
  return { args, mode: inline || customPlans ? "extended" : "prepared" };
}

export async function runPgbench(
  databaseUrl: string,
  scripts: { args: string[]; mode: string },
  options: { clients: number; seconds: number; settings: Record<string, string> },
): Promise<PgbenchResult> {
  const url = new URL(databaseUrl);
  const database = url.pathname.slice(1);
  const pgoptions = Object.entries(options.settings)
    .map(([k, v]) => `-c ${k}=${v.replace(/([ \\])/g, "\\$1")}`)
    .join(" ");
  const args = [
    "pgbench",
    "-n",
    "-M",
    scripts.mode,
    "-c",
    String(options.clients),
    "-j",
    "2",
    "-T",
    String(options.seconds),
    "-h",
    url.hostname,
    "-p",
    url.port || "5432",
    "-U",
    decodeURIComponent(url.username || "postgres"),
    ...scripts.args,
    database,
  ];
  const proc = Bun.spawn(args, { stdout: "pipe", stderr: "pipe", env: { ...process.env, PGOPTIONS: pgoptions } });
  // Backends come and go with pgbench, so their CPU is sampled while it runs: a rate, not a sum.
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let t0 = 0;
  let t1 = 0;
  const sampler = (async () => {
    await Bun.sleep(1000);
    while (proc.exitCode === null) {
      const now = performance.now();
      for (const pid of backendsOf(database)) {
        const cpu = cpuSecondsOf([pid]);
        if (cpu === 0 && !first.has(pid)) continue;
        if (!first.has(pid)) first.set(pid, cpu);
        last.set(pid, cpu);
      }
      t0 ||= now;
      t1 = now;
      await Bun.sleep(500);
    }
  })();
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  const code = await proc.exited;
  await sampler;
  if (code !== 0 && !/tps = /.test(out)) throw new Error(`pgbench failed (${code}): ${err.slice(0, 2000)}`);
  let pgCpu = 0;
  for (const [pid, cpu] of last) pgCpu += cpu - first.get(pid)!;
  const wall = (t1 - t0) / 1000;
  return {
    tps: Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0),
    transactions: Number(/actually processed: (\d+)/.exec(out)?.[1] ?? 0),
    latencyMs: Number(/latency average = ([\d.]+) ms/.exec(out)?.[1] ?? 0),
    failed: Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0) + (code === 0 ? 0 : 1),
    mode: scripts.mode,
    pgCores: wall > 0 ? pgCpu / wall : 0,
    pgbenchCores: Number(proc.resourceUsage()!.cpuTime.total) / 1e6 / options.seconds,
  };
}
