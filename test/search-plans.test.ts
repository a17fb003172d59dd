import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { getExpertProfile } from "../src/experts/profile.ts";
import { type SearchQuery, searchExperts } from "../src/search/search.ts";
import { expertUrls } from "../src/experts/urls.ts";
import { startApp, type TestApp } from "./support/app.ts";
import { searchStores } from "../src/search/stores.ts";
import { searchDepsFor, uncounted } from "./support/search.ts";

// Which plan each statement gets (src/search/custom-plan.ts): the search statements are planned
// with their values every time, lookups by key may go generic. PostgreSQL lists only *named*
// prepared statements in pg_prepared_statements, and only a named statement can switch to a
// generic plan (after 5 executions), so a search statement found there could go generic.
const urls = expertUrls(() => "http://experts.test");
const SEARCHES: SearchQuery[] = [
  { q: "lawyer" },
  { q: "tax", country: "DE" },
  { category: "legal" },
  { q: "an" },
  { q: "family lawyer berlin", page: 1 },
];

describe("plans", () => {
  // An app of this file's own: on PGlite every connection is one session, whose prepared
  // statements would otherwise include those of the suites that ran before in the same process.
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app?.stop());

  it("never sends a search statement as a named statement that could go generic, while lookups by key are named", async () => {
    const [{ slug }] = await app.sql<
      { slug: string }[]
    >`select slug from experts where is_public and is_verified order by id limit 1`;
    const conn = await app.sql.reserve();
    // One compiled vocabulary for all rounds (as an app holds it), fresh answers each time so every
    // search runs its statements: a fresh vocabulary per search was most of this test's time.
    const stores = searchStores();
    try {
      for (let i = 0; i < 7; i++) {
        for (const query of SEARCHES) await searchExperts(searchDepsFor(conn, urls, uncounted(stores)), query);
        await getExpertProfile(conn, slug, "en", urls);
      }
      const named = await conn<
        { statement: string; generic_plans: number }[]
      >`select statement, generic_plans::int from pg_prepared_statements`;
      const searchStatements = named.filter((s) =>
        /search_doc @@|search_text like|search_bio @@|from experts e where/.test(s.statement),
      );
      expect(searchStatements.map((s) => s.statement)).toEqual([]);
      // The profile's statement is named: the check above looks at a list that does fill up.
      expect(named.some((s) => s.statement.includes("e.slug = $"))).toBe(true);
    } finally {
      conn.release();
    }
  }, 240_000); // seven rounds of every search: 1.2 s alone here; 17 s when each search compiled its own vocabulary (95 s in a whole run on a slower machine)

  it("plans an unnamed statement with its pattern even after many executions", async () => {
    const text =
      "select id from experts where is_public and is_verified and search_text like $1 order by rating desc nulls last, id limit 10";
    const conn = await app.sql.reserve();
    try {
      for (let i = 0; i < 7; i++) await conn.unsafe(text, ["%kim%"], { prepare: false });
      const plan = await conn.unsafe(`explain ${text}`, ["%lawyer%"], { prepare: false });
      const lines = plan.map((r: any) => r["QUERY PLAN"]).join("\n");
      expect(lines).toContain("%lawyer%");
      expect(lines).not.toContain("$1");
    } finally {
      conn.release();
    }
  });

  // src/db/connect.ts: a statement whose estimate passed jit_above_cost would spend 50–100 ms
  // compiling. Asked of several connections of the pool at once, so more than one session answers
  // on a server (PGlite is one session, and accepts the setting without having a JIT).
  it("runs its sessions with JIT off", async () => {
    const sessions = app.kind === "server" ? 3 : 1;
    const conns = await Promise.all(Array.from({ length: sessions }, () => app.sql.reserve()));
    try {
      const answers = await Promise.all(
        conns.map(
          (c) => c<{ jit: string; pid: number }[]>`select current_setting('jit') as jit, pg_backend_pid() as pid`,
        ),
      );
      expect(answers.map(([a]) => a.jit)).toEqual(conns.map(() => "off"));
      expect(new Set(answers.map(([a]) => a.pid)).size).toBe(sessions);
    } finally {
      for (const c of conns) c.release();
    }
  });
});
