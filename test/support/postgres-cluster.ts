// A PostgreSQL cluster of a test's own (initdb/pg_ctl on a random port in a temporary directory),
// for suites that need a server database even when TEST_DATABASE_URL is unset, or one they may stop
// and start under a running app. initdb refuses to run as root: then the cluster belongs to `postgres`.
//
// Suites that only need a database on some server (serverDatabase) share one cluster per run when
// test/run.ts names its directory (TEST_CLUSTER_DIR): the first suite to need it makes it (initdb
// took ~1.5 s of CPU and 2–5 s per suite), the others create their database on it, as they do on
// TEST_DATABASE_URL's server; the runner stops and removes it at the end (stopSharedCluster).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The run's shared cluster directory (test/run.ts); unset: each suite makes a cluster of its own. */
export const CLUSTER_DIR_ENV = "TEST_CLUSTER_DIR";

const BIN = "/usr/lib/postgresql/15/bin";

export interface PostgresCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  start(): void;
  stop(): void;
  /** Stops it (if running) and deletes its directory. */
  remove(): void;
}

/**
 * `dir`: a new, empty directory to make it in (default: a temporary one); `settings`: server
 * settings; `ports`: where to try to listen, one after another (default: random below the
 * ephemeral range).
 */
export function createPostgresCluster(
  options: { dir?: string; settings?: string; ports?: () => number } = {},
): PostgresCluster {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), "ed-pg-"));
  const data = join(dir, "data");
  // Below Linux's ephemeral range (32768+), where outgoing connections could already hold the port.
  // A server may still listen there (RabbitMQ's 25672 on CI's machine): then another is tried below.
  const randomPort = options.ports ?? (() => 21000 + Math.floor(Math.random() * 11000));
  let port = randomPort();
  const asRoot = process.getuid?.() === 0;
  function pg(args: string[]) {
    const cmd = asRoot ? ["runuser", "-u", "postgres", "--", ...args] : args;
    const result = Bun.spawnSync(cmd, { stdout: "pipe", stderr: "pipe" });
    if (result.exitCode !== 0)
      throw new Error(`${args.join(" ")} failed: ${result.stderr.toString()}${result.stdout.toString()}`);
  }
  if (asRoot && Bun.spawnSync(["chown", "postgres:postgres", dir]).exitCode !== 0)
    throw new Error(`cannot give ${dir} to postgres`);
  pg([`${BIN}/initdb`, "-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const cluster: PostgresCluster = {
    port,
    url: "",
    start: () =>
      pg([
        `${BIN}/pg_ctl`,
        "-D",
        data,
        "-w",
        "-l",
        join(dir, "log"),
        "-o",
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ${options.settings ?? ""}`,
        "start",
      ]),
    stop: () => pg([`${BIN}/pg_ctl`, "-D", data, "-w", "-m", "fast", "stop"]),
    remove() {
      try {
        cluster.stop();
      } catch {
        // not running
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  // The port is known to be free only by starting on it: a port another server holds is replaced
  // (a suite's cluster that did not start failed its beforeAll, "(fail) (unnamed)", in CI).
  for (let attempt = 1; ; attempt++) {
    try {
      cluster.start();
      break;
    } catch (error) {
      const log = existsSync(join(dir, "log")) ? readFileSync(join(dir, "log"), "utf8") : "";
      if (attempt >= 5 || !/could not bind|already in use/i.test(log)) throw error;
      port = randomPort();
    }
  }
  cluster.port = port;
  cluster.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return cluster;
}

/**
 * A server database for this test process: a fresh one on TEST_DATABASE_URL's server when set,
 * otherwise on a cluster of its own, so suites about several processes run in every test run.
 */
export async function serverDatabase(): Promise<{ databaseUrl: string; drop(): Promise<void> }> {
  // Loaded here: the runner imports this file for stopSharedCluster() and needs none of the app.
  const { freshDatabase } = await import("./app.ts");
  const shared = process.env[CLUSTER_DIR_ENV];
  const fresh = await freshDatabase(
    process.env.TEST_DATABASE_URL ?? (shared ? await sharedCluster(shared) : undefined),
  );
  if (fresh.databaseUrl) return { databaseUrl: fresh.databaseUrl, drop: fresh.drop };
  const cluster = createPostgresCluster();
  return { databaseUrl: cluster.url, drop: async () => cluster.remove() };
}

/**
 * The server URL of the run's shared cluster in `dir`: made by whichever process gets to create
 * `dir` first (mkdir is the lock), waited for by the others (its `url` file, or `failed`).
 */
export async function sharedCluster(dir: string): Promise<string> {
  const urlFile = join(dir, "url");
  let mine = false;
  try {
    mkdirSync(dir);
    mine = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  if (mine) {
    try {
      // Several suites with clusters of workers may use it at once: more than the default 100 connections.
      const cluster = createPostgresCluster({ dir, settings: "-c max_connections=300" });
      writeFileSync(`${urlFile}.partial`, cluster.url);
      renameSync(`${urlFile}.partial`, urlFile);
    } catch (error) {
      writeFileSync(join(dir, "failed"), String(error));
      throw error;
    }
  }
  for (let waited = 0; !existsSync(urlFile); waited += 100) {
    if (existsSync(join(dir, "failed")))
      throw new Error(`the shared PostgreSQL cluster failed: ${readFileSync(join(dir, "failed"), "utf8")}`);
    if (waited > 120_000) throw new Error(`the shared PostgreSQL cluster in ${dir} never got ready`);
    await Bun.sleep(100);
  }
  return readFileSync(urlFile, "utf8");
}

/** Stops the run's shared cluster, if a suite made it, and deletes its directory (test/run.ts, at the end). */
export function stopSharedCluster(dir: string): void {
  if (existsSync(join(dir, "data", "postmaster.pid"))) {
    const cmd = [`${BIN}/pg_ctl`, "-D", join(dir, "data"), "-w", "-m", "immediate", "stop"];
    Bun.spawnSync(process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--", ...cmd] : cmd, {
      stdout: "ignore",
      stderr: "ignore",
    });
  }
  rmSync(dir, { recursive: true, force: true });
}
