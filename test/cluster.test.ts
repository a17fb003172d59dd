import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import postgres from "postgres";
import { loadConfig } from "../src/config.ts";
import { seedDemo } from "../src/demo/seed.ts";
import { createLogger } from "../src/log.ts";
import { prepareDatabase } from "../src/prepare-database.ts";
import { serverDatabase } from "./support/postgres-cluster.ts";
import { holdExpertsTable, someoneWaitsForExperts } from "./support/table-lock.ts";
import { alive, type ServerProcess, spawnServer } from "./support/server-process.ts";
import { startTestSmtp, type TestSmtp } from "./support/smtp.ts";

// WORKERS=2 as an operator runs it: a primary and two worker processes on one port, against a
// PostgreSQL server (a fresh database on TEST_DATABASE_URL's server, else a cluster of this test's own).
let database: Awaited<ReturnType<typeof serverDatabase>>;
let smtp: TestSmtp;
let cluster: ServerProcess;
let url: string;
let port: number;
let slug: string;

const env = () => ({
  DATABASE_URL: database.databaseUrl,
  RATE_LIMITS: "on",
  SMTP_URL: smtp.url,
  PORT: "0",
  WORKERS: "2",
});
const primaryListening = (l: Record<string, any>) => l.msg === "listening" && l.worker === undefined;
// A new connection per request, so the kernel spreads them over the workers (SO_REUSEPORT hashes
// each connection's addresses and ports), as it does for many clients.
const fresh = (path: string) =>
  fetch(`${url}${path}`, { headers: { connection: "close" }, keepalive: false } as RequestInit);

beforeAll(async () => {
  database = await serverDatabase();
  const config = loadConfig({ DATABASE_URL: database.databaseUrl, LOG_LEVEL: "silent" });
  const { db } = await prepareDatabase(config, createLogger("silent"));
  await seedDemo(db.sql);
  [{ slug }] = await db.sql`select slug from experts where is_verified order by id limit 1`;
  await db.close();
  smtp = await startTestSmtp();
  cluster = spawnServer(env());
  url = (await cluster.waitForLog(primaryListening, 60_000)).url;
  port = Number(new URL(url).port);
}, 120_000);

afterAll(async () => {
  if (cluster.proc.exitCode === null) cluster.proc.kill("SIGKILL");
  await cluster.exited;
  await smtp.stop();
  await database.drop();
}, 60_000);

describe("WORKERS=2 on one port", () => {
  it("starts two workers besides the primary, each answering /healthz, /readyz and /metrics", async () => {
    const listening = cluster.logs.filter((l) => l.msg === "listening" && l.worker !== undefined);
    expect(listening.map((l) => l.worker).sort()).toEqual([0, 1]);
    expect(listening.every((l) => l.url === url)).toBe(true);
    expect(cluster.logs.find(primaryListening)).toMatchObject({
      workers: 2,
      rate_limit_store: "primary",
      database: "server",
    });
    expect((await fresh("/healthz")).status).toBe(200);
    expect(await (await fresh("/readyz")).json()).toEqual({
      status: "ready",
      database: "ok",
      rate_limit_store: "primary",
    });
    expect(await (await fresh("/metrics")).text()).toContain("# TYPE http_requests_total counter");
  });

  it("shares one search budget: the 61st search from one address is refused, whichever worker answers", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await fresh("/api/agents/experts?limit=1")).status);
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(200));
    expect(statuses[60]).toBe(429);
    // Both workers answered some of them: the budget held across processes, not within one.
    const searches = () => cluster.logs.filter((l) => l.msg === "request" && l.route === "/api/agents/experts/");
    for (let i = 0; i < 1500 && searches().length < 61; i++) await Bun.sleep(20); // a count of looks, not a deadline
    const byWorker = Object.groupBy(searches(), (l) => String(l.worker));
    expect(Object.keys(byWorker).sort()).toEqual(["0", "1"]);
    expect(searches().filter((l) => l.status === 429)).toHaveLength(1);
  });

  it("runs one outbox sender, in the primary", async () => {
    const senders = cluster.logs.filter((l) => l.msg === "mail delivery");
    expect(senders).toHaveLength(1);
    expect(senders[0].worker).toBeUndefined();
  });

  it("refuses to start a second server on the port, with WORKERS=2 or alone", async () => {
    for (const workers of ["2", "1"]) {
      const second = spawnServer({ ...env(), PORT: String(port), WORKERS: workers });
      expect(await second.exited).toBe(1);
      expect(second.stderr()).toContain(`port ${port} is already in use`);
    }
    expect((await fresh("/healthz")).status).toBe(200);
  });

  it("restarts a worker that dies, logging it, and keeps serving", async () => {
    const victim = cluster.logs.find((l) => l.msg === "listening" && l.worker === 0)!.pid as number;
    process.kill(victim, "SIGKILL");
    const exit = await cluster.waitForLog((l) => l.msg === "worker exited unexpectedly; restarting it");
    expect(exit).toMatchObject({ level: "error", worker: 0, pid: victim, restart_in_ms: 250 });
    await cluster.waitForLog((l) => l.msg === "worker restarted" && l.worker === 0);
    for (let i = 0; i < 10; i++) expect((await fresh("/healthz")).status).toBe(200);
  });

  it("on SIGTERM stops accepting in every worker, lets a request in flight finish, and exits 0", async () => {
    const workerPids = cluster.logs
      .filter((l) => l.msg === "listening" && l.worker !== undefined)
      .map((l) => l.pid as number);
    // Another session holds the experts table, so a profile read waits until the test lets go.
    // Two connections: one holds the lock, the other watches for the request waiting on it.
    const other = postgres(database.databaseUrl, { max: 2, onnotice: () => {} });
    const lock = await holdExpertsTable(other);
    const inFlight = fresh(`/api/agents/experts/${slug}`);
    await someoneWaitsForExperts(other); // the profile read is in flight, held by the lock
    cluster.proc.kill("SIGTERM");
    await cluster.waitForLog(
      (l) => l.msg === "shutting down: no new connections; finishing requests in flight" && l.in_flight === 1,
    );
    // Each worker stops listening right after saying so: once both said it, none accepts any more.
    const stopping = () =>
      cluster.logs.filter(
        (l) => l.msg === "shutting down: no new connections; finishing requests in flight" && l.worker !== undefined,
      );
    for (let i = 0; i < 1500 && stopping().length < 2; i++) await Bun.sleep(20);
    expect(
      stopping()
        .map((l) => l.worker)
        .sort(),
    ).toEqual([0, 1]);
    await expect(fresh("/healthz")).rejects.toThrow();
    await lock.release();
    await other.end();
    expect((await inFlight).status).toBe(200);
    expect(await cluster.exited).toBe(0);
    for (const pid of workerPids) expect(alive(pid)).toBe(false);
  });
});
