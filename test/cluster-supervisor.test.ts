import { describe, expect, it } from "bun:test";
import { availableParallelism } from "node:os";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EXIT_PORT_IN_USE } from "../src/cluster/messages.ts";
import { PortInUseError } from "../src/http/port.ts";
import { superviseWorkers, WorkersFailedError } from "../src/cluster/supervisor.ts";
import { ConfigError, loadConfig } from "../src/config.ts";
import { answerHit } from "../src/http/rate-limit-ipc.ts";
import { localStore } from "../src/http/rate-limit-store.ts";
import { createLogger } from "../src/log.ts";
import { runCli } from "./support/cli.ts";

// The parts of WORKERS that need no database: its configuration, the primary's supervision of real
// worker processes (tiny scripts here), and one rate-limit budget counted over IPC for them all.
function capturedLog() {
  const lines: Record<string, any>[] = [];
  return { lines, log: createLogger("debug", (line) => void lines.push(JSON.parse(line))) };
}
const script = (code: string) => [process.execPath, "-e", code];
const fast = { baseMs: 20, maxMs: 1000 };

describe("WORKERS configuration", () => {
  it("defaults to the number of cores on a PostgreSQL server and to 1 on the embedded database", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://db/x" }).workers).toBe(availableParallelism());
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ DATABASE_URL: "postgres://db/x", WORKERS: "3" }).workers).toBe(3);
    expect(loadConfig({ WORKERS: "1" }).workers).toBe(1);
  });

  it("refuses a value that is not a whole number from 1, naming WORKERS", () => {
    for (const bad of ["0", "-1", "two", "1.5", "257"]) {
      expect(() => loadConfig({ DATABASE_URL: "postgres://db/x", WORKERS: bad })).toThrow(
        new ConfigError(`WORKERS must be a whole number from 1 to 256 (processes serving HTTP), got "${bad}"`),
      );
    }
  });

  it("refuses more than one worker on the embedded database, at start, saying why", async () => {
    expect(() => loadConfig({ WORKERS: "2" })).toThrow("WORKERS=2 needs DATABASE_URL");
    const result = await runCli(["serve"], { WORKERS: "4" });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "Error: WORKERS=4 needs DATABASE_URL: the embedded database is one session owned by one process",
    );
  });
});

describe("a port already in use", () => {
  it("stops a server alone with a clear error, before it opens the database, even beside a SO_REUSEPORT listener", async () => {
    // What a cluster's workers look like to the kernel: a listener with SO_REUSEPORT set.
    const other = Bun.serve({ port: 0, hostname: "127.0.0.1", reusePort: true, fetch: () => new Response("other") });
    const dataDir = mkdtempSync(join(tmpdir(), "ed-port-"));
    try {
      const result = await runCli(["serve"], { PORT: String(other.port), DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `Error: port ${other.port} is already in use on 127.0.0.1 (another server is listening there; stop it or set PORT)\n`,
      );
      expect(readdirSync(dataDir)).toEqual([]);
      expect(await (await fetch(`http://127.0.0.1:${other.port}/`)).text()).toBe("other");
    } finally {
      other.stop(true);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the primary's supervision", () => {
  it("gives up when a worker keeps dying before it serves, so the primary can exit non-zero", async () => {
    const { lines, log } = capturedLog();
    const workers = superviseWorkers({
      count: 1,
      command: script("process.exit(3)"),
      env: () => process.env,
      log,
      onMessage() {},
      backoff: fast,
    });
    const reason = await workers.failed;
    expect(reason).toBeInstanceOf(WorkersFailedError);
    expect(reason.message).toBe("worker 0 exited 3 times in a row before serving (last exit code 3, signal none)");
    expect(workers.ready).rejects.toBe(reason);
    expect(
      lines.filter((l) => l.msg === "worker exited before serving; starting it again").map((l) => l.restart_in_ms),
    ).toEqual([20, 40]);
    expect(await workers.stop(1000)).toBe(true);
  });

  it("stops at once when a worker reports its port taken", async () => {
    const { log } = capturedLog();
    const workers = superviseWorkers({
      count: 2,
      command: script(`process.exit(${EXIT_PORT_IN_USE})`),
      env: () => process.env,
      log,
      onMessage() {},
      fatalExit: (code) => (code === EXIT_PORT_IN_USE ? new PortInUseError(4321, "127.0.0.1") : null),
    });
    expect((await workers.failed).message).toStartWith("port 4321 is already in use on 127.0.0.1");
    await workers.stop(1000);
  });

  it("restarts a worker that dies after serving, with a growing back-off, and none after stop()", async () => {
    const { lines, log } = capturedLog();
    const crashes = () => lines.filter((l) => l.msg === "worker exited unexpectedly; restarting it");
    const workers = superviseWorkers({
      count: 1,
      command: script(`process.send({ type: "ready" }); setTimeout(() => process.exit(7), 30)`),
      env: () => process.env,
      log,
      onMessage() {},
      backoff: fast,
    });
    await workers.ready;
    while (crashes().length < 3) await Bun.sleep(10);
    expect(
      crashes()
        .slice(0, 3)
        .map((l) => [l.exit_code, l.restart_in_ms]),
    ).toEqual([
      [7, 20],
      [7, 40],
      [7, 80],
    ]);
    expect(lines.filter((l) => l.msg === "worker restarted").length).toBeGreaterThanOrEqual(2);
    await workers.stop(1000);
    const after = crashes().length;
    await Bun.sleep(300);
    expect(crashes().length).toBe(after);
    expect(workers.pids()).toEqual([]);
  });
});

describe("one rate-limit budget over IPC", () => {
  it("lets exactly 60 of 80 concurrent hits through across two worker processes", async () => {
    const store = localStore();
    const reports: { allowed: number; fallbacks: number }[] = [];
    const workers = superviseWorkers({
      count: 2,
      command: [process.execPath, join(import.meta.dir, "support/ipc-worker.ts")],
      env: () => ({ ...process.env, HITS: "40" }),
      log: capturedLog().log,
      onMessage(message: any, worker) {
        if (!answerHit(store, message, (answer) => worker.send(answer)) && message.type === "done")
          reports.push(message);
      },
    });
    await workers.ready;
    while (reports.length < 2) await Bun.sleep(10);
    expect(reports.map((r) => r.fallbacks)).toEqual([0, 0]);
    expect(reports[0].allowed + reports[1].allowed).toBe(60);
    expect(store.peek("search:ip:203.0.113.7", 60, 60_000, Date.now())).toMatchObject({ allowed: false, count: 60 });
    // SIGKILL comes only after this wait, and a worker a loaded machine has not scheduled yet must
    // still exit 0 on its SIGTERM: stop() resolves as soon as both have, so a long wait costs nothing.
    expect(await workers.stop(30_000)).toBe(true);
    store.close();
  });
});
