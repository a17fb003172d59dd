import { cityNameToken } from "../src/search/tokens.ts";
import { beforeAll, describe, expect, it } from "bun:test";
import { api, testApp, type TestApp } from "./support/app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});

type Summary = {
  slug: string;
  name: string;
  title: string;
  rating: number | null;
  categories: string[];
  [k: string]: any;
};
type SearchBody = { experts: Summary[]; total: number; page: number; limit: number; has_more: boolean };

async function search(params: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return api<SearchBody>("GET", `/api/agents/experts?${qs}`);
}

/** Walks every page of a search and returns all slugs in order. */
async function allPages(params: Record<string, string | number>) {
  const slugs: string[] = [];
  const experts: Summary[] = [];
  for (let page = 0; ; page++) {
    const { status, body } = await search({ ...params, limit: 20, page });
    expect(status).toBe(200);
    experts.push(...body.experts);
    slugs.push(...body.experts.map((e) => e.slug));
    if (!body.has_more) return { slugs, experts, total: body.total };
  }
}

async function visibleSlugs(where = app.sql`true`) {
  const rows = await app.sql<{ slug: string }[]>`
    select slug from experts e where is_public and is_verified and ${where}`;
  return rows.map((r) => r.slug).sort();
}

describe("GET /api/agents/experts", () => {
  it("returns the first page of 10 by default, with an exact total", async () => {
    const { status, body } = await search({});
    expect(status).toBe(200);
    expect(body.page).toBe(0);
    expect(body.limit).toBe(10);
    expect(body.experts).toHaveLength(10);
    expect(body.total).toBe((await visibleSlugs()).length);
    expect(body.has_more).toBe(true);
  });

  it("lists every public, verified expert exactly once across pages, and nobody else", async () => {
    const { slugs, total } = await allPages({});
    expect(new Set(slugs).size).toBe(slugs.length);
    expect([...slugs].sort()).toEqual(await visibleSlugs());
    expect(total).toBe(slugs.length);
    const hidden = await app.sql<{ slug: string }[]>`select slug from experts where not (is_public and is_verified)`;
    expect(hidden.length).toBeGreaterThan(0);
    for (const { slug } of hidden) expect(slugs).not.toContain(slug);
  });

  it("sorts by rating, highest first and unrated last, stable across pages", async () => {
    const { experts } = await allPages({ sort: "rating" });
    const ratings = experts.map((e) => e.rating);
    const firstNull = ratings.indexOf(null);
    expect(firstNull).toBeGreaterThan(0);
    expect(ratings.slice(firstNull).every((r) => r === null)).toBe(true);
    const rated = ratings.slice(0, firstNull) as number[];
    for (let i = 1; i < rated.length; i++) expect(rated[i]).toBeLessThanOrEqual(rated[i - 1]);
    // walking with another page size gives the very same order
    const again: string[] = [];
    for (let page = 0; again.length < experts.length; page++) {
      const { body } = await search({ sort: "rating", limit: 7, page });
      again.push(...body.experts.map((e) => e.slug));
    }
    expect(again).toEqual(experts.map((e) => e.slug));
  });

  it("sorts by newest listing first", async () => {
    const { slugs } = await allPages({ sort: "newest" });
    const rows = await app.sql<{ slug: string }[]>`
      select slug from experts where is_public and is_verified order by listed_at desc, id`;
    expect(slugs).toEqual(rows.map((r) => r.slug));
  });

  it("matches q case-insensitively inside name, title and tagline", async () => {
    const { experts } = await allPages({ q: "KIM" });
    expect(experts.length).toBeGreaterThan(0);
    expect(experts.some((e) => e.name.toLowerCase().includes("kim"))).toBe(true);
    const [tagged] = await app.sql<{ slug: string; tagline: string }[]>`
      select e.slug, t.tagline from experts e join expert_translations t on t.expert_id = e.id and t.locale = 'en'
      where e.is_public and e.is_verified and t.tagline is not null order by e.id limit 1`;
    const fragment = tagged.tagline.slice(3, 15).toUpperCase();
    const byTagline = await allPages({ q: fragment });
    expect(byTagline.slugs).toContain(tagged.slug);
  });

  it("matches q against the titles of every locale, not only English", async () => {
    const [ko] = await app.sql<{ slug: string; title: string }[]>`
      select e.slug, t.title from experts e join expert_translations t on t.expert_id = e.id and t.locale = 'ko'
      where e.is_public and e.is_verified order by e.id limit 1`;
    const { slugs } = await allPages({ q: ko.title });
    expect(slugs).toContain(ko.slug);
  });

  it("treats % and _ in q as plain characters", async () => {
    const { status, body } = await search({ q: "%" });
    expect(status).toBe(200);
    expect(body.total).toBe(0);
    expect(body.has_more).toBe(false);
  });

  it("filters by category", async () => {
    const { experts, total } = await allPages({ category: "immigration" });
    expect(total).toBeGreaterThan(0);
    for (const e of experts) expect(e.categories).toContain("immigration");
    expect(total).toBe(
      (
        await visibleSlugs(
          app.sql`exists (select 1 from expert_categories c where c.expert_id = e.id and c.category_slug = 'immigration')`,
        )
      ).length,
    );
  });

  it("filters by country case-insensitively and by city case-insensitively", async () => {
    const lower = await allPages({ country: "ca" });
    const upper = await allPages({ country: "CA" });
    expect(lower.slugs).toEqual(upper.slugs);
    expect(lower.total).toBeGreaterThan(0);
    for (const e of lower.experts) expect(e.location.country_code).toBe("CA");
    const city = await allPages({ city: "lONDON" });
    expect(city.total).toBeGreaterThan(0);
    for (const e of city.experts) expect(e.location.city).toBe("London");
  });

  it("with q, a city filter keeps that city's matches: every document holds its city's name token", async () => {
    // The filter is also a document token (`cityname:…`, statement.ts filterTokens) the index
    // intersects with the words; the column decides, so the token must never hide an expert the
    // column keeps: every listed expert's document holds the token of its city, as a filter writes it.
    const rows = await app.sql<{ city: string; doc: string }[]>`
      select e.city, e.search_doc::text as doc from experts e
      where e.is_public and e.is_verified and e.city is not null`;
    expect(rows.length).toBeGreaterThan(100);
    for (const { city, doc } of rows)
      for (const written of [city, city.toLowerCase(), city.toUpperCase()])
        expect({ city: written, held: doc.includes(`'${cityNameToken(written)}'`) }).toEqual({
          city: written,
          held: true,
        });
    for (const [q, city] of [
      ["consultant", "São Paulo"],
      ["lawyer", "NEW YORK"],
      ["tutor", "mexico city"],
    ]) {
      const { experts, total } = await allPages({ q, city });
      expect({ q, city, some: total > 0 }).toEqual({ q, city, some: true });
      for (const e of experts) expect(e.location.city?.toLowerCase()).toBe(city.toLowerCase());
    }
  });

  it("matches language by BCP 47 primary subtag", async () => {
    const en = await allPages({ language: "en" });
    expect(en.experts.some((e) => e.languages_spoken.some((l: string) => /^en-/i.test(l)))).toBe(true);
    for (const e of en.experts)
      expect(e.languages_spoken.some((l: string) => l.toLowerCase().split("-")[0] === "en")).toBe(true);
    const enGb = await allPages({ language: "en-GB" });
    expect(enGb.slugs).toEqual(en.slugs);
  });

  it("returns only experts accepting new clients with accepting=1, and the same with accepting=true", async () => {
    const { experts, total, slugs } = await allPages({ accepting: "1" });
    expect(total).toBeGreaterThan(0);
    for (const e of experts) expect(e.accepting_clients).toBe(true);
    expect(total).toBeLessThan((await visibleSlugs()).length);
    expect((await allPages({ accepting: "true" })).slugs).toEqual(slugs);
  });

  it("filters nothing with accepting=false or accepting=0: a switch that is off, as when left out", async () => {
    const everyone = await search({ limit: 20 });
    for (const value of ["false", "0"]) {
      const { status, body } = await search({ accepting: value, limit: 20 });
      expect(status).toBe(200);
      expect(body.total).toBe(everyone.body.total);
      expect(body.experts.map((e) => e.slug)).toEqual(everyone.body.experts.map((e) => e.slug));
    }
    expect(everyone.body.total).toBeGreaterThan((await search({ accepting: "1", limit: 20 })).body.total);
  });

  it("combines filters", async () => {
    const { experts } = await allPages({ category: "tax-advisory", city: "Berlin", language: "de" });
    expect(experts.length).toBeGreaterThan(0);
    for (const e of experts) {
      expect(e.categories).toContain("tax-advisory");
      expect(e.location.city).toBe("Berlin");
    }
  });

  it("gives the title in the requested locale and falls back to English", async () => {
    const [withKo] = await app.sql<{ slug: string; title: string }[]>`
      select e.slug, t.title from experts e join expert_translations t on t.expert_id = e.id and t.locale = 'ko'
      where e.is_public and e.is_verified order by e.rating desc nulls last, e.id limit 1`;
    const ko = await allPages({ locale: "ko" });
    expect(ko.experts.find((e) => e.slug === withKo.slug)!.title).toBe(withKo.title);
    const [enOnly] = await app.sql<{ slug: string; title: string }[]>`
      select e.slug, t.title from experts e join expert_translations t on t.expert_id = e.id and t.locale = 'en'
      where e.is_public and e.is_verified
        and not exists (select 1 from expert_translations k where k.expert_id = e.id and k.locale = 'ko')
      limit 1`;
    expect(enOnly).toBeDefined();
    expect(ko.experts.find((e) => e.slug === enOnly.slug)!.title).toBe(enOnly.title);
  });

  it("reports an exact total and no more pages beyond the end", async () => {
    const first = await search({ limit: 20 });
    const lastPage = Math.floor((first.body.total - 1) / 20);
    const last = await search({ limit: 20, page: lastPage });
    expect(last.body.experts.length).toBe(first.body.total - lastPage * 20);
    expect(last.body.has_more).toBe(false);
    const beyond = await search({ limit: 20, page: lastPage + 3 });
    expect(beyond.status).toBe(200);
    expect(beyond.body.experts).toEqual([]);
    expect(beyond.body.total).toBe(first.body.total);
    expect(beyond.body.has_more).toBe(false);
  });

  it("builds absolute profile, booking and avatar URLs", async () => {
    const { body } = await search({ limit: 20 });
    for (const e of body.experts) {
      expect(e.profile_url).toBe(`${app.url}/experts/${e.slug}`);
      expect(e.booking_url).toBe(`${app.url}/experts/${e.slug}#booking`);
      expect(e.avatar_url).toMatch(/^https?:\/\//);
    }
    const generated = body.experts.find((e) => e.avatar_url.startsWith(app.url))!;
    const avatar = await fetch(generated.avatar_url);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get("content-type")).toBe("image/svg+xml");
    const page = await fetch(generated.profile_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('id="booking"');
  });

  for (const [param, value] of [
    ["limit", "0"],
    ["limit", "21"],
    ["limit", "abc"],
    ["page", "-1"],
    ["page", "1.5"],
    ["sort", "foo"],
    ["locale", "xx"],
    ["accepting", "2"],
    ["accepting", "yes"],
    ["accepting", "TRUE"],
    ["accepting", ""],
    ["accepting", "constructor"],
    ["category", "astrology"],
    ["country", "CAN"],
    ["language", "english please"],
    ["colour", "blue"],
  ] as const) {
    it(`answers 400 naming ${param} for ${param}=${value}`, async () => {
      const { status, headers, body } = await api("GET", `/api/agents/experts?${param}=${encodeURIComponent(value)}`);
      expect(status).toBe(400);
      expect(headers.get("content-type")).toStartWith("application/problem+json");
      expect(body.errors.map((e: { field: string }) => e.field)).toContain(param);
    });
  }

  it("answers 400, not a broken connection, for a NUL character in a parameter", async () => {
    const { status, body } = await api("GET", "/api/agents/experts?q=ab%00c&city=x");
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ field: "q", message: "must not contain NUL characters" }]);
  });

  it("answers 400 for a parameter given twice", async () => {
    const { status, body } = await api("GET", "/api/agents/experts?limit=5&limit=6");
    expect(status).toBe(400);
    expect(body.errors[0].field).toBe("limit");
  });
});
