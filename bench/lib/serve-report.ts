// The results of bench/serve.ts (one JSON file per directory size) and their markdown: a table per
// size, and the targets of issue 13 checked across the sizes present.
import type { PgbenchResult } from "./pgbench.ts";

export interface HttpRun {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  /** wrk's socket errors and timeouts (10 s). */
  errors: number;
  /** Shares of one core over the run (2 = both cores of a 2-core machine). */
  serverCores: number;
  pgCores: number;
  wrkCores: number;
  /** Server CPU (all its processes) per request, in ms. */
  cpuMsPerRequest: number;
  /** Peak resident memory of the server's processes together, and of the largest one. */
  rssMiB: number;
  largestMiB: number;
}

export interface EndpointResult {
  name: string;
  about: string;
  bodyBytes: number;
  statements: number[];
  capturedStatus: number[];
  dbCeiling: PgbenchResult;
  httpCeiling: HttpRun;
  server: (HttpRun & { workers: number })[];
}

export interface SizeResult {
  size: string;
  database: string;
  experts: number;
  visible: number;
  date: string;
  seconds: number;
  warmup: number;
  connections: number;
  machine: { cores: number; cpu: string; loadBefore: number; loadAfter: number };
  sessionSettings: Record<string, string>;
  endpoints: EndpointResult[];
}

const n = (x: number) => Math.round(x).toLocaleString("en");
const pct = (cores: number) => `${Math.round(cores * 100)}%`;
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));
export const ceilingOf = (e: EndpointResult) => Math.min(e.dbCeiling.tps, e.httpCeiling.rps);
export const best = (e: EndpointResult) => e.server[e.server.length - 1];

export function sizeReport(r: SizeResult): string {
  const lines = [
    `### ${r.experts.toLocaleString("en")} experts (${r.database}, ${r.visible.toLocaleString("en")} visible)`,
    "",
    `${r.date.slice(0, 16).replace("T", " ")} UTC; ${r.machine.cores} cores (${r.machine.cpu}); load average ${r.machine.loadBefore.toFixed(2)} before, ${r.machine.loadAfter.toFixed(2)} after; ` +
      `wrk -t1 -c${r.connections}, ${r.warmup} s warm-up + ${r.seconds} s; pgbench -c${r.connections} -j2 -T${r.seconds}; ` +
      `server session settings: ${
        Object.entries(r.sessionSettings)
          .map(([k, v]) => `${k}=${v}`)
          .join(", ") || "none"
      }.`,
    "",
    "| endpoint | run | req/s | p50 ms | p99 ms | ÷ database ceiling | ÷ HTTP ceiling | ÷ the lower one (target ≥ 0.8) | RSS MiB (largest process) | server CPU ms/req | CPU: server | PostgreSQL | load generator | non-2xx / errors |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const e of r.endpoints) {
    const db = e.dbCeiling;
    const http = e.httpCeiling;
    lines.push(
      `| ${e.name} | database ceiling (pgbench ${db.mode}, ${statementCounts(e.statements)} statements) | ${n(db.tps)} | | avg ${ms(db.latencyMs)} | 1 | | | | | | ${pct(db.pgCores)} | ${pct(db.pgbenchCores)} | ${db.failed} failed |`,
    );
    lines.push(
      `| ${e.name} | HTTP ceiling (bare Bun.serve, ${n(e.bodyBytes)} B) | ${n(http.rps)} | ${ms(http.p50)} | ${ms(http.p99)} | | 1 | | ${n(http.rssMiB)} | ${http.cpuMsPerRequest.toFixed(3)} | ${pct(http.serverCores)} | | ${pct(http.wrkCores)} | ${http.non2xx} / ${http.errors} |`,
    );
    for (const s of e.server) {
      lines.push(
        `| ${e.name} | server, ${s.workers} worker${s.workers > 1 ? "s" : ""} | **${n(s.rps)}** | ${ms(s.p50)} | ${ms(s.p99)} | ${(s.rps / db.tps).toFixed(2)} | ${(s.rps / http.rps).toFixed(3)} | ${(s.rps / ceilingOf(e)).toFixed(2)} | ${n(s.rssMiB)} (${n(s.largestMiB)}) | ${s.cpuMsPerRequest.toFixed(3)} | ${pct(s.serverCores)} | ${pct(s.pgCores)} | ${pct(s.wrkCores)} | ${s.non2xx} / ${s.errors} |`,
      );
    }
  }
  lines.push("", `Rotations: ${r.endpoints.map((e) => `${e.name}: ${e.about}`).join("; ")}.`, "");
  const notOk = r.endpoints.filter(
    (e) => e.capturedStatus.some((s) => s !== 200) || e.server.some((s) => s.non2xx + s.errors > 0),
  );
  if (notOk.length)
    lines.push(
      `**Not all answers were 200 (or some requests failed)**: ${notOk.map((e) => e.name).join(", ")} (see stderr of the run).`,
      "",
    );
  return lines.join("\n");
}

