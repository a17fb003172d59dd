import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import postgres from "postgres";
import { freshDatabase, onDatabase } from "./support/app.ts";
import {
  CLUSTER_DIR_ENV,
  createPostgresCluster,
  type PostgresCluster,
  sharedCluster,
} from "./support/postgres-cluster.ts";

// README: `TEST_DATABASE_URL=…/test bun run test` works on a fresh PostgreSQL server, where no
// database `test` exists yet. On TEST_DATABASE_URL's server when set, else on the run's shared
// cluster (test/run.ts), else on a cluster of our own.
let cluster: PostgresCluster | undefined;
let server: string;
let admin: postgres.Sql;
const missing = `ed_missing_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const exists = async (name: string) => (await admin`select 1 from pg_database where datname = ${name}`).length === 1;

beforeAll(async () => {
  const shared = process.env[CLUSTER_DIR_ENV];
  if (!process.env.TEST_DATABASE_URL && !shared) cluster = createPostgresCluster();
  server = process.env.TEST_DATABASE_URL ?? (shared ? await sharedCluster(shared) : cluster!.url);
  admin = postgres(onDatabase(server, "postgres"), { max: 1, onnotice: () => {} });
}, 60_000);

afterAll(async () => {
  await admin`drop database if exists ${admin(missing)} with (force)`;
  await admin.end();
  cluster?.remove();
}, 60_000);

describe("the test command's database server", () => {
  it("creates the database TEST_DATABASE_URL names when it is missing, then a fresh one per test process", async () => {
    expect(await exists(missing)).toBe(false);
    const fresh = await freshDatabase(onDatabase(server, missing));
    expect(await exists(missing)).toBe(true);
    const name = new URL(fresh.databaseUrl!).pathname.slice(1);
    expect(name).toStartWith("ed_test_");
    const inFresh = postgres(fresh.databaseUrl!, { max: 1, onnotice: () => {} });
    const [{ current }] = await inFresh`select current_database() as current`;
    expect(current).toBe(name);
    await inFresh.end();
    await fresh.drop();
    expect(await exists(name)).toBe(false);
    // A second fresh database on the same URL: the named one is there already, nothing fails.
    const again = await freshDatabase(onDatabase(server, missing));
    await again.drop();
  }, 60_000);
});
