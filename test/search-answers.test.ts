import { beforeAll, describe, expect, it } from "bun:test";
import { CountCache } from "../src/experts/count-cache.ts";
import { searchExperts, searchExpertsJson } from "../src/experts/search.ts";
import { expertUrls } from "../src/experts/urls.ts";
import { testApp, type TestApp } from "./support/app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});

const urls = expertUrls(() => "http://answers.test");

describe("remembered search answers", () => {
  it("answers a repeated search from memory until the directory changes", async () => {
    const counts = new CountCache();
    const first = await searchExperts(app.sql, { q: "lawyer", limit: 3 }, urls, counts);
    const again = await searchExperts(app.sql, { q: "lawyer", limit: 3 }, urls, counts);
    expect(again).toBe(first);
    expect(Object.isFrozen(first.experts)).toBe(true);
    const [top] = first.experts;
    await app.sql`update experts set is_public = false where slug = ${top.slug}`;
    try {
      const after = await searchExperts(app.sql, { q: "lawyer", limit: 3 }, urls, counts);
      expect(after).not.toBe(first);
      expect(after.experts.map((e) => e.slug)).not.toContain(top.slug);
    } finally {
      await app.sql`update experts set is_public = true where slug = ${top.slug}`;
    }
    const restored = await searchExperts(app.sql, { q: "lawyer", limit: 3 }, urls, counts);
    expect(restored).toEqual(first);
  });

  it("keeps answers apart per query, URL base and cache", async () => {
    const counts = new CountCache();
    const a = await searchExperts(app.sql, { category: "legal", limit: 2 }, urls, counts);
    expect(await searchExperts(app.sql, { category: "legal", limit: 2, page: 1 }, urls, counts)).not.toBe(a);
    const other = await searchExperts(app.sql, { category: "legal", limit: 2 }, expertUrls(() => "http://other.test"), counts);
    expect(other).not.toBe(a);
    expect(other.experts[0].profile_url.startsWith("http://other.test/")).toBe(true);
    // A fresh cache (the benchmarks') runs the search again, to the same answer.
    const fresh = await searchExperts(app.sql, { category: "legal", limit: 2 }, urls, new CountCache());
    expect(fresh).not.toBe(a);
    expect(fresh).toEqual(a);
  });

  it("sends the same bytes as serializing the answer", async () => {
    const counts = new CountCache();
    const text = await searchExpertsJson(app.sql, { q: "tax accountant", limit: 5 }, urls, counts);
    expect(text.text).toBe(JSON.stringify(await searchExperts(app.sql, { q: "tax accountant", limit: 5 }, urls, new CountCache())));
    expect(await searchExpertsJson(app.sql, { q: "tax accountant", limit: 5 }, urls, counts)).toBe(text);
  });
});
