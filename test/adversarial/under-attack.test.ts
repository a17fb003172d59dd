import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freshDatabase } from "../support/app.ts";

// Issue 11, "load while attacked": with 20 hostile requests in flight at every moment (bodies
// nested 60 KB deep, chunked bodies dripping towards the size cap), /healthz and a search still
// answer, every time, and the server process stays under 1 GB RSS. Server, attackers
// (test/support/attackers.ts) and this probing test are three processes, so the server's memory is
// measured alone, from /proc.

const ATTACKERS = 20;
// Probe rounds (a /healthz and a search each) while the attack runs; the attack stops after them.
const PROBE_ROUNDS = 10;
export const lastRun: Record<string, number> = {};

let server: Bun.Subprocess<"ignore", "ignore", "pipe">;
let url: string;
let drop: () => Promise<void>;
const dir = mkdtempSync(join(tmpdir(), "ed-attack-"));

/** The server process's resident memory (Linux /proc), in bytes. */
function serverRss(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) * 1024;
}

beforeAll(async () => {
  // The server runs as an operator runs it, in a process of its own, so its memory is measured alone.
  const database = await freshDatabase();
  drop = database.drop;
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: "0",
    LOG_LEVEL: "info",
    RATE_LIMITS: "off",
    DATA_DIR: join(dir, "data"),
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  };
  if (database.databaseUrl) {
    const seeded = Bun.spawnSync([process.execPath, join(import.meta.dir, "../../src/main.ts"), "seed", "--demo"], {
      env,
      stdout: "ignore",
      stderr: "pipe",
    });
    if (seeded.exitCode !== 0) throw new Error(seeded.stderr.toString());
  }
  server = Bun.spawn([process.execPath, join(import.meta.dir, "../../src/main.ts"), "serve"], {
    env,
    stdin: "ignore",
    stdout: "ignore",
    stderr: "pipe",
  });
  const lines = server.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  while (!url) {
    const { value, done } = await lines.read();
    if (done) throw new Error(`the server exited: ${seen}`);
    seen += value;
    url = /"msg":"listening","url":"([^"]+)"/.exec(seen)?.[1] ?? "";
  }
  void (async () => {
    while (!(await lines.read()).done); // keep draining its log
  })();
  // A bound, not a speed: a first start loads the demo directory and the vocabulary, and on a
  // machine busy with other suites it took past 120 s once (a CI run, load 12–14).
}, 300_000);

afterAll(async () => {
  server?.kill();
  await server?.exited;
  await drop?.();
  rmSync(dir, { recursive: true, force: true });
});

// A probe that gets no answer within PROBE_DEADLINE_MS fails the test: generous, as "it eventually
// answered" (the machine is shared; before the fix a single nested body held /healthz for 27 s).
// How long probes took is reported (FUZZ_REPORT), never asserted.
const PROBE_DEADLINE_MS = 15_000;

async function timedGet(path: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(PROBE_DEADLINE_MS) });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

describe("under attack", () => {
  it(`keeps answering /healthz and a search with ${ATTACKERS} hostile requests in flight, under 1 GB RSS`, async () => {
    const baselineRss = serverRss();
    const attack = Bun.spawn(
      [process.execPath, join(import.meta.dir, "../support/attackers.ts"), url, String(ATTACKERS)],
      {
        stdout: "pipe",
        stderr: "inherit",
      },
    );
    const probes: { status: number; ms: number }[] = [];
    let peakRss = baselineRss;
    await Bun.sleep(300); // let the attack build up
    for (let round = 0; round < PROBE_ROUNDS; round++) {
      const [health, search] = await Promise.all([timedGet("/healthz"), timedGet("/api/agents/experts?q=tax&limit=5")]);
      probes.push(health, search);
      expect(health.status).toBe(200);
      expect(search.status).toBe(200);
      peakRss = Math.max(peakRss, serverRss());
      await Bun.sleep(100);
    }
    attack.kill("SIGTERM");
    const statuses: Record<string, number> = JSON.parse(await new Response(attack.stdout).text());
    expect(await attack.exited).toBe(0);
    peakRss = Math.max(peakRss, serverRss());
    const worst = Math.max(...probes.map((p) => p.ms));
    Object.assign(lastRun, {
      probes: probes.length,
      worstMs: Math.round(worst),
      peakRssMb: Math.round(peakRss / 2 ** 20),
      baselineRssMb: Math.round(baselineRss / 2 ** 20),
      hostile: Object.values(statuses).reduce((a, b) => a + b, 0),
    });
    if (process.env.FUZZ_REPORT) console.log(JSON.stringify(lastRun));
    expect(peakRss).toBeLessThan(1024 ** 3);
    expect(lastRun.hostile).toBeGreaterThanOrEqual(ATTACKERS); // each attacker's requests were all answered
    // every hostile request refused with a 4xx, never a 5xx or a dropped connection
    expect(Object.keys(statuses).every((s) => ["400", "401", "413"].includes(s))).toBe(true);
  }, 60_000);
});
