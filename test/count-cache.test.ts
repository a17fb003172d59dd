import { beforeAll, describe, expect, it } from "bun:test";
import { directoryVersion } from "../src/experts/directory-version.ts";
import { CountCache } from "../src/search/count-cache.ts";
import { api, testApp, type TestApp } from "./support/app.ts";
import { lookUntil } from "./support/looks.ts";

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});

describe("exact totals with the count cache", () => {
  it("counts a filter set once per directory version", async () => {
    const cache = new CountCache();
    let counted = 0;
    const count = async () => ++counted;
    // The key is the version as a search reads it, from the database.
    const total = async () => cache.total("k", await directoryVersion(app.sql), count);
    expect(await total()).toBe(1);
    expect(await total()).toBe(1);
    expect(counted).toBe(1);
    await app.sql`update experts set updated_at = updated_at where false`; // a write that changes no row still bumps
    expect(await total()).toBe(2);
    expect(counted).toBe(2);
  });

  it("drops the least recently used entry beyond its bound", async () => {
    const cache = new CountCache(2);
    for (const key of ["a", "b", "c"]) await cache.total(key, await directoryVersion(app.sql), async () => 1);
    expect(cache.size).toBe(2);
  });

  it("keeps search totals exact when the directory changes between pages", async () => {
    const first = await api("GET", "/api/agents/experts?category=legal&limit=2&page=0");
    const second = await api("GET", "/api/agents/experts?category=legal&limit=2&page=1");
    expect(second.body.total).toBe(first.body.total);
    const hidden = first.body.experts[0].slug;
    await app.sql`update experts set is_public = false where slug = ${hidden}`;
    // The app learns of a write by NOTIFY, which a busy machine may deliver after the next request:
    // look until the total moves (it never does if the count is remembered across versions).
    const page1 = () => api("GET", "/api/agents/experts?category=legal&limit=2&page=1");
    try {
      const after = await lookUntil(page1, (r) => r.body.total !== first.body.total, "the total after a write");
      expect(after.body.total).toBe(first.body.total - 1);
    } finally {
      await app.sql`update experts set is_public = true where slug = ${hidden}`;
    }
    const restored = await lookUntil(page1, (r) => r.body.total === first.body.total, "the total after the undo");
    expect(restored.body.total).toBe(first.body.total);
  });
});
