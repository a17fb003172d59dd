// `bun run test [filters…] [bun test flags…]`: the whole suite in TEST_JOBS `bun test` processes
// (lanes) at once (default: the cores + 1, see JOBS). First one database template for the run
// (test/support/template.ts), then the test files split into lanes, balanced by how long each file
// took last time (else by its size), each lane one `bun test` process whose output is streamed with
// the lane's number in front. Files that must not run beside each other (GROUPS) share a lane, so
// they run one after another. Ends with the lanes' counts, the run's test and expect() totals, its
// wall and CPU seconds, and a last line `N passed, N failed`; exits non-zero when a test failed or a
// lane's process ended without its summary (a crash). TEST_TIMES=1 also prints each file's wall and
// CPU seconds, slowest first (the CPU of a lane's process and the children it reaped meanwhile).
// With TEST_DATABASE_URL and no file named, the files of support/run-once.ts are left out: they
// cannot reach the database, and CI's PGlite run has just run them.
//
// A new test file needs no registration: every `*.test.ts` outside node_modules is found. Only a
// suite that starts several processes, PostgreSQL clusters or a Chromium and must not run beside
// the others like it is added to its group in GROUPS (one line). Suites that need some PostgreSQL
// server even on PGlite call serverDatabase() (support/postgres-cluster.ts): on PGlite they share
// one cluster the run stops at its end (TEST_CLUSTER_DIR), on PostgreSQL they use its server.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { cpuUsage } from "node:process";
import { dirname, join } from "node:path";
import { CLUSTER_DIR_ENV, stopSharedCluster } from "./support/postgres-cluster.ts";
import { failureExcerpts } from "./support/failures.ts";
import { RUN_ONCE } from "./support/run-once.ts";
import { removeTemplate, TEMPLATE_DIR_ENV } from "./support/template.ts";

const TIMEOUT = ["--timeout", "60000"];

/**
 * Suites that must not run at the same time as one another: each group stays in one lane. They
 * start many processes (clusters of workers, PostgreSQL clusters of their own, the executable's CLI)
 * or a Chromium, and two of them at once on two cores starve each other past their timeouts.
 */
const GROUPS: string[][] = [
  [
    "test/cluster.test.ts",
    "test/cluster-supervisor.test.ts",
    "test/inquiry-loop-cluster.test.ts",
    "test/login-throttle-shared.test.ts",
    "test/ops-database.test.ts",
    "test/test-database.test.ts",
    "test/restore-toast-race.test.ts",
  ],
  [
    "test/dashboard.test.ts",
    "test/ops-browser.test.ts",
    "test/public-browser.test.ts",
    "test/inquiry-loop.test.ts",
    "test/dashboard-webhook.test.ts",
  ],
];

/** Last run's seconds per file (wall, and CPU where /proc tells), to balance the next (not in git: it is this machine's). */
const DURATIONS = "node_modules/.cache/expert-directory/test-durations.json";
/**
 * The wall seconds of one whole PGlite run, in git: what a fresh clone (CI) balances by where this
 * machine has no run of its own. By size alone, one lane of a fresh clone ran 660 s beside one of
 * 394 s. Refreshed from a whole PGlite run's DURATIONS (docs/development.md, "Lanes").
 */
const COMMITTED = "test/lane-weights.json";

interface FileTime {
  wall: number;
  /** CPU seconds (user + system) of the lane's process and the children it reaped meanwhile; -1 unknown. */
  cpu: number;
}

/** CPU seconds so far of process `pid` and its reaped children (Linux /proc; -1 elsewhere). */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces, in parentheses): utime is the 14th field.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
  } catch {
    return -1;
  }
}
const CLOCK_TICKS = 100; // USER_HZ: 100 on every Linux Bun runs on

// `bun test` flags that take a value: the value is not a file filter.
const VALUE_FLAGS = new Set([
  "-t",
  "--test-name-pattern",
  "--timeout",
  "--rerun-each",
  "--preload",
  "--reporter",
  "--reporter-outfile",
  "--coverage-dir",
  "--coverage-reporter",
  "--seed",
  "--max-concurrency",
]);

function parseArgs(args: string[]) {
  const filters: string[] = [];
  const flags: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith("-")) filters.push(arg.replace(/^\.\//, ""));
    else {
      flags.push(arg);
      if (VALUE_FLAGS.has(arg) && i + 1 < args.length) flags.push(args[++i]!);
    }
  }
  return { filters, flags: flags.includes("--timeout") ? flags : [...TIMEOUT, ...flags] };
}

