import { afterAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/connect.ts";
import { createLogger } from "../src/log.ts";
import { startServer } from "../src/server.ts";
import { runCli } from "./support/cli.ts";
import { expectContractResponse } from "./support/contract.ts";

// The embedded database on disk: what a person gets from `bun run start` with nothing set.
const dir = mkdtempSync(join(tmpdir(), "ed-embedded-"));
const dataDir = join(dir, "data");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config = { ...loadConfig({ LOG_LEVEL: "silent" }), port: 0, dataDir };
const log = createLogger("silent");

async function visibleCount(url: string): Promise<number> {
  const res = await fetch(`${url}/api/agents/experts?limit=1`);
  const body = await res.json();
  expectContractResponse("GET", "/api/agents/experts", res.status, res.headers.get("content-type"), body);
  return body.total;
}

describe("embedded database in DATA_DIR", () => {
  it("seeds the demo directory on first start and keeps data across restarts without seeding again", async () => {
    const first = await startServer(config, log);
    const total = await visibleCount(first.url);
    expect(total).toBeGreaterThanOrEqual(100);
    await first.db.sql`update experts set name = 'Kept Across Restarts' where slug = (select slug from experts order by id limit 1)`;
    await first.stop();

    const second = await startServer(config, log);
    expect(await visibleCount(second.url)).toBe(total);
    const [{ n }] = await second.db.sql`select count(*)::int as n from experts where name = 'Kept Across Restarts'`;
    expect(n).toBe(1);
    await second.stop();
  });

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
  });

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
