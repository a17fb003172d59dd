import { afterAll, beforeAll, expect } from "bun:test";
import { importExperts, validateImport } from "../../src/experts/import-file.ts";
import { get, startApp, type TestApp } from "./app.ts";

/**
 * The fields an expert of a test corpus shares with most demo experts (verified, open and
 * accepting): among equally relevant experts those come first, so only what a test sets decides.
 */
export const OPEN_EXPERT = {
  email: "expert@example.com",
  is_verified: true,
  rating: 4.5,
  review_count: 10,
  accepting_clients: true,
  availability_status: "open",
} as const;

/** What the language suites read of a search's answer. */
export interface FoundExperts {
  experts: { slug: string; categories: string[]; location: { city: string | null }; languages_spoken: string[] }[];
  total: number;
  match_quality: "strong" | "partial" | "none" | null;
  query_interpretation: any;
}

/** GET /api/agents/experts?q=…&limit=10 as JSON; the status must be 200. */
export async function searchJson(app: TestApp, q: string) {
  const { status, body } = await get(app, `/api/agents/experts?q=${encodeURIComponent(q)}&limit=10`, {
    accept: "application/json",
  });
  expect(status).toBe(200);
  return body;
}

/** The slugs of the first page `q` finds (searchJson). */
export async function slugsFor(app: TestApp, q: string): Promise<string[]> {
  return ((await searchJson(app, q)) as FoundExperts).experts.map((e) => e.slug);
}

/** `first` and `second` are both among `slugs`, `first` before `second`. */
export function expectBefore(slugs: readonly string[], first: string, second: string) {
  expect(slugs).toContain(second);
  expect(slugs.indexOf(first)).toBeGreaterThanOrEqual(0);
  expect(slugs.indexOf(first)).toBeLessThan(slugs.indexOf(second));
}

/** The subcategories an expert is listed in. */
export async function specialtiesOf(app: TestApp, slug: string): Promise<string[]> {
  const rows = await app.sql<{ slug: string }[]>`
    select s.subcategory_slug as slug from expert_subcategories s join experts e on e.id = s.expert_id
    where e.slug = ${slug}`;
  return rows.map((r) => r.slug);
}

/** An app of a suite's own (rate limits off, quiet) with `corpus` imported beside the demo directory. */
export async function appWithCorpus(corpus: readonly object[]): Promise<TestApp> {
  const app = await startApp({ env: { RATE_LIMITS: "off", LOG_LEVEL: "silent" } });
  await importExperts(app.server.db.sql, validateImport(corpus.map((value, i) => ({ at: `record ${i}`, value }))));
  return app;
}

/**
 * A suite's own app on the demo directory (rate limits off, quiet), started before its tests and
 * stopped after them: `search` is searchJson's answer, `app()` the app once started.
 */
export function demoDirectorySuite() {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ env: { RATE_LIMITS: "off", LOG_LEVEL: "silent" } });
  });
  afterAll(() => app?.stop());
  return { app: () => app, search: async (q: string) => (await searchJson(app, q)) as FoundExperts };
}
