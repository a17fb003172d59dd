// Times `import FILE` as an operator runs it: a separate process on an NDJSON file of synthetic
// experts (bench/synthetic.ts: six locales, services, schedules), into a fresh database on a
// PostgreSQL server, under /usr/bin/time -v for the peak RSS. Each size is imported twice: the
// first run writes everything, the second finds every record unchanged. Beside wall time and peak
// RSS it reports CPU time an expert, the importer's (user + system, from time -v) and the database
// backends' (sampled from /proc while it runs): on a shared machine, wall time says how busy the
// machine was; CPU time says what the import costs.
//
//   bun bench/import.ts                                     # 10k and 100k on postgres://postgres@127.0.0.1:5432
//   bun bench/import.ts --sizes 1000000 --server postgres://postgres@db:5432
//   EXECUTABLE=dist/expert-directory bun bench/import.ts    # the built executable instead of bun src/main.ts
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { backendsOf, cpuSeconds } from "./lib/proc.ts";
import { syntheticExperts } from "./synthetic.ts";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,100000" },
    server: { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
    dir: { type: "string", default: "/tmp" },
  },
});

/** Writes n synthetic experts as NDJSON, 10,000 at a time, unless the file is already there. */
async function inputFile(n: number): Promise<string> {
  const path = join(values.dir!, `expert-import-${n}.ndjson`);
  if (existsSync(path)) return path;
  const writer = Bun.file(path).writer();
  for (let from = 0; from < n; from += 10_000) {
    for (const record of syntheticExperts(Math.min(10_000, n - from), from))
      writer.write(`${JSON.stringify(record)}\n`);
  }
  await writer.end();
  return path;
}

interface Run {
  seconds: number;
  rssMb: number;
  output: string;
  /** CPU seconds of the importer process and of the database's backends. */
  importerCpu: number;
  databaseCpu: number;
}

/** Samples the CPU time of every backend of a database until stopped (backends vanish at the end). */
function databaseCpu(name: string): () => number {
  const seen = new Map<number, number>();
  const sample = () => {
    for (const pid of backendsOf(name)) seen.set(pid, Math.max(seen.get(pid) ?? 0, cpuSeconds(pid)));
  };
  const timer = setInterval(sample, 100);
  return () => {
    sample();
    clearInterval(timer);
    return [...seen.values()].reduce((a, b) => a + b, 0);
  };
}

/** Runs the CLI under /usr/bin/time -v and reads wall time and peak RSS from its report. */
async function timed(args: string[], databaseUrl: string): Promise<Run> {
  const stopSampling = databaseCpu(new URL(databaseUrl).pathname.slice(1));
  const cli = process.env.EXECUTABLE
    ? [process.env.EXECUTABLE]
    : [process.execPath, join(import.meta.dir, "../src/main.ts")];
  const report = join(values.dir!, `expert-import-time-${process.pid}.txt`);
  const proc = Bun.spawn(["/usr/bin/time", "-v", "-o", report, ...cli, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  const dbCpu = stopSampling();
  const time = await Bun.file(report).text();
  if (code !== 0) throw new Error(`${args.join(" ")} exited with ${code}:\n${stdout}\n${stderr}\n${time}`);
  const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(time)!;
  const seconds = Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 + Number(wall[3]);
  const rssMb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(time)![1]) / 1024;
  const cpu = (label: string) => Number(new RegExp(`${label} time \\(seconds\\): ([\\d.]+)`).exec(time)![1]);
  return { seconds, rssMb, output: stdout.trim(), importerCpu: cpu("User") + cpu("System"), databaseCpu: dbCpu };
}

const admin = postgres(values.server!, { max: 1, onnotice: () => {} });
const loadAverage = async () => (await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ");
console.log(`load average at start: ${await loadAverage()}`);
console.log(
  "| experts | run | time | experts/s | importer peak RSS | importer CPU ms/expert | database CPU ms/expert | experts/s per CPU-second | output |\n" +
    "|---|---|---|---|---|---|---|---|---|",
);
for (const n of values.sizes!.split(",").map(Number)) {
  const file = await inputFile(n);
  const name = `${process.env.BENCH_DB_PREFIX ?? "import_bench_"}${process.pid}_${n}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(values.server!);
  url.pathname = `/${name}`;
  try {
    await timed(["migrate"], url.toString());
    for (const run of ["first", "again"]) {
      const r = await timed(["import", file], url.toString());
      const ms = (cpu: number) => ((cpu * 1000) / n).toFixed(3);
      const perCpu = Math.round(n / (r.importerCpu + r.databaseCpu));
      console.log(
        `| ${n} | ${run} | ${r.seconds.toFixed(1)} s | ${Math.round(n / r.seconds)} | ${Math.round(r.rssMb)} MB | ${ms(r.importerCpu)} | ${ms(r.databaseCpu)} | ${perCpu} | ${r.output} |`,
      );
    }
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
  }
}
console.log(`load average at the end: ${await loadAverage()}`);
await admin.end();
