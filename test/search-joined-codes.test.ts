import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { buildDocument } from "../src/search/document.ts";
import { joinedCodes } from "../src/search/tokenize.ts";
import type { TestApp } from "./support/app.ts";
import { OPEN_EXPERT, appWithCorpus, expectBefore, slugsFor } from "./support/search-wire.ts";

setDefaultTimeout(60_000);

// A code a hyphen splits in a profile ("H-1B visas") is also indexed as the one word a query often
// writes ("h1b"), tokenize.ts joinedCodes: the hyphen makes two words, which "h1b" never matched,
// so the expert who names the visa ranked with everyone the visa's category reached.

describe("joinedCodes", () => {
  it("joins a hyphenated code of letters and digits", () => {
    expect(joinedCodes("h-1b visas")).toEqual(["h1b"]);
    expect(joinedCodes("form i-130 and w-2")).toEqual(["i130", "w2"]);
    expect(joinedCodes("covid-19 rules")).toEqual(["covid19"]);
    expect(joinedCodes("o-1 and eb-1a")).toEqual(["o1", "eb1a"]);
  });

  it("leaves words, number ranges, long parts and chains alone", () => {
    expect(joinedCodes("e-mail follow-up co-founder")).toEqual([]);
    expect(joinedCodes("2-3 weeks")).toEqual([]);
    expect(joinedCodes("interest-100000")).toEqual([]);
    expect(joinedCodes("a-1-b")).toEqual([]);
    expect(joinedCodes("no hyphen h1b")).toEqual([]);
  });

  it("puts the joined code in the document at the text's weight", () => {
    const doc = buildDocument({
      name: "Ana Test",
      city: null,
      state_code: null,
      country_code: null,
      language_subtags: [],
      tags: ["H-1B visas"],
      categories: ["immigration"],
      subcategories: [],
      titles: ["Immigration adviser"],
      taglines: [],
      bios: ["Files I-130 petitions."],
      services: [],
      descriptions: [],
    });
    expect(doc.tsvector).toMatch(/'h1b':\d+B/);
    expect(doc.bio).toMatch(/'i130':\d+/);
  });
});

const CORPUS = [
  {
    ...OPEN_EXPERT,
    slug: "t-code-h1b",
    name: "Rita Osei",
    rating: 4,
    categories: ["immigration"],
    location: { city: "Boston", state_code: "MA", country_code: "US" },
    languages_spoken: ["en"],
    tags: ["H-1B visas", "permanent residence"],
    translations: { en: { title: "Immigration adviser", tagline: "Every step of a move, explained" } },
    services: [{ title: "Initial consultation", price_usd: 200, price_type: "fixed" }],
  },
  {
    // The same field, no H-1B; rated higher, so that without the joined code it comes first.
    ...OPEN_EXPERT,
    slug: "t-code-other",
    name: "Tom Berg",
    rating: 5,
    categories: ["immigration"],
    location: { city: "Boston", state_code: "MA", country_code: "US" },
    languages_spoken: ["en"],
    tags: ["work visas", "permanent residence"],
    translations: { en: { title: "Immigration adviser", tagline: "Every step of a move, explained" } },
    services: [{ title: "Initial consultation", price_usd: 200, price_type: "fixed" }],
  },
];

describe("a joined code over the wire", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await appWithCorpus(CORPUS);
  });
  afterAll(() => app?.stop());

  it("'h1b visa' finds the expert who names the H-1B first", async () => {
    expectBefore(await slugsFor(app, "h1b visa"), "t-code-h1b", "t-code-other");
  });
});