/** The targets of issue 13 over the sizes present, each with the numbers it rests on. */
export function targetsReport(results: SizeResult[]): string {
  const lines = ["| target | measured | met? |", "|---|---|---|"];
  const ratio = results.flatMap((r) =>
    r.endpoints.map((e) => ({ size: r.size, name: e.name, x: best(e).rps / ceilingOf(e) })),
  );
  const worst = ratio.reduce((a, b) => (b.x < a.x ? b : a), ratio[0]);
  const under = ratio.filter((x) => x.x < 0.8);
  lines.push(
    `| every endpoint ≥ 0.8 × min(database, HTTP ceiling), N workers | worst ${worst.x.toFixed(2)} (${worst.name}, ${worst.size}); ${under.length} of ${ratio.length} under 0.8 | ${under.length ? "no" : "yes"} |`,
  );
  const either = results.flatMap((r) =>
    r.endpoints.map((e) => ({ size: r.size, name: e.name, x: Math.max(...e.server.map((s) => s.rps)) / ceilingOf(e) })),
  );
  const worstEither = either.reduce((a, b) => (b.x < a.x ? b : a), either[0]);
  const underEither = either.filter((x) => x.x < 0.8);
  lines.push(
    `| (the same with the better of 1 and N workers) | worst ${worstEither.x.toFixed(2)} (${worstEither.name}, ${worstEither.size}); ${underEither.length} of ${either.length} under 0.8; best ${Math.max(...either.map((x) => x.x)).toFixed(2)} | ${underEither.length ? "no" : "yes"} |`,
  );
  const largest = results[results.length - 1];
  const at = (name: string) => largest.endpoints.find((e) => e.name === name);
  for (const [name, limit] of [
    ["profile", 20],
    ["search q", 100],
    ["search q (not remembered)", 100],
    ["search filters", 100],
    ["deep page", 100],
  ] as const) {
    const e = at(name);
    if (e)
      lines.push(
        `| p99 ${name} < ${limit} ms at ${largest.size}, N workers | ${ms(best(e).p99)} ms | ${best(e).p99 < limit ? "yes" : "no"} |`,
      );
  }
  // Both searches: a remembered answer's p50 says little about the size of the directory.
  for (const name of ["search q", "search q (not remembered)"]) {
    const small = results[0].endpoints.find((e) => e.name === name);
    const big = at(name);
    if (!small || !big || results.length < 2) continue;
    const growth = best(big).p50 / best(small).p50;
    lines.push(
      `| ${name} p50 grows < 2× from ${results[0].size} to ${largest.size} | ${ms(best(small).p50)} → ${ms(best(big).p50)} ms (${growth.toFixed(2)}×) | ${growth < 2 ? "yes" : "no"} |`,
    );
  }
  const wrkShare = results.flatMap((r) => r.endpoints.flatMap((e) => e.server.map((s) => s.wrkCores)));
  lines.push(
    `| load generator's share of the cores reported | wrk ${pct(Math.min(...wrkShare))}–${pct(Math.max(...wrkShare))} of one core (of ${results[0].machine.cores}) | reported |`,
  );
  return lines.join("\n");
}

/** Statements per request of the rotation: each one listed for a short rotation, the range for a long one. */
function statementCounts(counts: number[]): string {
  if (counts.length <= 8) return counts.join("/");
  return `${Math.min(...counts)}–${Math.max(...counts)} per request of ${counts.length}`;
}