/** The files `bun test` would find (its name patterns, outside node_modules), matched like its filters. */
function testFiles(filters: string[]): string[] {
  const glob = new Bun.Glob("**/*{.test,_test,.spec,_spec}.{ts,tsx,js,jsx}");
  const all = [...glob.scanSync(".")].filter(
    (f) => !f.split("/").some((part) => part === "node_modules" || part === "dist"),
  );
  return all.filter((f) => filters.length === 0 || filters.some((filter) => f.includes(filter))).sort();
}

function readTimes(path: string): Record<string, FileTime> {
  try {
    const read: Record<string, FileTime | number> = JSON.parse(readFileSync(path, "utf8"));
    return Object.fromEntries(
      Object.entries(read).map(([f, t]) => [f, typeof t === "number" ? { wall: t, cpu: -1 } : t]),
    );
  } catch {
    return {};
  }
}

/** This machine's last times, else the committed ones, per file. */
function readDurations(): Record<string, FileTime> {
  return { ...readTimes(COMMITTED), ...readTimes(DURATIONS) };
}

/** Longest first onto the least loaded lane; a group is one unit. */
function lanesFor(files: string[], jobs: number, durations: Record<string, FileTime>): string[][] {
  const weight = (f: string) => durations[f]?.wall ?? statSync(f).size / 400; // ~10 KB of tests ≈ 25 s
  const units: string[][] = [];
  const grouped = new Set<string>();
  for (const group of GROUPS) {
    const members = group.filter((f) => files.includes(f));
    if (members.length) units.push(members);
    for (const f of members) grouped.add(f);
  }
  for (const f of files) if (!grouped.has(f)) units.push([f]);
  const sum = (unit: string[]) => unit.reduce((s, f) => s + weight(f), 0);
  units.sort((a, b) => sum(b) - sum(a));
  const lanes = Array.from({ length: Math.min(jobs, units.length) }, () => ({ files: [] as string[], load: 0 }));
  for (const unit of units) {
    const lane = lanes.reduce((least, l) => (l.load < least.load ? l : least));
    lane.files.push(...unit);
    lane.load += sum(unit);
  }
  // In each lane the files that start no app first: they run while the template is being made.
  return lanes.map((l) => [...l.files.filter((f) => !needsTemplate(f)), ...l.files.filter(needsTemplate)]);
}

/**
 * Whether a file starts the app (and so copies the run's template), guessed from its text. A wrong
 * "no" costs what it always did: its first copy waits for the template inside a test's timeout.
 */
