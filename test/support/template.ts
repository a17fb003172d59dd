// One migrated, demo-seeded database per test run, cloned for every suite that needs one: booting
// PGlite, migrating and seeding took ~28 s of a suite's time, cloning takes a file copy (PGlite) or
// a CREATE DATABASE … TEMPLATE (server). The template is always made new for the run (a new
// migration is in it) and removed at its end. test/run.ts makes it before the first suite and
// hands it to every `bun test` process in the environment; a `bun test` started directly makes one
// of its own, once, on first use (and removes it when the process ends, see test/preload.ts).
//
//   bun test/support/template.ts make [DIR]   prints the environment (JSON) of a new template
//
// A PGlite template takes ~20 s to make on a busy machine, so the runner starts the suites while it
// is being made in DIR: a copy waits for DIR/ready (written once the data directory is closed and
// complete) and gives up on DIR/failed.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";

/** PGlite: a directory holding `data`, a closed data directory, migrated and seeded, to copy. */
export const TEMPLATE_DIR_ENV = "TEST_TEMPLATE_DIR";
/** PostgreSQL: the name of a migrated, seeded database on TEST_DATABASE_URL's server. */
export const TEMPLATE_DATABASE_ENV = "TEST_TEMPLATE_DATABASE";

/** TEST_DATABASE_URL with another database: the server and credentials stay, the name changes. */
export function onDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

/** A connection to the server's `postgres` maintenance database, to create and drop databases. */
export const maintenanceSql = (serverUrl: string) =>
  postgres(onDatabase(serverUrl, "postgres"), { max: 1, onnotice: () => {} });

export interface Template {
  /** What `bun test` processes need to find it (TEST_TEMPLATE_DIR or TEST_TEMPLATE_DATABASE). */
  env: Record<string, string>;
}

/**
 * Makes the run's template: on `serverUrl`'s server a database `ed_tpl_<run id>`, otherwise a PGlite
 * data directory in a temporary directory; both migrated and seeded as a fresh instance is (the
 * embedded database seeds itself on first start, a server database gets the demo as startApp gave it).
 */
export async function makeTemplate(serverUrl = process.env.TEST_DATABASE_URL, into?: string): Promise<Template> {
  // Loaded here: the runner only removes templates and needs neither PGlite nor the app.
  const { loadConfig } = await import("../../src/config.ts");
  const { createLogger } = await import("../../src/log.ts");
  const { prepareDatabase } = await import("../../src/prepare-database.ts");
  const { seedDemo, seedDemoIfNeverFilled } = await import("../../src/demo/seed.ts");
  const log = createLogger("silent", () => {});
  if (serverUrl) {
    const name = `ed_tpl_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = maintenanceSql(serverUrl);
    try {
      await admin`create database ${admin(name)}`;
      const config = { ...loadConfig({ LOG_LEVEL: "silent" }), databaseUrl: onDatabase(serverUrl, name) };
      const { db } = await prepareDatabase(config, log);
      try {
        await seedDemo(db.sql);
      } finally {
        await db.close();
      }
      // CREATE DATABASE … TEMPLATE fails while anyone is connected to the template: nobody may.
      await admin`alter database ${admin(name)} with allow_connections false`;
    } catch (error) {
      await admin`drop database if exists ${admin(name)} with (force)`.catch(() => {});
      throw error;
    } finally {
      await admin.end();
    }
    return { env: { [TEMPLATE_DATABASE_ENV]: name } };
  }
  const dir = into ?? mkdtempSync(join(tmpdir(), "ed-tpl-"));
  try {
    const dataDir = join(dir, "data");
    const config = { ...loadConfig({ LOG_LEVEL: "silent" }), databaseUrl: null, dataDir };
    const { db } = await prepareDatabase(config, log);
    try {
      await seedDemoIfNeverFilled(db.sql);
      await db.sql`checkpoint`; // the files complete on their own: a copy replays no WAL
    } finally {
      await db.close();
    }
  } catch (error) {
    if (into) writeFileSync(join(dir, "failed"), String(error));
    else rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  writeFileSync(join(dir, "ready"), "");
  return { env: { [TEMPLATE_DIR_ENV]: dir } };
}

/** Removes a template makeTemplate() made (its env). */
export async function removeTemplate(
  env: Record<string, string | undefined>,
  serverUrl = process.env.TEST_DATABASE_URL,
) {
  const dir = env[TEMPLATE_DIR_ENV];
  if (dir) rmSync(dir, { recursive: true, force: true });
  const name = env[TEMPLATE_DATABASE_ENV];
  if (name && serverUrl) {
    const admin = maintenanceSql(serverUrl);
    try {
      await admin`drop database if exists ${admin(name)} with (force)`;
    } finally {
      await admin.end();
    }
  }
}

// The template of this process when no runner handed one down: made on first use, removed at exit.
let own: Promise<Template> | undefined;

/** The run's template: the runner's (environment) or, made once, this process's own. */
async function template(): Promise<Template> {
  const env = {
    [TEMPLATE_DIR_ENV]: process.env[TEMPLATE_DIR_ENV],
    [TEMPLATE_DATABASE_ENV]: process.env[TEMPLATE_DATABASE_ENV],
  };
  if (process.env.TEST_DATABASE_URL ? env[TEMPLATE_DATABASE_ENV] : env[TEMPLATE_DIR_ENV])
    return { env: env as Record<string, string> };
  own ??= makeTemplate();
  return own;
}

/** Removes this process's own template, if it made one (test/preload.ts, after the last suite). */
export async function removeOwnTemplate() {
  const made = own;
  own = undefined;
  if (made) await removeTemplate((await made).env);
}

/**
 * A copy of the template as PGlite data directory in a new directory. Returns the data
 * directory and the function that deletes it (after the database using it closed).
 */
export async function cloneEmbedded(): Promise<{ dataDir: string; remove(): void }> {
  const source = (await template()).env[TEMPLATE_DIR_ENV]!;
  // Generous: the maker shares the machine with the suites that started beside it.
  for (let waited = 0; !existsSync(join(source, "ready")); waited += 100) {
    if (existsSync(join(source, "failed")))
      throw new Error(`the database template failed: ${readFileSync(join(source, "failed"), "utf8")}`);
    if (!existsSync(source) || waited > 300_000) throw new Error(`the database template in ${source} never got ready`);
    await Bun.sleep(100);
  }
  // Inside the template's directory: a lane killed before its suites removed their copies leaves
  // nothing behind once the run removes the template.
  const dir = mkdtempSync(join(source, "copy-"));
  const dataDir = join(dir, "data");
  cpSync(join(source, "data"), dataDir, { recursive: true });
  return { dataDir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Creates database `name` on the server as a copy of the run's template database. */
export async function cloneOnServer(admin: postgres.Sql, name: string): Promise<void> {
  const source = (await template()).env[TEMPLATE_DATABASE_ENV]!;
  // Another process's clone holds no connection to the template, but the server may still be
  // closing the template maker's sessions for a moment: "being accessed by other users" (55006).
  for (let attempt = 1; ; attempt++) {
    try {
      await admin`create database ${admin(name)} template ${admin(source)}`;
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "55006" || attempt >= 5) throw error;
      await Bun.sleep(200 * attempt);
    }
  }
}

if (import.meta.main) {
  if (Bun.argv[2] !== "make") throw new Error("usage: bun test/support/template.ts make [DIR]");
  const made = await makeTemplate(undefined, Bun.argv[3]);
  console.log(JSON.stringify(made.env));
}
