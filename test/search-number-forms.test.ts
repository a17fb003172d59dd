import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { numberForms } from "../src/search/inflection.ts";
import type { TestApp } from "./support/app.ts";
import { OPEN_EXPERT, appWithCorpus, expectBefore, slugsFor } from "./support/search-wire.ts";

setDefaultTimeout(60_000);

// A plain query word also matches its other number where a prefix of it cannot reach
// (inflection.ts numberForms): the index keeps words as written, so "countries" met "country" only
// through a cut "countrie", and "company*" never reaches "companies".

describe("numberForms", () => {
  it("gives English, Spanish, Portuguese and French singulars a prefix cannot reach", () => {
    expect(numberForms("countries")).toEqual(["country"]);
    expect(numberForms("taxes")).toEqual(["tax"]);
    expect(numberForms("coaches")).toEqual(["coach"]);
    expect(numberForms("asesores")).toEqual(["asesor"]);
    expect(numberForms("declaraciones")).toEqual(["declaracion"]);
    expect(numberForms("declaracoes")).toEqual(["declaracao"]);
    expect(numberForms("fiscais")).toEqual(["fiscal"]);
    expect(numberForms("fiscaux")).toEqual(["fiscal"]);
  });

  it("gives the plural of a singular the prefix of which does not hold it", () => {
    expect(numberForms("country")).toEqual(["countries"]);
    expect(numberForms("declaracao")).toEqual(["declaracoes"]);
    expect(numberForms("audit")).toEqual([]);
  });

  it("leaves short words, other scripts and words without such an ending alone", () => {
    expect(numberForms("fees")).toEqual([]);
    expect(numberForms("налоги")).toEqual([]);
    expect(numberForms("contract")).toEqual([]);
    expect(numberForms("holiday")).toEqual([]);
  });
});

const CORPUS = [
  {
    ...OPEN_EXPERT,
    slug: "t-number-one-country",
    name: "Ines Varga",
    rating: 4.1,
    categories: ["tax-advisory"],
    location: { city: "Rotterdam", country_code: "NL" },
    languages_spoken: ["en"],
    translations: {
      en: { title: "Tax adviser", tagline: "Tax planning for people with more than one country in their life" },
    },
    services: [{ title: "Tax planning session", price_usd: 200, price_type: "fixed" }],
  },
  {
    // The same tax planning, no country; rated higher, so that without the singular it comes first.
    ...OPEN_EXPERT,
    slug: "t-number-home",
    name: "Olaf Brandt",
    rating: 5,
    categories: ["tax-advisory"],
    location: { city: "Rotterdam", country_code: "NL" },
    languages_spoken: ["en"],
    translations: { en: { title: "Tax adviser", tagline: "Tax planning that pays for itself" } },
    services: [{ title: "Tax planning session", price_usd: 200, price_type: "fixed" }],
  },
  {
    ...OPEN_EXPERT,
    slug: "t-number-wineries",
    name: "Mara Quist",
    rating: 4,
    categories: ["business-consulting"],
    location: { city: "Rotterdam", country_code: "NL" },
    languages_spoken: ["en"],
    translations: { en: { title: "Consultant", tagline: "Margins and menus for wineries" } },
    services: [{ title: "Consulting session", price_usd: 200, price_type: "fixed" }],
  },
  {
    ...OPEN_EXPERT,
    slug: "t-number-consultant",
    name: "Jon Falk",
    rating: 5,
    categories: ["business-consulting"],
    location: { city: "Rotterdam", country_code: "NL" },
    languages_spoken: ["en"],
    translations: { en: { title: "Consultant", tagline: "Margins and plans for small firms" } },
    services: [{ title: "Consulting session", price_usd: 200, price_type: "fixed" }],
  },
];

describe("a word's other number over the wire", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await appWithCorpus(CORPUS);
  });
  afterAll(() => app?.stop());

  it("'two countries' finds 'more than one country' first", async () => {
    const slugs = await slugsFor(app, "tax planning for someone living between two countries");
    expectBefore(slugs, "t-number-one-country", "t-number-home");
  });

  it("'a winery' finds 'wineries' first", async () => {
    expectBefore(await slugsFor(app, "consultant for my winery"), "t-number-wineries", "t-number-consultant");
  });
});
