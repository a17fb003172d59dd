import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import type { TestApp } from "./support/app.ts";
import { OPEN_EXPERT, appWithCorpus, searchJson } from "./support/search-wire.ts";

setDefaultTimeout(60_000);

// The function words of a sentence are no terms (the vocabulary files' `stop` rows): "a chi devo
// rivolgermi" asks for someone, and "chi" must not match a bio nor "devo" a word of a service.
// The lists follow Snowball's and the closed word classes of stopwords-iso (pronouns, conjunctions,
// adverbs, modal verbs), leaving out what a vocabulary term is, a surname ("Han", "Kim", "Tao")
// and a role ("CIO"). A phrase that begins with such a word is still read ("chi ha i diritti").

const CORPUS = [
  {
    ...OPEN_EXPERT,
    slug: "t-fw-trademarks",
    name: "Mehmet Aksoy",
    categories: ["intellectual-property"],
    subcategories: ["trademarks"],
    location: { city: "Istanbul", country_code: "TR" },
    languages_spoken: ["tr", "en"],
    translations: { en: { title: "Trademark attorney", tagline: "Brand registration in Turkey and the EU" } },
  },
  {
    ...OPEN_EXPERT,
    slug: "t-fw-security",
    name: "Da-hye Han",
    categories: ["technology"],
    subcategories: ["cybersecurity"],
    location: { city: "Seoul", country_code: "KR" },
    languages_spoken: ["ko", "en"],
    translations: { en: { title: "Security consultant", tagline: "Penetration tests and ISO 27001" } },
  },
  {
    ...OPEN_EXPERT,
    slug: "t-fw-marketing",
    name: "Chiara Devoto",
    categories: ["marketing"],
    subcategories: ["branding"],
    location: { city: "Milan", country_code: "IT" },
    languages_spoken: ["it", "en"],
    translations: { en: { title: "Brand strategist", tagline: "Who you are, said once and well" } },
  },
];

let app: TestApp;

beforeAll(async () => {
  app = await appWithCorpus(CORPUS);
});
afterAll(() => app?.stop());

interface Found {
  experts: { slug: string }[];
  query_interpretation: {
    terms: string[];
    ignored: string[];
    recognized: { categories: string[]; subcategories: string[] };
  };
}

const search = async (q: string) => (await searchJson(app, q)) as Found;

describe("function words of the query languages", () => {
  const sentences: [string, string, string[]][] = [
    [
      "it",
      "A chi devo rivolgermi? Vorrei proteggere il marchio della mia azienda anche all'estero",
      ["chi", "devo", "rivolgermi"],
    ],
    ["pt", "Nunca fiz isso antes, talvez alguém possa registrar a marca da minha empresa", ["nunca", "talvez"]],
    ["es", "Nunca he registrado una marca; quizás alguien me puede ayudar a registrar la marca", ["nunca", "quizas"]],
    ["de", "Ich weiß überhaupt nicht, ob wir deshalb unsere Marke anmelden dürfen", ["uberhaupt", "deshalb", "durfen"]],
    ["pl", "Nie wiem, czy można jeszcze zarejestrować naszą markę", ["nie", "mozna", "jeszcze"]],
    [
      "en",
      "We have to register our trademark before next week; the first time it took days",
      ["next", "week", "first", "time", "days"],
    ],
    ["sv", "Vi vill registrera vårt varumärke men vet ingenting om det, aldrig gjort det", ["ingenting", "aldrig"]],
  ];
  for (const [language, q, fillers] of sentences)
    it(`${language}: the sentence's function words are ignored and its need is read`, async () => {
      const found = await search(q);
      const { terms, ignored, recognized } = found.query_interpretation;
      for (const word of fillers) {
        expect(ignored).toContain(word);
        expect(terms.some((t) => t.split(" ").includes(word))).toBe(false);
      }
      expect(recognized.subcategories).toContain("trademarks");
      // The demo directory is there too: of this suite's experts, the trademark attorney comes first.
      const ours = found.experts.map((e) => e.slug).filter((slug) => slug.startsWith("t-fw-"));
      expect(ours[0]).toBe("t-fw-trademarks");
    });

  it("a word that is both a function word and a name's part, Han, is read as the name", async () => {
    const found = await search("Da-hye Han");
    expect(found.query_interpretation.terms).toContain("han");
    expect(found.experts.map((e) => e.slug).filter((slug) => slug.startsWith("t-fw-"))).toEqual(["t-fw-security"]);
  });

  it("a phrase that begins with a function word is still a phrase", async () => {
    const found = await search("chi ha i diritti");
    expect(found.query_interpretation.terms).toEqual(["chi ha i diritti"]);
    expect(found.query_interpretation.recognized.categories).toContain("intellectual-property");
  });
});
