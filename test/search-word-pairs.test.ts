import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { buildDocument } from "../src/search/document.ts";
import { normalizeText } from "../src/search/normalize.ts";
import { MAX_PAIRS, queryPairs, textPairs } from "../src/search/pairs.ts";
import { tokenize } from "../src/search/tokenize.ts";
import type { TestApp } from "./support/app.ts";
import { OPEN_EXPERT, appWithCorpus, expectBefore, slugsFor } from "./support/search-wire.ts";

setDefaultTimeout(60_000);

// A query's two neighbouring words found side by side in a title, a tag or a service's name weigh
// more than the same words apart (src/search/pairs.ts, rank.ts PAIR_BONUS): "marketing audit" is a
// service; marketing in a tag beside an audit of the ad spend is two other things.

const words = (text: string) => tokenize(normalizeText(text));
const STOP = new Set(["for", "the", "of", "my", "a"]);

describe("word pairs", () => {
  it("are a short text's neighbouring words, CJK runs left out", () => {
    expect(textPairs(words("Marketing audit"))).toEqual(["~marketing audit"]);
    expect(textPairs(words("Growth marketing audit"))).toEqual(["~growth marketing", "~marketing audit"]);
    expect(textPairs(words("TOPIK 준비"))).toEqual([]);
  });

  it("of a query skip stop words (two at most between), one-letter words and CJK, and stop at MAX_PAIRS", () => {
    const isStop = (w: string) => STOP.has(w);
    expect(queryPairs(words("a marketing audit for my shop"), isStop)).toEqual([
      ["marketing", "audit"],
      ["audit", "shop"],
    ]);
    expect(queryPairs(words("review of the contract"), isStop)).toEqual([["review", "contract"]]);
    expect(queryPairs(words("review of the a contract"), isStop)).toEqual([]);
    expect(queryPairs(words("salary benchmarking startups"), isStop)).toEqual([
      ["salary", "benchmarking"],
      ["benchmarking", "startups"],
    ]);
    expect(queryPairs(words("x ray 세무 상담"), isStop)).toEqual([]);
    const long = queryPairs(words("one two three four five six seven eight nine ten"), isStop);
    expect(long).toHaveLength(MAX_PAIRS);
  });

  it("are in the main document at their field's weight (titles and tags B, services C), never in a tagline or the bio", () => {
    const doc = buildDocument({
      name: "Ana Test",
      city: null,
      state_code: null,
      country_code: null,
      language_subtags: [],
      tags: ["content marketing"],
      categories: ["marketing"],
      subcategories: [],
      titles: ["Growth Marketer"],
      taglines: ["Audits that pay for themselves"],
      bios: ["She runs a marketing audit every quarter."],
      services: ["Marketing audit"],
      descriptions: [],
    });
    expect(doc.tsvector).toContain("'~content marketing':");
    expect(doc.tsvector).toMatch(/'~marketing audit':\d+C/);
    expect(doc.tsvector).toContain("'~growth marketer':");
    // Not a tagline's words (their cost: document.ts), and the bio has no pairs.
    expect(doc.tsvector).not.toContain("'~audits that'");
    expect(doc.bio).not.toContain("~");
    // Pair lexemes are no words of the typo lexicon.
    expect(doc.words.some((w) => w.includes(" "))).toBe(false);
  });
});

const CORPUS = [
  {
    ...OPEN_EXPERT,
    slug: "t-pair-service",
    name: "Nora Lindqvist",
    rating: 4.2,
    categories: ["marketing"],
    location: { city: "Stockholm", country_code: "SE" },
    languages_spoken: ["en"],
    translations: { en: { title: "Growth consultant", tagline: "Campaigns that pay for themselves" } },
    services: [{ title: "Marketing audit", price_usd: 300, price_type: "fixed" }],
  },
  {
    // The same words, apart: "marketing" in the title and a tag, an audit of the ad spend. Rated higher,
    // so that without the pair it would come first among equals.
    ...OPEN_EXPERT,
    slug: "t-pair-apart",
    name: "Pia Holm",
    rating: 5,
    categories: ["marketing"],
    location: { city: "Stockholm", country_code: "SE" },
    languages_spoken: ["en"],
    tags: ["marketing"],
    translations: { en: { title: "Marketing consultant", tagline: "Campaigns that pay for themselves" } },
    services: [{ title: "Audit of your ad spend", price_usd: 300, price_type: "fixed" }],
  },
];

describe("searching word pairs over the wire", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await appWithCorpus(CORPUS);
  });
  afterAll(() => app?.stop());

  it("puts the expert whose service is named by the query's two words before one who has them apart", async () => {
    expectBefore(await slugsFor(app, "marketing audit in Stockholm"), "t-pair-service", "t-pair-apart");
  });

  it("finds the words in either order, stop words between ('an audit of our marketing')", async () => {
    expectBefore(await slugsFor(app, "an audit of our marketing in Stockholm"), "t-pair-service", "t-pair-apart");
  });

  it("finds a plural of the second word ('marketing audits')", async () => {
    expectBefore(await slugsFor(app, "marketing audits in Stockholm"), "t-pair-service", "t-pair-apart");
  });
});