function needsTemplate(file: string): boolean {
  return /\b(startApp|testApp|api|createTestKey)\(|demo: true/.test(readFileSync(file, "utf8"));
}

interface LaneResult {
  lane: number;
  files: number;
  pass: number;
  fail: number;
  skip: number;
  todo: number;
  expects: number;
  ran: boolean;
  exitCode: number;
  unmatched: boolean;
  seconds: number;
  /** CPU seconds of the lane (its process and reaped children); -1 unknown. */
  cpu: number;
  /** Time per file: from the previous file's last line to its own last line (bun prints a file's
   * header only once its first test ended, so headers would split the files' times wrongly). */
  durations: Record<string, FileTime>;
  /** Each failed test's line with the lines bun printed before it (its error), for the summary. */
  failures: string[];
}

const count = (text: string, label: string) => Number(text.match(new RegExp(`^\\s*(\\d+) ${label}$`, "m"))?.[1] ?? 0);

async function runLane(
  lane: number,
  files: string[],
  flags: string[],
  env: Record<string, string>,
): Promise<LaneResult> {
  const started = performance.now();
  const child = Bun.spawn([process.execPath, "test", ...flags, ...files.map((f) => `./${f}`)], {
    env: { ...process.env, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  children.add(child);
  let output = "";
  const lastLine = new Map<string, { at: number; cpu: number }>(); // file → when its last line came, in the order seen
  let current: string | undefined;
  const prefix = `[${lane}] `;
  async function pump(stream: ReadableStream<Uint8Array>, out: NodeJS.WriteStream) {
    let rest = "";
    const decoder = new TextDecoder();
    const flush = (line: string) => {
      output += `${line}\n`;
      const header = line.match(/^(\S.*?):$/)?.[1]?.replace(/^\.\//, "");
      if (header && files.includes(header)) current = header;
      if (current && line.startsWith("(")) lastLine.set(current, { at: performance.now(), cpu: cpuSeconds(child.pid) }); // (pass) (fail) (skip) …
      out.write(`${prefix}${line}\n`);
    };
    for await (const chunk of stream) {
      const lines = (rest + decoder.decode(chunk, { stream: true })).split("\n");
      rest = lines.pop()!;
      for (const line of lines) flush(line);
    }
    if (rest) flush(rest);
  }
  await Promise.all([pump(child.stdout, process.stdout), pump(child.stderr, process.stderr)]);
  const exitCode = await child.exited;
  // The whole lane: the process and every descendant it reaped (wait4's rusage).
  const usage = child.resourceUsage();
  const cpu = usage ? Number(usage.cpuTime.total) / 1e6 : -1;
  children.delete(child);
  const ended = performance.now();
  const unmatched = exitCode === 1 && /^error: regex .* matched 0 tests/m.test(output);
  const durations: Record<string, FileTime> = {};
  const tenths = (seconds: number) => Math.round(seconds * 10) / 10;
  let previous = { at: started, cpu: 0 };
  const seen = [...lastLine];
  seen.forEach(([file, at], i) => {
    // The last file's afterAll hooks end with the process: its CPU is the lane's rest.
    const end = i === seen.length - 1 && cpu >= 0 ? { ...at, cpu } : at;
    durations[file] = {
      wall: tenths((at.at - previous.at) / 1000),
      cpu: at.cpu < 0 || end.cpu < 0 ? -1 : tenths(end.cpu - previous.cpu),
    };
    previous = at;
  });
  return {
    lane,
    files: files.length,
    pass: count(output, "pass"),
    fail: count(output, "fail"),
    skip: count(output, "skip"),
    todo: count(output, "todo"),
    expects: count(output, "expect\\(\\) calls"),
    ran: /^Ran \d+ tests? across \d+ files?/m.test(output) || unmatched,
    // With -t, a lane whose files hold no matching test exits 1 for it: not a failure of the run
    // unless no lane matched (checked below).
    exitCode: unmatched ? 0 : exitCode,
    unmatched,
    seconds: (ended - started) / 1000,
    cpu,
    durations,
    failures: failureExcerpts(output),
  };
}

const children = new Set<ReturnType<typeof Bun.spawn>>();
let template: Record<string, string> | undefined;
let clusterDir: string | undefined;

async function cleanUp() {
  for (const child of children) child.kill();
  if (clusterDir) stopSharedCluster(clusterDir);
  const made = template;
  template = undefined;
  if (made) await removeTemplate(made).catch((error) => console.error(`could not remove the template: ${error}`));
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await cleanUp();
    process.exit(130);
  });
}

const { filters, flags } = parseArgs(Bun.argv.slice(2));
// On a PostgreSQL server the whole run leaves out the files that cannot reach its database
// (support/run-once.ts): CI's PGlite run just ran them. A run that names files runs what it names.
const once = process.env.TEST_DATABASE_URL && filters.length === 0 ? testFiles([]).filter((f) => f in RUN_ONCE) : [];
const files = testFiles(filters).filter((f) => !once.includes(f));
if (files.length === 0) {
  console.error(`no test files match ${filters.join(" ")}`);
  process.exit(1);
}
/**
 * One lane more than the cores: a lane is one thread of JavaScript and PGlite that also waits (on
 * the processes it starts, on argon2 in Bun's thread pool, on timers, on its first copy of the
 * template), so with as many lanes as cores a core stood idle for part of the run; one more fills
 * those gaps at the cost of one more app start (~1.5 s of CPU). More than that only adds contention.
 */
const JOBS = availableParallelism() + 1;
const jobs = Number(process.env.TEST_JOBS) || JOBS;
const durations = readDurations();
const lanes = lanesFor(files, jobs, durations);
const began = performance.now();

// The template, in a process of its own: PGlite's wasm heap is not this one's to keep for the run.
// On PGlite the lanes start at once (a suite's first copy waits for the template, see template.ts);
// a server's template takes a second or two and is awaited.
const embedded = !process.env.TEST_DATABASE_URL;
const into = embedded ? mkdtempSync(join(tmpdir(), "ed-tpl-")) : undefined;
if (into) template = { [TEMPLATE_DIR_ENV]: into };
// Suites that need some PostgreSQL server share one cluster (support/postgres-cluster.ts), made by
// the first of them in this directory, which does not exist yet. With TEST_DATABASE_URL they use its server.
clusterDir = embedded
  ? join(tmpdir(), `ed-pg-run-${process.pid}-${Math.random().toString(36).slice(2, 8)}`)
  : undefined;
const maker = Bun.spawn([process.execPath, "test/support/template.ts", "make", ...(into ? [into] : [])], {
  stdout: "pipe",
  stderr: "inherit",
});
children.add(maker);
let templateCpu = -1;
const making = (async () => {
  const made = await new Response(maker.stdout).text();
  const exitCode = await maker.exited;
  children.delete(maker);
  templateCpu = Number(maker.resourceUsage()?.cpuTime.total ?? -1e6) / 1e6;
  if (exitCode !== 0) {
    if (into && !existsSync(join(into, "failed"))) writeFileSync(join(into, "failed"), `exit ${exitCode}`);
    throw new Error("could not make the database template");
  }
  template = JSON.parse(made.trim().split("\n").pop()!) as Record<string, string>;
  return (performance.now() - began) / 1000;
})();
let templateSeconds = -1; // -1: failed, or stopped unfinished because no suite needed it
if (!into) {
  templateSeconds = await making.catch((error): never => {
    console.error(String(error));
    console.log("0 passed, 1 failed");
    process.exit(1);
  });
}
console.log(
  `template ${JSON.stringify(template ?? {})}${into ? " being made" : ` made in ${templateSeconds.toFixed(1)} s`}; ${files.length} files in ${lanes.length} lanes`,
);
if (once.length)
  console.log(`left out on this server, as they need no database (test/support/run-once.ts): ${once.join(" ")}`);
for (const [i, l] of lanes.entries()) console.log(`[${i + 1}] ${l.join(" ")}`);

let results: LaneResult[];
try {
  const env = { ...template!, ...(clusterDir ? { [CLUSTER_DIR_ENV]: clusterDir } : {}) };
  // Suites that need no database may all end before the template is ready: cleanUp then stops it.
  if (into)
    making.then(
      (seconds) => (templateSeconds = seconds),
      () => {},
    );
  // A lane that begins with a file starting the app begins once the template is there: the wait
  // would otherwise be spent inside that file's first test (a suite of 30 s per test, first in
  // its lane, failed so at load 15 while the template took 28 s).
  const laneStart = (first: string) =>
    into && needsTemplate(first)
      ? making.then(
          () => {},
          () => {},
        )
      : undefined;
  results = await Promise.all(
    lanes.map(async (l, i) => {
      await laneStart(l[0]!);
      return runLane(i + 1, l, flags, env);
    }),
  );
} finally {
  await cleanUp();
}

mkdirSync(dirname(DURATIONS), { recursive: true });
writeFileSync(DURATIONS, `${JSON.stringify(Object.assign(durations, ...results.map((r) => r.durations)), null, 1)}\n`);

const times = Object.assign({}, ...results.map((r) => r.durations)) as Record<string, FileTime>;
if (process.env.TEST_TIMES) {
  // Where the time went: each file's wall and CPU seconds, slowest first (TEST_TIMES=1).
  console.log("\n== seconds per file (wall, CPU of its lane's processes)");
  for (const [file, t] of Object.entries(times).sort((a, b) => b[1].wall - a[1].wall)) {
    console.log(`${t.wall.toFixed(1).padStart(6)} ${t.cpu < 0 ? "     ?" : t.cpu.toFixed(1).padStart(6)}  ${file}`);
  }
}

const failures = results.flatMap((r) =>
  r.failures.map((text) => `[${r.lane}] ${text.replaceAll("\n", `\n[${r.lane}] `)}`),
);
if (failures.length) console.log(`\n== failures, with what was printed before each\n${failures.join("\n\n")}`);

console.log("\n== summary");
for (const r of results) {
  const crashed = !r.ran || (r.exitCode !== 0 && r.fail === 0);
  console.log(
    `lane ${r.lane}: ${r.files} files, ${r.pass} pass, ${r.fail} fail, ${r.skip} skip, ${r.todo} todo, ${r.expects} expect() calls, ${r.seconds.toFixed(1)} s, CPU ${r.cpu.toFixed(1)} s` +
      (crashed ? ` — CRASHED (exit ${r.exitCode})` : ""),
  );
}
const sum = (key: "pass" | "fail" | "expects" | "skip" | "todo") => results.reduce((s, r) => s + r[key], 0);
// A lane that ended without its summary or failed without a failed test counts as one failure.
const crashes =
  results.filter((r) => !r.ran || (r.exitCode !== 0 && r.fail === 0)).length +
  (results.every((r) => r.unmatched) ? 1 : 0);
const passed = sum("pass");
const failed = sum("fail") + crashes;
console.log(
  `${passed + sum("fail") + sum("skip") + sum("todo")} tests across ${files.length} files, ${sum("expects")} expect() calls; ` +
    `template ${templateSeconds < 0 ? "failed or not needed" : `${templateSeconds.toFixed(1)} s`}, whole run ${((performance.now() - began) / 1000).toFixed(1)} s, ` +
    `CPU ${(results.reduce((s, r) => s + Math.max(r.cpu, 0), 0) + Math.max(templateCpu, 0) + cpuUsage().user / 1e6 + cpuUsage().system / 1e6).toFixed(1)} s`,
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || results.some((r) => r.exitCode !== 0) ? 1 : 0);
