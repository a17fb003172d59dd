import { beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { parseQuery } from "../src/search/query.ts";
import { termKey, type Vocabulary } from "../src/search/vocabulary.ts";
import { testApp, type TestApp } from "./support/app.ts";
import { searchJson, specialtiesOf } from "./support/search-wire.ts";
import { noLexicon, shippedVocabulary } from "./support/vocabulary.ts";

// Specific terms (the subcategory rows of src/search/vocabulary/*.tsv): people name an exam, a
// standard, a product, a visa or a procedure rather than a profession ("HIPAA", "IR35", "EB-5",
// "HubSpot"). Where no profile writes the term, search still reaches the subcategory that handles
// it; where one does, that profile comes first.

setDefaultTimeout(60_000);

// One or two terms of every subcategory's specific ones, each of which must name it alone.
const TERMS: [string, string][] = [
  ["Uniform Commercial Code", "contract-law"],
  ["postnuptial agreement", "family-law"],
  ["EEOC charge", "employment-law"],
  ["share purchase agreement", "corporate-law"],
  ["NetSuite", "bookkeeping"],
  ["PCAOB", "audit"],
  ["ASC 606", "financial-statements"],
  ["CSRD", "financial-statements"],
  ["IR35", "personal-tax"],
  ["1031 exchange", "personal-tax"],
  ["CGT", "personal-tax"],
  ["patent box", "corporate-tax"],
  ["DAC6", "international-tax"],
  ["FBAR", "international-tax"],
  ["balanced scorecard", "strategy"],
  ["ISO 9001", "operations"],
  ["Y Combinator", "startups"],
  ["Roth IRA", "financial-planning"],
  ["REIT", "investment"],
  ["cap table", "fundraising"],
  ["HubSpot", "digital-marketing"],
  ["brand architecture", "branding"],
  ["Core Web Vitals", "seo"],
  ["domain-driven design", "software-architecture"],
  ["Terraform", "cloud"],
  ["HIPAA", "cybersecurity"],
  ["PCI DSS", "cybersecurity"],
  ["Power BI", "data-ai"],
  ["EB-2 NIW", "work-visas"],
  ["Express Entry", "work-visas"],
  ["I-130", "family-immigration"],
  ["EB-5", "citizenship"],
  ["low FODMAP", "nutrition"],
  ["EMDR", "mental-health"],
  ["plantar fasciitis", "physiotherapy"],
  ["applicant tracking system", "recruiting"],
  ["restricted stock units", "compensation"],
  ["FLSA", "hr-compliance"],
  ["Unified Patent Court", "patents"],
  ["Madrid Protocol", "trademarks"],
  ["Creative Commons", "copyright"],
  ["Rightmove", "residential"],
  ["triple net lease", "commercial"],
  ["quitclaim deed", "property-law"],
  ["Business English Certificate", "business-english"],
  ["CELPIP", "exam-prep"],
  ["British accent", "conversation"],
  ["DELE B2", "spanish"],
  ["JLPT N2", "japanese"],
  ["TOPIK II", "korean"],
  ["TEF Canada", "french"],
  ["Goethe B2", "german"],
  ["HSK 5", "mandarin"],
  ["TEDx", "public-speaking"],
  ["MBTI", "leadership"],
  ["Certified ScrumMaster", "project-management"],
];

describe("specific terms in the shipped vocabulary", () => {
  let vocabulary: Vocabulary;
  beforeAll(async () => {
    vocabulary = await shippedVocabulary();
  });

  it("names its subcategory and nothing else: no other concept, no everyday synonym", () => {
    for (const [term, slug] of TERMS)
      expect(vocabulary.lookup(termKey(term)), term).toEqual([{ kind: "subcategory", key: slug }]);
  });

  it("reads a term written as a name as specific however it is typed: itself first, its subcategory below, its parent last", async () => {
    for (const q of ["Terraform", "terraform"]) {
      const [group] = (await parseQuery(q, vocabulary, noLexicon)).groups;
      expect(group.weight, q).toBe(4);
      const factors = new Map(group.alternatives.map((a) => [a.lexemes.join(" "), a.factor]));
      expect(factors.get("terraform"), q).toBe(1);
      expect(factors.get("sub:cloud"), q).toBeLessThan(1);
      expect(factors.get("cat:technology"), q).toBeLessThan(factors.get("sub:cloud") as number);
    }
    // A subcategory's own name with an acronym in it is not a name of its own: its experts stand for it.
    const [seo] = (await parseQuery("seo consultant", vocabulary, noLexicon)).groups;
    expect(seo.weight).toBe(2);
  });

  it("does not read a field's abbreviation in capitals as a code inside its subcategory's phrase", async () => {
    // "HR policies" is the HR field's everyday phrase: merged with "employee handbook" (the same
    // subcategory) it keeps both phrasings and the subcategory's token at full weight.
    const [group] = (await parseQuery("employee handbook and HR policies", vocabulary, noLexicon)).groups;
    expect(group.weight).toBe(2);
    const factors = new Map(group.alternatives.map((a) => [a.lexemes.join(" "), a.factor]));
    expect(factors.get("sub:hr-compliance")).toBe(1);
    // A code that is no field's abbreviation still makes its phrase specific.
    const [soc] = (await parseQuery("SOC 2 audit", vocabulary, noLexicon)).groups;
    expect(soc.weight).toBe(4);
  });
});

describe("specific terms over the wire", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  const search = (q: string) => searchJson(app, q);

  /** The experts whose profile (main document or bio) has every word of the term. */
  async function mentioning(term: string): Promise<string[]> {
    const rows = await app.sql<{ slug: string }[]>`
      select slug from experts
      where search_doc @@ plainto_tsquery('simple', ${term}) or search_bio @@ plainto_tsquery('simple', ${term})`;
    return rows.map((r) => r.slug);
  }

  // Terms no demo profile writes: the subcategory that handles each is what a search can offer.
  const UNMENTIONED: [string, string][] = [
    ["HIPAA", "cybersecurity"],
    ["PCI DSS", "cybersecurity"],
    ["IR35", "personal-tax"],
    ["1031 exchange", "personal-tax"],
    ["EB-5", "citizenship"],
    ["HubSpot", "digital-marketing"],
    ["Power BI", "data-ai"],
    ["CSRD", "financial-statements"],
    ["DAC6", "international-tax"],
    ["cap table", "fundraising"],
    ["Madrid Protocol", "trademarks"],
    ["Goethe B2", "german"],
  ];

  for (const [q, slug] of UNMENTIONED)
    it(`reaches ${slug} for "${q}", which no profile mentions`, async () => {
      expect(await mentioning(q)).toEqual([]);
      const body = await search(q);
      expect(body.query_interpretation.recognized.subcategories).toEqual([slug]);
      expect(body.match_quality).toBe("strong");
      const best = await Promise.all(body.experts.slice(0, 3).map((e: { slug: string }) => specialtiesOf(app, e.slug)));
      expect(best.length).toBeGreaterThan(0);
      expect(best.some((s) => s.includes(slug))).toBe(true);
    });

  // A code in a tag beats its concept's token in the first subcategory (specificity.ts STAND_IN):
  // "IFRS" is what the two who tag it do; the financial-statements accountants only stand in.
  it('puts a profile that tags "IFRS" before the subcategory\'s experts who do not write it', async () => {
    const tagged = await app.sql<{ slug: string }[]>`
      select slug from experts where search_doc @@ to_tsquery('simple', 'ifrs:B')`;
    expect(tagged.length).toBeGreaterThan(0);
    const body = await search("IFRS reporting help");
    expect(tagged.map((r) => r.slug)).toContain(body.experts[0].slug);
  });

  // The parent category of a specific term's subcategory stands in last (specificity.ts
  // PARENT_STAND_IN): after those who name the exam, the English tutors, not whoever shares a
  // word of the sentence (before, a bookkeeper and an investment adviser were in the first ten).
  it("fills the rest of a specific term's page with its parent category's experts", async () => {
    const body = await search("My daughter is applying to US universities and needs a good TOEFL score by the summer.");
    const first = (body.experts as { slug: string; categories: string[] }[]).slice(0, 8);
    expect(first).toHaveLength(8);
    for (const e of first)
      expect({ slug: e.slug, categories: e.categories }).toEqual({
        slug: e.slug,
        categories: expect.arrayContaining(["english-tutor"]),
      });
  });

  // A code found in a name is a surname that spells it (rank.ts NAME_OF_CODE): the software
  // architect named Seo comes after everyone who does SEO.
  it("puts a name that spells the code after the code's experts", async () => {
    const body = await search("someone to help with our SEO");
    const slugs: string[] = body.experts.map((e: { slug: string }) => e.slug);
    const named = slugs.indexOf("kim-seo-yeon-software-architect");
    const seo: string[] = [];
    for (const slug of slugs) if ((await specialtiesOf(app, slug)).includes("seo")) seo.push(slug);
    expect(seo.length).toBeGreaterThan(2);
    if (named >= 0) for (const slug of seo) expect(slugs.indexOf(slug)).toBeLessThan(named);
  });

  // A product after "from" is the tool a migration leaves, as much the need as the one it goes to,
  // not a former trade (settle.ts askerWas): before, the immigration lawyers ("moving") came first.
  it("reads a migration from one product to another as both products' need", async () => {
    const body = await search("moving our books from QuickBooks Desktop to Xero");
    for (const expert of body.experts.slice(0, 3) as any[]) expect(expert.categories).toContain("accounting");
  });

  // Terms a few demo profiles write (tags of cloud and software experts): one of them comes first,
  // before the subcategory's experts who do not write it.
  for (const q of ["Terraform", "terraform", "TypeScript"])
    it(`puts a profile that mentions "${q}" first`, async () => {
      const mentioned = await mentioning(q);
      expect(mentioned.length).toBeGreaterThan(0);
      const body = await search(q);
      expect(mentioned).toContain(body.experts[0].slug);
    });
});
