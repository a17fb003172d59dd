import { describe, expect, it } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { migrate } from "../src/db/migrate.ts";
import { migrations } from "../src/db/migrations.ts";
import { testApp } from "./support/app.ts";

describe("migrations", () => {
  it("lists every file of sql/ in order", () => {
    const files = readdirSync(join(import.meta.dir, "..", "sql")).filter((f) => f.endsWith(".sql")).sort();
    expect(migrations.map((m) => `${m.version}.sql`)).toEqual(files);
  });

  it("is idempotent: a second run applies nothing", async () => {
    const app = await testApp();
    expect(await migrate(app.sql)).toEqual([]);
    const rows = await app.sql`select version from schema_migrations order by version`;
    expect(rows.map((r) => r.version)).toEqual(migrations.map((m) => m.version));
  });

  it("keeps the search query on a custom plan after many executions", async () => {
    // A generic plan for `ilike $1` ignores the pattern; PostgreSQL switches to one after five
    // executions unless plan_cache_mode forbids it. A custom plan shows the literal pattern.
    const app = await testApp();
    const conn = await app.sql.reserve();
    try {
      await conn.unsafe("prepare probe(text) as select id from experts where is_public and is_verified and search_text like $1 order by rating desc nulls last, id limit 10");
      for (let i = 0; i < 7; i++) await conn.unsafe("execute probe('%kim%')");
      const plan = await conn.unsafe("explain execute probe('%lawyer%')");
      const text = plan.map((r: any) => r["QUERY PLAN"]).join("\n");
      expect(text).toContain("%lawyer%");
      expect(text).not.toContain("$1");
      await conn.unsafe("deallocate probe");
    } finally {
      conn.release();
    }
  });
});
