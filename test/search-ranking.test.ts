import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { get, type TestApp } from "./support/app.ts";
import { appWithCorpus } from "./support/search-wire.ts";

setDefaultTimeout(60_000);

// Ranking that generalizes (issue 22), over a few experts of our own imported beside the demo
// directory: ties, a name equal to a topic, a profession's other names under a filter, and a
// query in a language no profile is written in.

const base = { email: "expert@example.com", is_verified: true, review_count: 10 } as const;
const CORPUS = [
  // Equal in everything search reads but availability; the better-rated one does not take clients.
  {
    ...base,
    slug: "t-restorer-closed",
    name: "Ada Quist",
    categories: ["professional-instructor"],
    rating: 5,
    accepting_clients: false,
    availability_status: "closed",
    translations: { en: { title: "Zeppelin restorer", tagline: "Old airships, new fabric" } },
  },
  {
    ...base,
    slug: "t-restorer-open",
    name: "Bo Quist",
    categories: ["professional-instructor"],
    rating: 3,
    accepting_clients: true,
    availability_status: "open",
    translations: { en: { title: "Zeppelin restorer", tagline: "Old airships, new fabric" } },
  },
  // A surname that is a topic's name, in another field entirely.
  {
    ...base,
    slug: "t-nora-seo",
    name: "Nora Seo",
    categories: ["healthcare"],
    subcategories: ["nutrition"],
    rating: 5,
    accepting_clients: true,
    availability_status: "open",
    translations: { en: { title: "Nutritionist" } },
  },
  // An attorney whose category is not legal, the only one who speaks Icelandic.
  {
    ...base,
    slug: "t-attorney-icelandic",
    name: "Sif Jonsdottir",
    categories: ["immigration"],
    subcategories: ["work-visas"],
    rating: 4,
    languages_spoken: ["is", "en"],
    translations: { en: { title: "Immigration Attorney" } },
  },
  // Both listed for public speaking; the better-rated one as a second subcategory only.
  {
    ...base,
    slug: "t-quokka-speaking-first",
    name: "Ines Quokka",
    categories: ["professional-instructor"],
    subcategories: ["public-speaking", "leadership"],
    rating: 3,
    accepting_clients: true,
    availability_status: "open",
    translations: { en: { title: "Quokka trainer" } },
  },
  {
    ...base,
    slug: "t-quokka-speaking-second",
    name: "Jon Quokka",
    categories: ["professional-instructor"],
    subcategories: ["leadership", "public-speaking"],
    rating: 4,
    accepting_clients: true,
    availability_status: "open",
    translations: { en: { title: "Quokka trainer" } },
  },
  // Public speaking as a side line of another field (a dietitian who also gives talks), better rated.
  {
    ...base,
    slug: "t-quokka-speaking-side",
    name: "Kai Quokka",
    categories: ["healthcare", "professional-instructor"],
    subcategories: ["nutrition", "public-speaking"],
    rating: 5,
    accepting_clients: true,
    availability_status: "open",
    translations: { en: { title: "Quokka trainer" } },
  },
  // The need (Korean) itself, against a neighbour of it (Mandarin) that offers how it is asked for.
  {
    ...base,
    slug: "t-korean-tutor",
    name: "Yun Walrus",
    categories: ["language-tutor"],
    subcategories: ["korean"],
    rating: 3,
    accepting_clients: true,
    availability_status: "open",
    translations: { en: { title: "Walrus language tutor" } },
  },
  {
    ...base,
    slug: "t-mandarin-beginners-online",
    name: "Li Walrus",
    categories: ["language-tutor"],
    subcategories: ["mandarin"],
    tags: ["beginners", "online"],
    rating: 5,
    accepting_clients: true,
    availability_status: "open",
    translations: { en: { title: "Walrus language tutor", tagline: "Online lessons for beginners" } },
  },
];

let app: TestApp;

beforeAll(async () => {
  app = await appWithCorpus(CORPUS);
});
afterAll(() => app?.stop());

async function search(params: Record<string, string>) {
  const res = await get(app, `/api/agents/experts?${new URLSearchParams({ limit: "10", ...params })}`);
  expect(res.status).toBe(200);
  return res.body as { experts: { slug: string }[]; total: number; query_interpretation: any };
}

const slugs = async (params: Record<string, string>) => (await search(params)).experts.map((e) => e.slug);

describe("ranking that generalizes", () => {
  it("puts the expert whose first subcategory is the need before one who lists it second, whatever the rating", async () => {
    // "discours" (French) names public speaking but no title here holds the word: only the
    // subcategory tells them apart.
    const found = await slugs({ q: "discours quokka" });
    expect(found.slice(0, 2)).toEqual(["t-quokka-speaking-first", "t-quokka-speaking-second"]);
  });

  it("puts a second subcategory in the expert's own field before the same one as a side line of another field", async () => {
    // Both list public speaking second; the better-rated one's first category is healthcare.
    const found = await slugs({ q: "discours quokka" });
    expect(found.slice(0, 3)).toEqual([
      "t-quokka-speaking-first",
      "t-quokka-speaking-second",
      "t-quokka-speaking-side",
    ]);
  });

  it("puts experts who take clients first among equally relevant ones, before a better rating", async () => {
    expect((await slugs({ q: "zeppelin restorer" })).slice(0, 2)).toEqual(["t-restorer-open", "t-restorer-closed"]);
    // Sorted by rating the better-rated one stays first: only ties of relevance change.
    expect((await slugs({ q: "zeppelin restorer", sort: "rating" })).slice(0, 2)).toEqual([
      "t-restorer-closed",
      "t-restorer-open",
    ]);
  });

  it("does not let a name that equals the query word outrank the topic", async () => {
    const found = await slugs({ q: "seo" });
    expect(found.length).toBeGreaterThan(1);
    expect(found[0]).not.toBe("t-nora-seo");
    // Asked as a name, the name is found first.
    expect((await slugs({ q: "Nora Seo" }))[0]).toBe("t-nora-seo");
  });

  it("expands a profession into its other names: 'lawyer' finds the attorney a language filter leaves", async () => {
    expect(await slugs({ q: "attorney", language: "is" })).toContain("t-attorney-icelandic");
    expect(await slugs({ q: "lawyer", language: "is" })).toContain("t-attorney-icelandic");
  });

  it("counts how the need is asked for ('from scratch', 'online') as filler: it does not lift a neighbour of the need above the need", async () => {
    const found = await slugs({ q: "walrus tutor to learn korean from scratch online" });
    expect(found).toContain("t-mandarin-beginners-online");
    expect(found.indexOf("t-korean-tutor")).toBeLessThan(found.indexOf("t-mandarin-beginners-online"));
  });

  it("reads Spanish, Portuguese and Italian by meaning", async () => {
    for (const [q, subcategory] of [
      ["abogado de familia", "family-law"],
      ["advogado trabalhista", "employment-law"],
      ["commercialista", null],
    ] as const) {
      const result = await search({ q });
      expect(result.total).toBeGreaterThan(0);
      if (subcategory) expect(result.query_interpretation.recognized.subcategories).toContain(subcategory);
    }
    expect((await search({ q: "commercialista" })).query_interpretation.recognized.categories).toContain("accounting");
  });
});
