// A bulk import's indexes are built back (restoreDeferred, src/search/reindex.ts) while autovacuum
// may clean the TOAST table of the same table. PostgreSQL's CREATE INDEX reads row versions that a
// transaction still running at its start may see, and a vacuum of the TOAST table alone (with a
// newer horizon) can remove such a version's chunks before the build reaches it: "missing chunk
// number 0 for toast value". This makes that happen on a real server, in order: the build waits at
// the first row (an index function that waits for an advisory lock the test holds) while the old
// reader ends and the TOAST is vacuumed. (A sleep of a second instead was too short for a busy CI run.)
import { afterAll, beforeAll, expect, it } from "bun:test";
import postgres from "postgres";
import { type Database, openDatabase } from "../src/db/connect.ts";
import { migrate } from "../src/db/migrate.ts";
import { restoreDeferred } from "../src/search/reindex.ts";
import { createPostgresCluster } from "./support/postgres-cluster.ts";

let database: { databaseUrl: string; drop(): Promise<void> };
let db: Database;

beforeAll(async () => {
  // A cluster of this test's own in both runs: on the run's shared cluster and on TEST_DATABASE_URL's
  // server, other suites' activity held the deleted row versions back past the vacuum in whole runs.
  const cluster = createPostgresCluster();
  database = { databaseUrl: cluster.url, drop: async () => cluster.remove() };
  db = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: "unused: a server database" });
  await migrate(db.sql);
}, 120_000); // initdb and a start, on a busy machine
afterAll(async () => {
  await db?.close();
  await database?.drop();
});

/**
 * Vacuums `table` until it reports its dead row versions removed: the race needs them gone, and
 * whatever holds the database's horizon back for a moment (in two whole runs on the run's shared
 * cluster something did, and what is not known) would otherwise leave them.
 */
async function vacuumUntilRemoved(table: string) {
  const notices: string[] = [];
  const session = postgres(database.databaseUrl, { max: 1, onnotice: (n) => notices.push(String(n.message)) });
  try {
    await until(async () => {
      notices.length = 0;
      await session.unsafe(`vacuum (verbose) ${table}`);
      const counts = notices
        .join("\n")
        .match(/tuples: (\d+) removed, \d+ remain, (\d+) are dead but not yet removable/);
      return counts !== null && Number(counts[2]) === 0 && Number(counts[1]) > 0;
    }, `a vacuum of ${table} that removes its dead row versions`);
  } finally {
    await session.end();
  }
}

/** The advisory lock the build waits for at row 1 while the test holds it. */
const GATE = 720_514_099;

async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await Bun.sleep(50);
  }
  throw new Error(`gave up waiting for ${what}`);
}

it("builds an index back when the TOAST of a row deleted under an older reader was vacuumed during the build", async () => {
  const { sql } = db;
  await sql`create table toast_race (id int not null, doc text not null)`;
  // Out of line and uncompressed, and no vacuum but the test's own.
  await sql`alter table toast_race alter column doc set storage external`;
  await sql`alter table toast_race set (autovacuum_enabled = false, toast.autovacuum_enabled = false)`;
  await sql`create sequence toast_race_builds`;
  // The index's key: it counts the builds, and waits at row 1 (met first) while the test holds GATE.
  await sql.unsafe(`
    create function toast_race_key(id int, doc text) returns text immutable language plpgsql as $$
    begin
      if id = 1 then
        perform nextval('toast_race_builds');
        perform pg_advisory_lock(${GATE});
        perform pg_advisory_unlock(${GATE});
      end if;
      return md5(doc);
    end $$`);
  await sql`insert into toast_race values (1, 'first'), (2, (select string_agg(md5(k::text), '') from generate_series(1, 200) k))`;

  // A reader older than the delete: row 2's old version is still visible to it when the build starts.
  const reader = await sql.reserve();
  const restorer = await sql.reserve();
  const gate = await sql.reserve();
  try {
    await gate`select pg_advisory_lock(${GATE})`;
    await reader`begin isolation level repeatable read`;
    await reader`select count(*) from toast_race`;
    await sql`delete from toast_race where id = 2`;
    await sql`insert into import_deferred (name, kind, restore)
      values ('toast_race_key', 'index', 'create index toast_race_key on toast_race (toast_race_key(id, doc))')`;

    const restored = restoreDeferred(restorer);
    restored.catch(() => {}); // awaited below
    await until(
      async () =>
        (
          await sql`select 1 from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'
              and query like 'create index toast_race_key%'`
        ).length > 0,
      "the build to reach row 1",
    );
    // The reader ends, and the TOAST table alone is vacuumed: row 2's chunks go, its row version stays.
    await reader`commit`;
    const [{ toast }] = await sql<{ toast: string }[]>`
      select reltoastrelid::regclass::text as toast from pg_class where oid = 'toast_race'::regclass`;
    await vacuumUntilRemoved(toast);
    await gate`select pg_advisory_unlock(${GATE})`;

    expect(await restored).toBe(1);
  } finally {
    reader.release();
    restorer.release();
    gate.release();
  }
  // Built twice: the first build met the missing chunks, the second skipped the dead row.
  expect((await sql<{ builds: string }[]>`select last_value::text as builds from toast_race_builds`)[0].builds).toBe(
    "2",
  );
  expect((await sql`select 1 from pg_indexes where indexname = 'toast_race_key'`).length).toBe(1);
  expect((await sql`select 1 from import_deferred`).length).toBe(0);
});
