import { afterAll, describe, expect, it } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../src/db/connect.ts";
import { migrate } from "../src/db/migrate.ts";
import { buildPgdataTemplate, extractPgdataTemplate, hasCluster } from "../src/db/pgdata-template.ts";
import { checkoutTemplatePath } from "../src/db/pgdata-template-cache.ts";

// The executable fills a new DATA_DIR from a cluster made at build time instead of running initdb
// (src/db/pgdata-template.ts); from source the same functions are run here.
const dir = mkdtempSync(join(tmpdir(), "ed-template-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the data directory template", () => {
  it("makes a cluster PGlite starts on, migrates and keeps across a restart", async () => {
    const template = await buildPgdataTemplate();
    const dataDir = join(dir, "data");
    expect(hasCluster(dataDir)).toBe(false);
    await extractPgdataTemplate(template, dataDir);
    expect(hasCluster(dataDir)).toBe(true);
    expect(existsSync(join(dataDir, "PG_VERSION.partial"))).toBe(false);

    const first = await openDatabase({ databaseUrl: null, dataDir });
    try {
      expect((await migrate(first.sql)).length).toBeGreaterThan(0);
      const [{ trgm }] = await first.sql`select similarity('lawyer', 'lawyers') > 0.5 as trgm`;
      expect(trgm).toBe(true);
      const [{ shared_buffers }] = await first.sql`show shared_buffers`;
      expect(shared_buffers).toBe("32MB");
    } finally {
      await first.close();
    }
    const second = await openDatabase({ databaseUrl: null, dataDir });
    try {
      expect(await migrate(second.sql)).toEqual([]);
    } finally {
      await second.close();
    }
  }, 240_000); // initdb and two starts of PGlite: slow on a busy machine

  it("is no cluster until PG_VERSION is written last, so an interrupted copy is filled again", async () => {
    const broken = new Blob([new Uint8Array(0)]);
    await expect(extractPgdataTemplate(broken, join(dir, "broken"))).rejects.toThrow();
    expect(hasCluster(join(dir, "broken"))).toBe(false);
  });

  it("fills a new data directory of a checkout from the template cached for the installed PGlite, not from initdb", async () => {
    // initdb gives every cluster a random system identifier: two equal ones come from one template.
    const identifier = async (dataDir: string) => {
      const db = await openDatabase({ databaseUrl: null, dataDir });
      try {
        const [{ id }] = await db.sql`select system_identifier::text as id from pg_control_system()`;
        return id as string;
      } finally {
        await db.close();
      }
    };
    const [a, b] = [await identifier(join(dir, "checkout-a")), await identifier(join(dir, "checkout-b"))];
    expect(a).toBe(b);
    const cached = checkoutTemplatePath()!;
    expect(cached).toContain(
      `pglite-${(await Bun.file(join(import.meta.dir, "../node_modules/@electric-sql/pglite/package.json")).json()).version}`,
    );
    expect(existsSync(cached)).toBe(true);
  }, 240_000);
});
