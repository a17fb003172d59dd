import { afterAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../src/db/connect.ts";
import { startApp } from "./support/app.ts";
import { runCli } from "./support/cli.ts";
import { expectContractResponse } from "./support/contract.ts";

// The embedded database on disk: what a person gets from `bun run start` with nothing set.
const dir = mkdtempSync(join(tmpdir(), "ed-embedded-"));
const dataDir = join(dir, "data");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The app as `bun run start` runs it (rate limits on), on the embedded database in `at`. */
const startOn = (at: string) =>
  startApp({ env: { LOG_LEVEL: "silent", RATE_LIMITS: "on" }, database: { databaseUrl: null, dataDir: at } });

async function visibleCount(url: string): Promise<number> {
  // A fresh connection each time: a restarted server may get the port of the one just stopped,
  // and a pooled keep-alive connection would still reach the old one.
  const res = await fetch(`${url}/api/agents/experts?limit=1`, {
    headers: { connection: "close" },
    keepalive: false,
  } as RequestInit);
  const body = await res.json();
  expectContractResponse("GET", "/api/agents/experts", res.status, res.headers.get("content-type"), body);
  return body.total;
}

// Each start of the app here migrates or seeds a PGlite on disk, and each CLI run boots one: seconds
// of CPU each, which a busy machine stretches past bun's 60 s (one timed out so beside two CPU hogs).
// The tests assert what the starts leave behind, never how fast: 240 s each, a loaded machine's time.

describe("embedded database in DATA_DIR", () => {
  it("seeds the demo directory on first start and keeps data across restarts without seeding again", async () => {
    const first = await startOn(dataDir);
    const total = await visibleCount(first.url);
    expect(total).toBeGreaterThanOrEqual(100);
    await first.sql`update experts set name = 'Kept Across Restarts' where slug = (select slug from experts order by id limit 1)`;
    await first.stop();

    const second = await startOn(dataDir);
    expect(await visibleCount(second.url)).toBe(total);
    const [{ n }] = await second.sql`select count(*)::int as n from experts where name = 'Kept Across Restarts'`;
    expect(n).toBe(1);
    await second.stop();
  }, 240_000);

  it("seeds on the next start when the first one was killed after the migrations", async () => {
    // `migrate` ends its process right after the migrations: the state of a first start killed there
    const killed = join(dir, "killed-after-migrations");
    expect((await runCli(["migrate"], { DATA_DIR: killed })).code).toBe(0);
    const server = await startOn(killed);
    expect(await visibleCount(server.url)).toBeGreaterThanOrEqual(100);
    const [marker] = await server.sql`select how from directory_filled`;
    expect(marker.how).toBe("demo");
    await server.stop();
  }, 240_000);

  it("never seeds over an import: a directory filled by `import` first keeps only what it imported", async () => {
    const imported = join(dir, "imported-first");
    const file = join(dir, "one-expert.ndjson");
    const record = {
      slug: "only-imported",
      name: "Only Imported",
      email: "only@example.com",
      categories: ["tax-advisory"],
      is_verified: true,
      location: { city: "Madrid", country_code: "ES", timezone: "Europe/Madrid" },
      translations: { en: { title: "Tax advisor" } },
    };
    writeFileSync(file, `${JSON.stringify(record)}\n`);
    const result = await runCli(["import", file], { DATA_DIR: imported });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0); // an import killed early leaves a directory the next start seeds
    const afterImport = await startOn(imported);
    expect(await visibleCount(afterImport.url)).toBe(1);
    await afterImport.stop();
  }, 240_000);

  it("leaves no marker when the seed's transaction fails, so the next start seeds", async () => {
    const db = await openDatabase({ databaseUrl: null, dataDir: "memory://" });
    try {
      const { migrate } = await import("../src/db/migrate.ts");
      const { fillOnce } = await import("../src/experts/filled.ts");
      await migrate(db.sql);
      await expect(
        fillOnce(db.sql, async (tx) => {
          await tx`insert into directory_version (singleton, version) values (false, 0)`; // violates its check: a crash mid-seed
        }),
      ).rejects.toThrow();
      expect(await db.sql`select 1 from directory_filled`).toHaveLength(0);
      expect(await fillOnce(db.sql, async () => {})).toBe(true);
      expect(
        await fillOnce(db.sql, async () => {
          throw new Error("must not run twice");
        }),
      ).toBe(false);
    } finally {
      await db.close();
    }
  }, 240_000);

  it("stops a second process on the same directory with a clear message", async () => {
    const holder = await openDatabase({ databaseUrl: null, dataDir });
    try {
      const file = join(dir, "one.json");
      writeFileSync(file, "[]");
      const result = await runCli(["import", file], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`is in use by process ${process.pid}`);
      const server = await runCli(["migrate"], { DATA_DIR: dataDir });
      expect(server.code).toBe(1);
    } finally {
      await holder.close();
    }
    // released: the next process gets in
    const after = await runCli(["migrate"], { DATA_DIR: dataDir });
    expect(after.stderr).toBe("");
    expect(after.code).toBe(0);
  }, 240_000);

  it("takes over a lock left by a process that is gone", async () => {
    writeFileSync(join(dataDir, "expert-directory.lock"), "999999");
    const result = await runCli(["migrate"], { DATA_DIR: dataDir });
    expect(result.code).toBe(0);
  });
});

describe("configuration", () => {
  it("refuses a bad variable at start with a message naming it", async () => {
    const result = await runCli(["serve"], { PORT: "eighty", DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("PORT must be a port number");
    const url = await runCli(["serve"], { DATABASE_URL: "mysql://x", DATA_DIR: dataDir });
    expect(url.stderr).toContain("DATABASE_URL must start with postgres://");
  });

  it("answers help and rejects an unknown command", async () => {
    expect((await runCli(["help"], {})).stdout).toContain("import FILE");
    const bad = await runCli(["frobnicate"], {});
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Unknown command "frobnicate"');
  });
});
