// listed_search_docs (sql/024) is the narrow copy of the listed experts' search columns that a
// search's counts read: after every kind of write to experts it must hold exactly the public,
// verified experts with the same values, and a search's total (counted there) must follow.
import { beforeAll, describe, expect, it } from "bun:test";
import { importExperts } from "../src/experts/import-file.ts";
import type { ExpertImport } from "../src/experts/import-rows.ts";
import { refreshSearchDocuments } from "../src/search/reindex.ts";
import { api, testApp, type TestApp } from "./support/app.ts";
import { lookUntil } from "./support/looks.ts";

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});

/** A word no other expert has, so a search for it counts only these records. */
const WORD = "zyxwquorr";

function record(slug: string, overrides: Partial<ExpertImport> = {}): ExpertImport {
  return {
    slug,
    name: `Test ${slug}`,
    email: `${slug}@experts.example.com`,
    categories: ["legal"],
    is_verified: true,
    location: { city: "Lyon", country_code: "FR", timezone: "Europe/Paris" },
    languages_spoken: ["fr", "en-GB"],
    rating: 4.5,
    review_count: 3,
    accepting_clients: true,
    translations: { en: { title: "Contract lawyer", tagline: `Plain ${WORD} contracts`, bio: "Bio." } },
    services: [{ title: "First call", price_usd: 90, price_type: "fixed", duration_minutes: 30 }],
    ...overrides,
  } as ExpertImport;
}

/** Rows in which experts (listed ones) and listed_search_docs differ, either way. */
async function mismatches(): Promise<object[]> {
  return [
    ...(await app.sql`
    with listed as (
      select id, rating, country_code, city, language_subtags, accepting_clients, starting_price_usd, search_doc
      from experts where is_public and is_verified),
    copy as (
      select id, rating, country_code, city, language_subtags, accepting_clients, starting_price_usd, search_doc
      from listed_search_docs)
    (select 'missing' as what, id::text from (select * from listed except select * from copy) m)
    union all
    (select 'extra' as what, id::text from (select * from copy except select * from listed) x)`),
  ];
}

/** The total of a search for WORD at limit 1, once it is `expected` (a write reaches the app by NOTIFY). */
async function totalBecomes(expected: number, query = "") {
  const search = () => api("GET", `/api/agents/experts?q=${WORD}&limit=1${query}`);
  const found = await lookUntil(search, (r) => r.body.total === expected, `the total ${expected}`);
  expect({ total: found.body.total, exact: found.body.total_is_exact }).toEqual({ total: expected, exact: true });
}

const BERLIN = { city: "Berlin", country_code: "DE", timezone: "Europe/Berlin" };
const slugs = ["lsd-one", "lsd-two", "lsd-three"];
const idOf = async (slug: string) =>
  (await app.sql<{ id: string }[]>`select id from experts where slug = ${slug}`)[0].id;

describe("listed_search_docs follows every write to experts", () => {
  it("starts as a copy of the listed experts", async () => {
    expect(await mismatches()).toEqual([]);
  });

  it("an import adds the listed experts and not the others", async () => {
    await importExperts(app.sql, [
      ...slugs.map((s) => record(s)),
      record("lsd-hidden", { is_public: false }),
      record("lsd-unverified", { is_verified: false }),
    ]);
    expect(await mismatches()).toEqual([]);
    const [{ n }] = await app.sql<{ n: number }[]>`
      select count(*)::int as n from listed_search_docs d join experts e using (id) where e.slug like 'lsd-%'`;
    expect(n).toBe(3);
    // Three match; a page of one does not prove the total, so it is counted.
    await totalBecomes(3);
  });

  it("an edit through the import rewrites the copy (words, rating, city, price)", async () => {
    await importExperts(app.sql, [
      record("lsd-one", {
        rating: 3.1,
        location: BERLIN,
        translations: { en: { title: "Contract lawyer", tagline: "Plain contracts", bio: "Bio." } },
        services: [{ title: "First call", price_usd: 40, price_type: "fixed", duration_minutes: 30 }],
      }),
    ]);
    expect(await mismatches()).toEqual([]);
    await totalBecomes(2);
    // Filters counted in the copy see an edit too.
    await importExperts(app.sql, [record("lsd-two", { rating: 4.9, location: BERLIN })]);
    expect(await mismatches()).toEqual([]);
    await totalBecomes(1, "&country=DE&category=legal");
    await totalBecomes(1, "&country=FR");
  });

  it("hiding and unhiding (import or by hand) removes and restores the copy", async () => {
    await importExperts(app.sql, [record("lsd-two", { rating: 4.9, location: BERLIN, is_public: false })]);
    expect(await mismatches()).toEqual([]);
    await totalBecomes(1);
    await app.sql`update experts set is_verified = false where slug = 'lsd-three'`;
    expect(await mismatches()).toEqual([]);
    await totalBecomes(0);
    await app.sql`update experts set is_verified = true where slug = 'lsd-three'`;
    await importExperts(app.sql, [record("lsd-two", { rating: 4.9, location: BERLIN }), record("lsd-hidden")]);
    expect(await mismatches()).toEqual([]);
    await totalBecomes(3);
  });

  it("a change of availability and a rebuild of the documents are copied", async () => {
    await app.sql`update experts set accepting_clients = false where slug = 'lsd-two'`;
    expect(await mismatches()).toEqual([]);
    await totalBecomes(2, "&accepting=true");
    // A rebuild from the stored rows (src/search/reindex.ts), after a document was changed by hand.
    await app.sql`update experts set search_doc = ''::tsvector where slug = 'lsd-three'`;
    expect(await mismatches()).toEqual([]);
    const three = await idOf("lsd-three");
    await app.sql.begin((tx) => refreshSearchDocuments(tx, [three]));
    expect(await mismatches()).toEqual([]);
    await totalBecomes(3);
  });

  it("keeps the filter columns in the row, only the document out of it (sql/025)", async () => {
    // Out of line, a count filtered by language read each match's language_subtags from TOAST.
    const storage = await app.sql<{ attname: string; attstorage: string }[]>`
      select attname, attstorage from pg_attribute
      where attrelid = 'listed_search_docs'::regclass and attname in ('country_code', 'city', 'language_subtags', 'search_doc')
      order by attname`;
    expect(storage.map((c) => `${c.attname} ${c.attstorage}`)).toEqual([
      "city m",
      "country_code m",
      "language_subtags m",
      "search_doc x",
    ]);
  });

  it("a delete removes the copy", async () => {
    await app.sql`delete from experts where slug in ('lsd-hidden', 'lsd-unverified', 'lsd-one')`;
    expect(await mismatches()).toEqual([]);
    await totalBecomes(2);
    await app.sql`delete from experts where slug like 'lsd-%'`;
    expect(await mismatches()).toEqual([]);
    await totalBecomes(0);
  });
});
