import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { importExperts, validateImport } from "../src/experts/import-file.ts";
import { queryLanguage } from "../src/search/query-language.ts";
import { normalizeText } from "../src/search/normalize.ts";
import { tokenize } from "../src/search/tokenize.ts";
import { get, type TestApp } from "./support/app.ts";
import { OPEN_EXPERT, appWithCorpus } from "./support/search-wire.ts";

setDefaultTimeout(60_000);

// Among equally good matches, experts who speak the language `q` is written in come first
// (src/search/query-language.ts, the order in statement.ts): the same tax advisor three times,
// the better rated ones speaking neither French nor German, in a country the demo directory has
// nobody in (the filter keeps the demo's advisors out of the page).
const advisor = (slug: string, name: string, rating: number, languages: string[]) => ({
  ...OPEN_EXPERT,
  slug,
  name,
  rating,
  categories: ["tax-advisory"],
  subcategories: ["personal-tax"],
  location: { city: "Vaduz", country_code: "LI" },
  languages_spoken: languages,
  translations: { en: { title: "Tax advisor", tagline: "Income tax returns for individuals" } },
});
// Two advisors in Monaco who fit alike but for their price: with a budget, the cheaper scores a
// little more (statement.ts withBudget), less than speaking the query's language adds.
const priced = (slug: string, name: string, price: number, languages: string[]) => ({
  ...advisor(slug, name, 4.5, languages),
  location: { city: "Monaco", country_code: "MC" },
  services: [{ title: "Tax return", price_usd: price, price_type: "fixed", duration_minutes: 60 }],
});
const CORPUS = [
  priced("t-lang-cheaper", "Paul Grant", 100, ["en"]),
  priced("t-lang-french-dearer", "Marie Laval", 110, ["fr", "en"]),
  advisor("t-lang-english", "Alex Brown", 4.9, ["en"]),
  advisor("t-lang-italian", "Bianca Conti", 4.8, ["it", "en"]),
  advisor("t-lang-french", "Claire Dubois", 4.1, ["fr", "en"]),
  advisor("t-lang-german", "Dieter Engel", 4.0, ["de", "en"]),
];

const language = (q: string) => queryLanguage(q, tokenize(normalizeText(q)));

describe("the language a query is written in", () => {
  it("is read from the script, or from two function words of one language more than of any other", () => {
    expect(language("Je cherche un conseiller fiscal pour ma déclaration")).toBe("fr");
    expect(language("Ich suche einen Steuerberater für meine Steuererklärung")).toBe("de");
    expect(language("Preciso de um contador para a minha empresa")).toBe("pt");
    expect(language("Cerco un commercialista per la mia azienda")).toBe("it");
    expect(language("I need a tax advisor for my return")).toBe("en");
    expect(language("税理士を探しています")).toBe("ja");
    expect(language("세무사를 찾고 있어요")).toBe("ko");
    expect(language("找一个会计师")).toBe("zh");
    expect(language("ищу налогового консультанта")).toBe("ru");
    expect(language("मुंबई में वकील चाहिए")).toBe("hi");
    // Too few function words to tell: no language, so no preference.
    expect(language("tax advisor")).toBeNull();
    expect(language("Steuerberater")).toBeNull();
  });

  it("counts a term that one language's vocabulary alone writes as one of its words", () => {
    const withTerms = (q: string, terms: string[]) => queryLanguage(q, tokenize(normalizeText(q)), terms);
    // "pour" alone is one French word: the term "conseiller fiscal" makes two.
    expect(language("conseiller fiscal pour particuliers")).toBeNull();
    expect(withTerms("conseiller fiscal pour particuliers", ["conseiller fiscal", "particuliers"])).toBe("fr");
    // "de" is as Spanish as it is Portuguese, French or Dutch; "revisión de contrato" and "alquiler" are Spanish.
    expect(withTerms("revisión de contrato de alquiler", ["revision de contrato", "alquiler"])).toBe("es");
    // A term two languages write ("contrato": es and pt) tells neither.
    expect(withTerms("contrato", ["contrato"])).toBeNull();
    // One telling term is not enough on its own.
    expect(withTerms("Steuerberater", ["steuerberater"])).toBeNull();
  });
});

let app: TestApp;

beforeAll(async () => {
  app = await appWithCorpus(CORPUS);
});
afterAll(() => app?.stop());

async function slugs(q: string): Promise<string[]> {
  const res = await get(app, `/api/agents/experts?${new URLSearchParams({ limit: "10", country: "LI", q })}`);
  expect(res.status).toBe(200);
  return (res.body as { experts: { slug: string }[] }).experts.map((e) => e.slug);
}

describe("speakers of the query's language first among equals", () => {
  it("puts the French speaker first for a French query, the German speaker for a German one", async () => {
    expect((await slugs("je cherche un conseiller fiscal pour ma déclaration de revenus"))[0]).toBe("t-lang-french");
    expect((await slugs("Ich suche einen Steuerberater für meine Steuererklärung"))[0]).toBe("t-lang-german");
    // One function word ("pour") and a term only French writes.
    expect((await slugs("conseiller fiscal pour particuliers"))[0]).toBe("t-lang-french");
  });

  it("leaves English queries and queries of no telling language in the order of the rating", async () => {
    const byRating = ["t-lang-english", "t-lang-italian", "t-lang-french", "t-lang-german"];
    // English is written by people of every language: no preference (the judged sets grade alike).
    expect(await slugs("I need a tax advisor for my income tax return")).toEqual(byRating);
    expect(await slugs("Steuerberater")).toEqual(byRating);
  });

  it("puts a speaker first among experts who fit about alike, not only exactly alike", async () => {
    const inMonaco = async (q: string) => {
      const res = await get(app, `/api/agents/experts?${new URLSearchParams({ country: "MC", max_price: "200", q })}`);
      expect(res.status).toBe(200);
      return (res.body as { experts: { slug: string }[] }).experts.map((e) => e.slug);
    };
    // In English the cheaper comes first (a twentieth of a tenth of a match less at the bound)…
    expect(await inMonaco("I need a tax advisor for my income tax return")).toEqual([
      "t-lang-cheaper",
      "t-lang-french-dearer",
    ]);
    // …in French the one who speaks it, ten dollars dearer.
    expect(await inMonaco("je cherche un conseiller fiscal pour ma déclaration de revenus")).toEqual([
      "t-lang-french-dearer",
      "t-lang-cheaper",
    ]);
  });

  it("never lifts a speaker over a better match", async () => {
    // The Italian speaker alone names the need in her tagline; the French query still finds her first.
    const better = {
      ...advisor("t-lang-crypto", "Elena Ricci", 3.5, ["it", "en"]),
      translations: { en: { title: "Tax advisor", tagline: "Bitcoin tax returns for individuals" } },
    };
    await importExperts(app.server.db.sql, validateImport([{ at: "record", value: better }]));
    const found = await slugs("je cherche un conseiller fiscal pour mes bitcoins");
    expect(found.slice(0, 2)).toEqual(["t-lang-crypto", "t-lang-french"]);
  });
});
