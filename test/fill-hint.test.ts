// A server started on an empty PostgreSQL database says once, at start, how to fill the directory:
// real processes (a cluster of two workers, then one) on a database of the test's own.
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { join, resolve } from "node:path";
import { serverDatabase } from "./support/postgres-cluster.ts";
import { type ServerProcess, spawnServer } from "./support/server-process.ts";

const root = join(import.meta.dir, "..");
const EMPTY = "the directory is empty";
let database: Awaited<ReturnType<typeof serverDatabase>>;

beforeAll(async () => {
  database = await serverDatabase();
});
afterAll(async () => {
  await database?.drop();
});

async function stop(server: ServerProcess) {
  if (server.proc.exitCode === null) server.proc.kill("SIGTERM");
  await server.exited;
}

const listening = (l: Record<string, any>) => l.msg === "listening";

describe("an empty directory on PostgreSQL", () => {
  it("is announced once with the exact commands that fill it, and those commands work", async () => {
    const env = { DATABASE_URL: database.databaseUrl, PORT: "0", RATE_LIMITS: "off", OUTBOX_INTERVAL_MS: "3600000" };
    const empty = spawnServer({ ...env, WORKERS: "2" });
    let hint: Record<string, any>;
    try {
      hint = await empty.waitForLog((l) => l.level === "warn" && String(l.msg).startsWith(EMPTY), 90_000);
      const { url } = await empty.waitForLog(listening, 90_000);
      expect((await fetch(`${url}/api/agents/experts`).then((r) => r.json())).experts).toEqual([]);
      // Two workers and their primary: said once, by the primary.
      expect(empty.logs.filter((l) => String(l.msg).startsWith(EMPTY)).length).toBe(1);
    } finally {
      await stop(empty);
    }
    const program = process.env.EXECUTABLE ? resolve(process.env.EXECUTABLE) : "bun src/main.ts";
    expect(hint.seed_demo).toBe(`${program} seed --demo`);
    expect(hint.import).toBe(`${program} import FILE`);
    expect(hint.msg).toContain(`"${program} seed --demo"`);
    expect(hint.msg).toContain(`"${program} import FILE"`);
    expect(JSON.stringify(hint)).not.toContain(database.databaseUrl); // it may hold a password

    // The command as given, in a shell in the directory the server ran in, with the same DATABASE_URL.
    const seed = Bun.spawn(["sh", "-c", hint.seed_demo], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: "warn", DATABASE_URL: database.databaseUrl },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [out, err, code] = await Promise.all([
      new Response(seed.stdout).text(),
      new Response(seed.stderr).text(),
      seed.exited,
    ]);
    expect({ code, err }).toEqual({ code: 0, err: "" });
    expect(out).toContain("Demo directory loaded");

    const filled = spawnServer({ ...env, WORKERS: "1" });
    try {
      const { url } = await filled.waitForLog(listening, 90_000);
      expect((await fetch(`${url}/api/agents/experts`).then((r) => r.json())).experts.length).toBeGreaterThan(0);
      expect(filled.logs.filter((l) => String(l.msg).startsWith(EMPTY))).toEqual([]);
    } finally {
      await stop(filled);
    }
    expect(filled.logs.filter((l) => String(l.msg).startsWith(EMPTY))).toEqual([]);
  }, 240_000);
});
