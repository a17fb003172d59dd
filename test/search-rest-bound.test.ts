import { beforeAll, describe, expect, it } from "bun:test";
import { directoryVersion } from "../src/experts/directory-version.ts";
import { expertUrls } from "../src/experts/urls.ts";
import type { SearchPlan } from "../src/search/plan.ts";
import { readPlan } from "../src/search/search.ts";
import { REST_EXAMINED, restBounded, restCountQuery, restRated } from "../src/search/statement.ts";
import { get, testApp, type TestApp } from "./support/app.ts";
import { searchDepsFor } from "./support/search.ts";

// A filtered search's rest tier (a bio or a substring holds `q`, the main document does not) reads
// at most REST_EXAMINED of the text's matches, then filters them (statement.ts restRated): at a
// million experts "marketing" in GB read 36,811 pages to keep none. Here on the demo directory,
// with bounds small enough to be reached.

let app: TestApp;
let plan: SearchPlan;
let exact: string[];

// "ant" is a fragment of many words ("consultant", "accountant", "Antonio"): a substring match in
// most profiles, a word in none; in the US, for English speakers.
const QUERY = { q: "ant", country: "US", language: "en" } as const;

beforeAll(async () => {
  app = await testApp();
  const deps = searchDepsFor(
    app.sql,
    expertUrls(() => "http://test.invalid"),
  );
  plan = await readPlan(deps, { ...QUERY }, await directoryVersion(app.sql));
  const { text, pattern } = plan.match;
  const rows = await app.sql<{ id: string }[]>`
    select e.id::text from experts e
    where e.is_public and e.is_verified
      and (${text ? app.sql`e.search_bio @@ ${text}::tsquery` : app.sql`false`} or e.search_text like ${pattern})
      and e.country_code = 'US' and e.language_subtags @> array['en']::text[]
      and not (${text ? app.sql`e.search_doc @@ ${text}::tsquery` : app.sql`false`})
    order by e.rating desc nulls last, e.id`;
  exact = rows.map((r) => r.id);
});

async function rest(bound: number, window = 200): Promise<string[]> {
  const rows = await app.sql<{ id: string }[]>`
    select id::text from (${restRated(app.sql, plan, app.sql`false`, window, bound)}) c`;
  return rows.map((r) => r.id);
}

describe("a filtered search's rest tier", () => {
  it("is bounded only when filtered", () => {
    expect(restBounded(plan)).toBe(true);
    expect(restBounded({ ...plan, match: { ...plan.match, country: null, language: null } })).toBe(false);
    expect(REST_EXAMINED).toBe(10_000);
  });

  it("is exact, in rating order, when the bound holds every text match", async () => {
    expect(exact.length).toBeGreaterThan(3);
    expect(await rest(REST_EXAMINED)).toEqual(exact);
    const [counted] = await restCountQuery(app.sql, plan)!;
    expect(counted.count).toBe(exact.length);
    expect(counted.examined).toBeLessThan(REST_EXAMINED);
  });

  it("examines no more text matches than its bound, and then its count is a lower bound", async () => {
    const [all] = await restCountQuery(app.sql, plan)!;
    const bound = Math.floor(all.examined / 2);
    const [half] = await restCountQuery(app.sql, plan, bound)!;
    expect(half.examined).toBe(bound);
    expect(half.count).toBeLessThanOrEqual(all.count);
    // The page reads the same first text matches as the count: what it lists, the count counted.
    const listed = await rest(bound);
    expect(listed.length).toBe(half.count);
    expect(listed.every((id) => exact.includes(id))).toBe(true);
    expect(listed).toEqual(exact.filter((id) => listed.includes(id)));
  });

  it("answers over the wire with an exact total when the bound was not reached", async () => {
    const res = await get(app, `/api/agents/experts?${new URLSearchParams({ ...QUERY, limit: "20" })}`);
    expect(res.status).toBe(200);
    const body = res.body as { total: number; total_is_exact: boolean };
    expect(body.total_is_exact).toBe(true);
    const [{ words }] = await app.sql<{ words: number }[]>`
      select count(*)::int as words from experts e where e.is_public and e.is_verified
        and e.search_doc @@ ${plan.match.text ?? "''"}::tsquery
        and e.country_code = 'US' and e.language_subtags @> array['en']::text[]`;
    expect(body.total).toBe(words + exact.length);
  });
});
