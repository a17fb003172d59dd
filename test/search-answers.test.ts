import { beforeAll, describe, expect, it } from "bun:test";
import { expertUrls } from "../src/experts/urls.ts";
import type { SearchQuery } from "../src/search/search-query.ts";
import { searchExperts, searchExpertsJson } from "../src/search/search.ts";
import { type SearchStores, searchStores } from "../src/search/stores.ts";
import { testApp, type TestApp } from "./support/app.ts";
import { searchDepsFor } from "./support/search.ts";

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});

const urls = expertUrls(() => "http://answers.test");
// A search with these caches, as the app makes them (src/app.ts), at this URL base.
const search = (query: SearchQuery, stores: SearchStores, base = urls) =>
  searchExperts(searchDepsFor(app.sql, base, stores), query);

describe("remembered search answers", () => {
  it("answers a repeated search from memory until the directory changes", async () => {
    const stores = searchStores();
    const first = await search({ q: "lawyer", limit: 3 }, stores);
    const again = await search({ q: "lawyer", limit: 3 }, stores);
    expect(again).toBe(first);
    expect(Object.isFrozen(first.experts)).toBe(true);
    const [top] = first.experts;
    await app.sql`update experts set is_public = false where slug = ${top.slug}`;
    try {
      const after = await search({ q: "lawyer", limit: 3 }, stores);
      expect(after).not.toBe(first);
      expect(after.experts.map((e) => e.slug)).not.toContain(top.slug);
    } finally {
      await app.sql`update experts set is_public = true where slug = ${top.slug}`;
    }
    const restored = await search({ q: "lawyer", limit: 3 }, stores);
    expect(restored).toEqual(first);
  });

  it("keeps answers apart per query, URL base and cache", async () => {
    const stores = searchStores();
    const a = await search({ category: "legal", limit: 2 }, stores);
    expect(await search({ category: "legal", limit: 2, page: 1 }, stores)).not.toBe(a);
    const other = await search(
      { category: "legal", limit: 2 },
      stores,
      expertUrls(() => "http://other.test"),
    );
    expect(other).not.toBe(a);
    expect(other.experts[0].profile_url.startsWith("http://other.test/")).toBe(true);
    // A fresh cache (the benchmarks') runs the search again, to the same answer.
    const fresh = await search({ category: "legal", limit: 2 }, searchStores());
    expect(fresh).not.toBe(a);
    expect(fresh).toEqual(a);
  });

  it("sends the same bytes as serializing the answer", async () => {
    const stores = searchStores();
    const text = await searchExpertsJson(searchDepsFor(app.sql, urls, stores), { q: "tax accountant", limit: 5 });
    expect(text.text).toBe(JSON.stringify(await search({ q: "tax accountant", limit: 5 }, searchStores())));
    expect(await searchExpertsJson(searchDepsFor(app.sql, urls, stores), { q: "tax accountant", limit: 5 })).toBe(text);
  });
});

describe("the app's search caches", () => {
  /** One cache's figure as /metrics reports it. */
  async function metric(name: string, cache: string): Promise<number> {
    const text = await (await fetch(`${app.url}/metrics`)).text();
    return Number(new RegExp(`^${name}\\{cache="${cache}"\\} (\\d+)$`, "m").exec(text)?.[1]);
  }

  it("are bounded, shown in /metrics, and answer a repeated search", async () => {
    for (const cache of [
      "search-answers",
      "search-totals",
      "search-qualities",
      "search-parsed-queries",
      "search-vocabulary",
      "search-frequencies",
    ]) {
      expect(await metric("cache_max_entries", cache), cache).toBeGreaterThan(0);
    }
    const url = `${app.url}/api/agents/experts?q=metrics+lawyer&limit=2`;
    expect((await fetch(url)).status).toBe(200);
    const hits = await metric("cache_hits_total", "search-answers");
    expect((await fetch(url)).status).toBe(200);
    expect(await metric("cache_hits_total", "search-answers")).toBe(hits + 1);
    expect(await metric("cache_entries", "search-vocabulary")).toBe(1);
  });
});
