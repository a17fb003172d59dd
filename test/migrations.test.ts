import { describe, expect, it } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { migrate } from "../src/db/migrate.ts";
import { migrations } from "../src/db/migrations.ts";
import { testApp } from "./support/app.ts";

describe("migrations", () => {
  it("lists every file of sql/ in order", () => {
    const files = readdirSync(join(import.meta.dir, "..", "sql"))
      .filter((f) => f.endsWith(".sql"))
      .sort();
    expect(migrations.map((m) => `${m.version}.sql`)).toEqual(files);
  });

  it("is idempotent: a second run applies nothing", async () => {
    const app = await testApp();
    expect(await migrate(app.sql)).toEqual([]);
    const rows = await app.sql`select version from schema_migrations order by version`;
    expect(rows.map((r) => r.version)).toEqual(migrations.map((m) => m.version));
  });
});
