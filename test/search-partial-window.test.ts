import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { parseQuery } from "../src/search/query.ts";
import { coreGroups, PARTIAL_WINDOW } from "../src/search/statement.ts";
import { get, type TestApp } from "./support/app.ts";
import { OPEN_EXPERT, appWithCorpus, expectBefore, slugsFor } from "./support/search-wire.ts";
import { noLexicon, shippedVocabulary } from "./support/vocabulary.ts";

setDefaultTimeout(120_000);

// When nobody matches every group of a query (a sentence's filler word nobody has makes that the
// rule: "freeze" below), the experts scored are the strict ones plus a window of partial matches
// (statement.ts candidates). That window was the best-rated PARTIAL_WINDOW matching ANY group, so
// an expert who meets every need but is rated lower than a hundred who share one word was never
// scored, and on no page. Those who match every group but the filler (coreGroups) are scored too
// now; and the pages past the window are the tier's other matches by rating, so each match is on
// one page only.

const SENTENCE =
  "I freeze up whenever I have to present to our board, and it doesn't help that English isn't my first language.";

describe("coreGroups", () => {
  it("are a sentence's groups without its filler words", async () => {
    const parsed = await parseQuery(SENTENCE, await shippedVocabulary(), noLexicon);
    const core = coreGroups(parsed.groups);
    expect(core?.map((g) => g.label)).toEqual(["present to our board", "english"]);
  });

  it("are null when no group is filler or every group is", async () => {
    const vocabulary = await shippedVocabulary();
    expect(coreGroups((await parseQuery("public speaking coach english", vocabulary, noLexicon)).groups)).toBeNull();
    expect(coreGroups((await parseQuery("lawyer", vocabulary, noLexicon)).groups)).toBeNull();
  });
});

// More experts than the window who share only "english" (an English tutor's category), all rated
// above the one who also teaches public speaking.
const SHARERS = Array.from({ length: PARTIAL_WINDOW + 10 }, (_, i) => ({
  ...OPEN_EXPERT,
  slug: `t-window-english-${i}`,
  name: `Tutor Number${i}`,
  rating: 5,
  categories: ["english-tutor"],
  location: { city: "Leeds", country_code: "GB" },
  languages_spoken: ["en"],
  translations: { en: { title: "English tutor", tagline: "Grammar and conversation" } },
  services: [{ title: "Lesson", price_usd: 40, price_type: "hourly" }],
}));

const CORPUS = [
  ...SHARERS,
  {
    ...OPEN_EXPERT,
    slug: "t-window-both",
    name: "Ines Okafor",
    rating: 3.1,
    categories: ["english-tutor", "professional-instructor"],
    subcategories: ["public-speaking"],
    location: { city: "Leeds", country_code: "GB" },
    languages_spoken: ["en"],
    tags: ["presentations"],
    translations: { en: { title: "English and presentation coach", tagline: "Speak with confidence" } },
    services: [{ title: "Coaching session", price_usd: 60, price_type: "hourly" }],
  },
];

describe("the partial window over the wire", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await appWithCorpus(CORPUS);
  });
  afterAll(() => app?.stop());

  it("scores the expert who meets every need before the best-rated who share one word", async () => {
    const slugs = await slugsFor(app, SENTENCE);
    expectBefore(slugs, "t-window-both", slugs.find((s) => s.startsWith("t-window-english-"))!);
  });

  // The window used to grow with the page asked for, and the experts a larger window let in ranked
  // anywhere, on pages already read (statement.ts withTail): some appeared twice, others never.
  it("pages through every match once, past the window, at every page size", async () => {
    for (const limit of [7, 20]) {
      const seen: string[] = [];
      let total = 0;
      for (let page = 0; ; page++) {
        const { status, body } = await get(
          app,
          `/api/agents/experts?q=${encodeURIComponent(SENTENCE)}&limit=${limit}&page=${page}`,
          { accept: "application/json" },
        );
        expect(status).toBe(200);
        const answer = body as { experts: { slug: string }[]; total: number; has_more: boolean };
        total = answer.total;
        seen.push(...answer.experts.map((e) => e.slug));
        if (!answer.has_more) break;
      }
      expect(total).toBeGreaterThan(PARTIAL_WINDOW + 10);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(total);
    }
  });
});
