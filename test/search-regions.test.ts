import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { parseVocabularyFile } from "../src/search/vocabulary-file.ts";
import { get, type TestApp } from "./support/app.ts";
import { expectConformingResult, mcpClient, resultText } from "./support/mcp.ts";
import { OPEN_EXPERT, appWithCorpus } from "./support/search-wire.ts";

setDefaultTimeout(60_000);

// States, provinces and territories (contract 2.4.0, recognized.regions): "a lawyer in Texas"
// names the experts whose location.state_code is TX, wherever in it they are: Houston has no
// vocabulary row of its own, so only the region token can find its lawyer.

const lawyer = (slug: string, name: string, city: string, state: string, country: string, rating: number) => ({
  ...OPEN_EXPERT,
  slug,
  name,
  rating,
  categories: ["legal"],
  subcategories: ["family-law"],
  location: { city, state_code: state, country_code: country },
  languages_spoken: ["en"],
  translations: { en: { title: "Family Lawyer", tagline: "Divorce and custody" } },
});

const CORPUS = [
  lawyer("r-austin", "Avery Brooks", "Austin", "TX", "US", 4.1),
  lawyer("r-houston", "Harper Quinn", "Houston", "TX", "US", 4.0),
  // The best rated: without the region it would come first.
  lawyer("r-los-angeles", "Logan Reyes", "Los Angeles", "CA", "US", 5.0),
  {
    ...OPEN_EXPERT,
    slug: "r-toronto-accountant",
    name: "Morgan Ellis",
    categories: ["accounting"],
    subcategories: ["bookkeeping"],
    location: { city: "Toronto", state_code: "ON", country_code: "CA" },
    languages_spoken: ["en", "fr"],
    translations: { en: { title: "Bookkeeper", tagline: "Monthly books for small firms" } },
  },
];

let app: TestApp;

beforeAll(async () => {
  app = await appWithCorpus(CORPUS);
});
afterAll(() => app?.stop());

interface Found {
  experts: { slug: string }[];
  query_interpretation: { recognized: { regions: string[]; cities: string[] } };
}

async function search(q: string, limit = 10): Promise<Found> {
  const res = await get(app, `/api/agents/experts?${new URLSearchParams({ q, limit: String(limit) })}`);
  expect(res.status).toBe(200);
  return res.body as Found;
}

describe("regions in q", () => {
  it("reads a state as its experts, in any city of it, before better-rated experts elsewhere", async () => {
    const texas = await search("family lawyer in Texas");
    expect(texas.query_interpretation.recognized.regions).toEqual(["TX, US"]);
    expect(texas.query_interpretation.recognized.cities).toEqual([]);
    expect(
      texas.experts
        .slice(0, 2)
        .map((e) => e.slug)
        .sort(),
    ).toEqual(["r-austin", "r-houston"]);
    expect(texas.experts.map((e) => e.slug)).toContain("r-los-angeles");
  });

  it("knows a region by its names in other languages", async () => {
    for (const q of ["加州 家庭律师", "abogado de familia en California", "Familienanwalt Kalifornien"]) {
      const found = await search(q);
      expect({ q, regions: found.query_interpretation.recognized.regions }).toEqual({ q, regions: ["CA, US"] });
      expect({ q, first: found.experts[0]?.slug }).toEqual({ q, first: "r-los-angeles" });
    }
    const ontario = await search("bookkeeper Ontario");
    expect(ontario.query_interpretation.recognized.regions).toEqual(["ON, CA"]);
    expect(ontario.experts[0].slug).toBe("r-toronto-accountant");
  });

  it("reads the name of a region's people as the region, as a nationality names its country", async () => {
    for (const [q, region] of [
      ["je suis Québécoise et je cherche une coach", "QC, CA"],
      ["family lawyer for a Californian couple", "CA, US"],
      ["Texan looking for a tax advisor", "TX, US"],
      ["bookkeeper for an Ontarian bakery", "ON, CA"],
    ]) {
      const found = await search(q);
      expect({ q, regions: found.query_interpretation.recognized.regions }).toEqual({ q, regions: [region] });
    }
  });

  it("leaves the city of the same name a city: Washington and New York are not their states", async () => {
    const city = await search("family lawyer Washington");
    expect(city.query_interpretation.recognized.regions).toEqual([]);
    expect(city.query_interpretation.recognized.cities).toEqual(["Washington, US"]);
    const state = await search("family lawyer Washington State");
    expect(state.query_interpretation.recognized.regions).toEqual(["WA, US"]);
  });

  it("says so over MCP: the same order, the region in structuredContent and in the text", async () => {
    const client = await mcpClient(app.url, "streamable-http");
    try {
      const { tools } = await client.listTools();
      const tool = tools.find((t) => t.name === "search_experts")!;
      const result = await client.callTool({ name: "search_experts", arguments: { q: "family lawyer in Texas" } });
      expectConformingResult(tool, result as any);
      const structured = result.structuredContent as Found;
      const rest = await search("family lawyer in Texas");
      expect(structured.experts.map((e) => e.slug)).toEqual(rest.experts.map((e) => e.slug));
      expect(structured.query_interpretation.recognized.regions).toEqual(["TX, US"]);
      expect(resultText(result as any)).toContain("TX, US");
    } finally {
      await client.close();
    }
  });
});

describe("the region kind of a vocabulary file", () => {
  it("takes CC:code keys and refuses others", () => {
    const { entries, errors } = parseVocabularyFile(
      "region\tUS:TX\tLone Star State\nregion\tTexas\tTexas\nregion\tAU:NSW\tNSW\n",
      "en",
    );
    expect(entries.map((e) => [e.kind, e.key, e.term])).toEqual([
      ["region", "US:TX", "Lone Star State"],
      ["region", "AU:NSW", "NSW"],
    ]);
    expect(errors.map((e) => e.line)).toEqual([2]);
  });
});
