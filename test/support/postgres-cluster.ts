// A PostgreSQL cluster of a test's own (initdb/pg_ctl on a random port in a temporary directory),
// for suites that need a server database even when TEST_DATABASE_URL is unset, or one they may stop
// and start under a running app. initdb refuses to run as root: then the cluster belongs to `postgres`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freshDatabase } from "./app.ts";

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

export function createPostgresCluster(): PostgresCluster {
  const dir = mkdtempSync(join(tmpdir(), "ed-pg-"));
  const data = join(dir, "data");
  // Below Linux's ephemeral range (32768+), where outgoing connections could already hold the port.
  const port = 21000 + Math.floor(Math.random() * 11000);
  const asRoot = process.getuid?.() === 0;
  function pg(args: string[]) {
    const cmd = asRoot ? ["runuser", "-u", "postgres", "--", ...args] : args;
    const result = Bun.spawnSync(cmd, { stdout: "pipe", stderr: "pipe" });
    if (result.exitCode !== 0) throw new Error(`${args.join(" ")} failed: ${result.stderr.toString()}${result.stdout.toString()}`);
  }
  if (asRoot && Bun.spawnSync(["chown", "postgres:postgres", dir]).exitCode !== 0) throw new Error(`cannot give ${dir} to postgres`);
  pg([`${BIN}/initdb`, "-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const cluster: PostgresCluster = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => pg([`${BIN}/pg_ctl`, "-D", data, "-w", "-l", join(dir, "log"), "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, "start"]),
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
  cluster.start();
  return cluster;
}

/**
 * A server database for this test process: a fresh one on TEST_DATABASE_URL's server when set,
 * otherwise on a cluster of its own, so suites about several processes run in every test run.
 */
export async function serverDatabase(): Promise<{ databaseUrl: string; drop(): Promise<void> }> {
  const fresh = await freshDatabase();
  if (fresh.databaseUrl) return { databaseUrl: fresh.databaseUrl, drop: fresh.drop };
  const cluster = createPostgresCluster();
  return { databaseUrl: cluster.url, drop: async () => cluster.remove() };
}
