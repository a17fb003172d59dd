import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import postgres from "postgres";
import { holdExpertsTable } from "./support/table-lock.ts";
import { get, startApp, type TestApp } from "./support/app.ts";
import { createPostgresCluster, type PostgresCluster } from "./support/postgres-cluster.ts";

// A PostgreSQL cluster of this test's own, so it can be stopped and started again under the running app.
let cluster: PostgresCluster;
let port: number;
const startCluster = () => cluster.start();
const stopCluster = () => cluster.stop();
let database: { databaseUrl: string; dataDir: string };
let app: TestApp;
beforeAll(async () => {
  cluster = createPostgresCluster();
  port = cluster.port;
  database = { databaseUrl: cluster.url, dataDir: "memory://" };
  app = await startApp({ env: { LOG_LEVEL: "debug", RATE_LIMITS: "on" }, database });
}, 60_000);

// The app first, while its database still answers (stopping with the database down is not what
// these tests are about, and under load left a pool query to end unhandled between suites).
afterAll(async () => {
  try {
    startCluster(); // a failed test may have left it stopped
  } catch {
    // already running
  }
  await app?.stop();
  try {
    stopCluster();
  } catch {
    // already stopped
  }
  cluster?.remove();
}, 30_000);

describe("when the database goes away", () => {
  it("bounds the shutdown: a request stuck past SHUTDOWN_TIMEOUT is cut and the process still stops", async () => {
    // An instance of its own: after a database restart postgres.js's sql.end() waits out its
    // whole timeout (5 s), which this test has no need to sit through.
    const app = await startApp({ env: { LOG_LEVEL: "debug", RATE_LIMITS: "on", SHUTDOWN_TIMEOUT: "0.5" }, database });
    // Another session holds the experts table, so a search waits for the lock indefinitely.
    const other = postgres(`postgres://postgres@127.0.0.1:${port}/postgres`, { max: 1, onnotice: () => {} });
    const lock = await holdExpertsTable(other);
    const stuck = fetch(`${app.url}/api/agents/experts?limit=1`).then(
      (r) => `answered ${r.status}`,
      () => "cut",
    );
    for (let i = 0; i < 1500 && app.server.inFlight() < 1; i++) await Bun.sleep(20); // looks, not a deadline
    expect(app.server.inFlight()).toBe(1);
    // the lock is let go only in a close hook, i.e. after the drain timed out
    app.server.onShutdown("release the test lock", () => lock.release());
    await app.server.stop();
    expect(await stuck).toBe("cut");
    expect(app.logs.some((l) => l.msg === "requests still in flight at the shutdown timeout; closing them")).toBe(true);
    await lock.release();
    await other.end();
  });

  it("answers 503 problems (no hang, no crash) and recovers by itself when it returns", async () => {
    expect((await get(app, "/api/agents/experts?limit=1")).status).toBe(200);
    expect((await get(app, "/readyz")).status).toBe(200);

    stopCluster();
    // The search above is remembered; this process learns the database is gone when its listening
    // connection closes (an event of this same loop, so after the stop returns, not before the next
    // request): from then on it reads the version per request and gets the 503.
    for (let i = 0; i < 600 && (await get(app, "/api/agents/experts?limit=1")).status === 200; i++) await Bun.sleep(50);
    for (const path of [
      "/api/agents/experts?limit=1",
      "/api/agents/experts/some-expert",
      "/api/agents/experts/some-expert/availability",
    ]) {
      const res = await get(app, path); // checked against the contract: 503 is documented, with a problem body
      expect(res.status).toBe(503);
      expect(res.headers.get("content-type")).toStartWith("application/problem+json");
      expect(res.body.detail).toContain("database is unavailable");
      expect(res.headers.get("retry-after")).toBe("5");
    }
    const ready = await get(app, "/readyz");
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe(503);
    expect((await get(app, "/healthz")).status).toBe(200); // the process itself is fine
    expect((await fetch(`${app.url}/metrics`)).status).toBe(200); // and still observable
    expect(app.logs.some((l) => l.msg === "database unavailable")).toBe(true);

    startCluster();
    let status = 0;
    for (let i = 0; i < 300 && status !== 200; i++) {
      status = (await get(app, "/api/agents/experts?limit=1")).status;
      if (status !== 200) await Bun.sleep(100);
    }
    expect(status).toBe(200);
    expect((await get(app, "/readyz")).status).toBe(200);
  }, 120_000);
});
