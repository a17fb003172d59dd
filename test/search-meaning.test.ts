import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { expectConformingResult, mcpClient, resultText } from "./support/mcp.ts";
import { get, type TestApp } from "./support/app.ts";
import { OPEN_EXPERT, appWithCorpus, expectBefore } from "./support/search-wire.ts";

setDefaultTimeout(60_000);

// Search by meaning (issue 10), over a small corpus of our own imported beside the demo
// directory into an app of this suite's own, so every expectation names a known expert.

const base = OPEN_EXPERT;
const CORPUS = [
  {
    ...base,
    slug: "t-claire-family-lyon",
    name: "Claire Fontaine",
    categories: ["legal"],
    subcategories: ["family-law"],
    location: { city: "Lyon", country_code: "FR", timezone: "Europe/Paris" },
    languages_spoken: ["fr", "en"],
    rating: 4.2,
    translations: {
      en: { title: "Family Lawyer", tagline: "Divorce and custody, calmly" },
      fr: { title: "Avocate en droit de la famille" },
    },
  },
  {
    ...base,
    slug: "t-marc-corporate-lyon",
    name: "Marc Girard",
    categories: ["legal"],
    subcategories: ["corporate-law"],
    location: { city: "Lyon", country_code: "FR" },
    languages_spoken: ["fr"],
    rating: 4.9,
    translations: { en: { title: "Corporate Lawyer", tagline: "Company law for growing firms" } },
  },
  {
    ...base,
    slug: "t-zoe-nutrition",
    name: "Zoë Larsen",
    categories: ["healthcare"],
    subcategories: ["nutrition"],
    location: { city: "Copenhagen", country_code: "DK" },
    languages_spoken: ["da", "en"],
    translations: { en: { title: "Nutritionist", tagline: "Meal plans that fit your life" } },
  },
  {
    ...base,
    slug: "t-muller-koln",
    name: "Jonas Müller",
    categories: ["tax-advisory"],
    subcategories: ["personal-tax"],
    location: { city: "Köln", country_code: "DE" },
    languages_spoken: ["de", "en"],
    translations: { en: { title: "Tax Advisor" }, de: { title: "Steuerberater" } },
  },
  {
    ...base,
    slug: "t-ana-lisbon-homes",
    name: "Ana Sousa",
    categories: ["real-estate"],
    subcategories: ["residential"],
    location: { city: "Lisbon", country_code: "PT" },
    languages_spoken: ["pt", "en"],
    translations: { en: { title: "Buyer's Agent", tagline: "Find and buy your home in Lisbon" } },
  },
  {
    ...base,
    slug: "t-sao-paulo-cpa",
    name: "Rafael Lima",
    categories: ["accounting"],
    subcategories: ["bookkeeping"],
    location: { city: "São Paulo", country_code: "BR" },
    languages_spoken: ["pt"],
    translations: { en: { title: "Accountant" } },
  },
  {
    ...base,
    slug: "t-yuki-payroll",
    name: "Yuki Sato",
    categories: ["human-resources"],
    subcategories: ["compensation"],
    location: { city: "Osaka", country_code: "JP" },
    languages_spoken: ["ja", "en"],
    translations: { en: { title: "Payroll Specialist" }, ja: { title: "給与計算スペシャリスト" } },
  },
  {
    ...base,
    slug: "t-jose-garcia",
    name: "José García",
    categories: ["immigration"],
    subcategories: ["work-visas"],
    location: { city: "Madrid", country_code: "ES" },
    languages_spoken: ["es", "en"],
    translations: { en: { title: "Immigration Consultant" } },
  },
  {
    ...base,
    slug: "t-nam-tax-seoul",
    name: "남궁민",
    categories: ["tax-advisory"],
    subcategories: ["corporate-tax"],
    location: { city: "Seoul", country_code: "KR" },
    languages_spoken: ["ko"],
    translations: { en: { title: "Tax accountant" }, ko: { title: "세무사" }, zh: { title: "税务师" } },
  },
  {
    ...base,
    slug: "t-wang-beijing",
    name: "王小明",
    categories: ["legal"],
    subcategories: ["contract-law"],
    location: { city: "Beijing", country_code: "CN" },
    languages_spoken: ["zh"],
    translations: { en: { title: "Contract lawyer" }, zh: { title: "合同律师" } },
  },
  {
    ...base,
    slug: "t-zeppelin-bio",
    name: "Ida Brandt",
    categories: ["business-consulting"],
    rating: 5,
    translations: { en: { title: "Operations Consultant", bio: "Once ran the logistics of a zeppelin museum." } },
  },
  {
    ...base,
    slug: "t-zeppelin-title",
    name: "Karl Lenz",
    categories: ["professional-instructor"],
    rating: 3,
    translations: { en: { title: "Zeppelin pilot instructor" } },
  },
  {
    ...base,
    slug: "t-mortgage",
    name: "Owen Price",
    categories: ["finance"],
    subcategories: ["financial-planning"],
    location: { city: "Leeds", country_code: "GB" },
    languages_spoken: ["en"],
    translations: { en: { title: "Mortgage Broker", tagline: "The right mortgage for your first home" } },
  },
];

let app: TestApp;

beforeAll(async () => {
  app = await appWithCorpus(CORPUS);
});
afterAll(() => app?.stop());

async function search(params: Record<string, string>) {
  const res = await get(app, `/api/agents/experts?${new URLSearchParams({ limit: "20", ...params })}`);
  expect(res.status).toBe(200);
  return res.body as {
    experts: { slug: string; name: string }[];
    total: number;
    total_is_exact: boolean;
    query_interpretation: any;
    has_more: boolean;
  };
}

async function slugs(q: string, extra: Record<string, string> = {}) {
  return (await search({ q, ...extra })).experts.map((e) => e.slug);
}

describe("search by meaning", () => {
  it("several words in any order: the expert matching all of them comes first", async () => {
    expect((await slugs("family lawyer lyon"))[0]).toBe("t-claire-family-lyon");
    expect((await slugs("lyon lawyer family"))[0]).toBe("t-claire-family-lyon");
    // A word that matches nothing lowers the rank; it does not empty the list.
    expect((await slugs("family lawyer lyon qwxzv"))[0]).toBe("t-claire-family-lyon");
  });

  it("a word that matches nobody does not reorder the rest: a phrase found verbatim keeps its bonus", async () => {
    // Reykjavik is a known place where no expert of this directory is: "Family Lawyer" in a title
    // still counts for more than a corporate lawyer who also does family law.
    const plain = await search({ q: "family lawyer" });
    const withPlace = await search({ q: "family lawyer reykjavik" });
    expect(withPlace.query_interpretation.terms).toContain("reykjavik");
    const titled = (r: typeof plain) =>
      r.experts
        .slice(0, 5)
        .map((e) => e.slug)
        .filter((slug) => slug.includes("family"));
    expect(titled(plain).length).toBeGreaterThan(1);
    expect(withPlace.experts.slice(0, titled(plain).length).map((e) => e.slug)).toEqual(
      plain.experts.slice(0, titled(plain).length).map((e) => e.slug),
    );
  });

  it("finds a phrase in the other number of its last word ('pitch deck' in a tag 'pitch decks')", async () => {
    // The startup advisers tag "pitch decks" and are no fundraising advisers: only the words reach them.
    expect((await slugs("pitch deck review")).slice(0, 3)).toContain("jessica-cooper-startup-advisor");
  });

  it("corrects typos of one or two edits, and says so", async () => {
    const result = await search({ q: "nutrtionist" });
    expect(result.experts.slice(0, 3).map((e) => e.slug)).toContain("t-zoe-nutrition");
    expect(result.query_interpretation.corrections).toContainEqual({ from: "nutrtionist", to: "nutritionist" });
    expect((await slugs("mortage broker"))[0]).toBe("t-mortgage");
  });

  it("folds case, accents and width", async () => {
    expect((await slugs("zoe"))[0]).toBe("t-zoe-nutrition");
    expect((await slugs("ZOË LARSEN"))[0]).toBe("t-zoe-nutrition");
    expect(await slugs("sao paulo accountant")).toContain("t-sao-paulo-cpa");
    expect((await slugs("ｊｏｎａｓ　ｍｕｅｌｌｅｒ"))[0]).toBe("t-muller-koln");
    expect(await slugs("mueller")).toContain("t-muller-koln");
    expect(await slugs("müller")).toContain("t-muller-koln");
  });

  it("knows synonyms and translations of professions, in six languages", async () => {
    for (const q of ["attorney", "avocat", "Rechtsanwalt", "변호사", "弁護士", "律师"]) {
      const found = await slugs(q);
      expect(found).toContain("t-claire-family-lyon");
      expect(found).toContain("t-wang-beijing");
    }
    expect(await slugs("CPA")).toContain("t-sao-paulo-cpa");
  });

  it("knows cities by their names in other languages", async () => {
    for (const q of ["Köln", "Cologne", "쾰른", "koln"]) expect((await slugs(q))[0]).toBe("t-muller-koln");
  });

  it("reads whole sentences: stop words dropped, places and languages recognised", async () => {
    const flat = await search({ q: "somebody who can help me buy a flat in Lisbon" });
    expect(flat.experts[0].slug).toBe("t-ana-lisbon-homes");
    expect(flat.query_interpretation.recognized.cities).toContain("Lisbon, PT");
    expect(flat.query_interpretation.ignored).toContain("somebody");
    const payroll = await search({ q: "I need a payroll specialist who speaks Japanese" });
    expect(payroll.experts[0].slug).toBe("t-yuki-payroll");
    expect(payroll.query_interpretation.recognized.languages).toContain("ja");
  });

  it("reads an everyday need as the professions that serve it (served-by.ts)", async () => {
    // Neither "landlord" nor "CV" names a profession: without the link, "back" found a
    // physiotherapist first and "jobs" anyone whose bio has the word.
    const landlord = await search({ q: "my landlord won't give back my deposit" });
    expect(landlord.query_interpretation.recognized.subcategories).toEqual(
      expect.arrayContaining(["property-law", "residential"]),
    );
    for (const e of landlord.experts.slice(0, 5)) expect((e as any).categories).toContain("real-estate");
    const cv = await search({ q: "can someone help me fix my CV before I apply for jobs" });
    expect(cv.query_interpretation.recognized.subcategories).toContain("recruiting");
    expect((cv.experts[0] as any).categories).toContain("human-resources");
    // An endurance race is trained for with food and a body that holds up, in any language.
    for (const q of [
      "training for a half marathon, what should I eat?",
      "Ich laufe meinen ersten Marathon",
      "准备跑马拉松",
    ]) {
      const race = await search({ q });
      expect(race.query_interpretation.recognized.subcategories, q).toEqual(
        expect.arrayContaining(["nutrition", "physiotherapy"]),
      );
      expect((race.experts[0] as any).categories, q).toContain("healthcare");
    }
    // A contract not renewed after an illness is an employment lawyer's matter, a contract's
    // renewal though the word "contract" is there.
    for (const q of [
      "mijn werkgever wil mijn contract niet verlengen",
      "my employer won't renew my contract after I was off sick",
    ]) {
      const renewal = await search({ q });
      expect(renewal.query_interpretation.recognized.subcategories, q).toContain("employment-law");
      expect(renewal.experts[0]?.slug, q).toContain("employment-lawyer");
    }
    // An everyday need's own name is searched beside the user's words: "small company" finds the
    // Small Business Accountant's title (he was fifth, among accountants matched by category alone).
    const small = await search({ q: "accountant for my small company" });
    expect(small.experts.slice(0, 3).map((e) => e.slug)).toContain("william-robinson-small-business-accountant");
    // Needs in the person's words, in several languages: a new product's name and logo registered
    // before another company takes them, nobody finding one's shop on Google, taxed in both countries.
    const needs: [string, string][] = [
      ["新商品の名前とロゴを他の会社に先に取られないように登録したい", "trademarks"],
      ["casi nadie me encuentra en Google", "seo"],
      ["nobody finds me on google", "seo"],
      ["niemand findet uns bei Google", "seo"],
      ["日本と赴任先の両方で税金を取られないか心配", "international-tax"],
      ["will I pay tax in both countries?", "international-tax"],
      ["两边都交税怎么办", "international-tax"],
      // A young product that stopped growing is a startup adviser's matter.
      ["our app has a few hundred paying users but growth has stalled", "startups"],
      // Going self-employed, in the words a sentence uses, is the asker's setting beside a tax need.
      ["Je me suis mis à mon compte et je ne sais pas quoi déclarer", "personal-tax"],
      // Nights awake over work are a psychologist's matter; the right to work abroad, a work permit's.
      ["I lie awake every night going over my to-do list", "mental-health"],
      ["Est-ce que j'aurai le droit de travailler au Canada ?", "work-visas"],
    ];
    for (const [q, subcategory] of needs)
      expect((await search({ q })).query_interpretation.recognized.subcategories, q).toContain(subcategory);
  });

  it("reads a compound nobody wrote whole by its first part, when the rest is a word too", async () => {
    // "Scheidungsberatung": Scheidung (divorce, a family lawyer's matter) + Beratung; nobody wrote it whole.
    const divorce = await search({ q: "Scheidungsberatung" });
    expect(divorce.query_interpretation.recognized.subcategories).toContain("family-law");
    expect((divorce.experts[0] as any).categories).toContain("legal");
    // "investigator" is not invest + "igator"; "Kinderarzt" is not a children's anything here.
    const investigator = await search({ q: "private investigator" });
    expect(investigator.query_interpretation.recognized.subcategories).not.toContain("investment");
    expect((investigator as any).match_quality).toBe("none");
    expect(((await search({ q: "Kinderarzt" })) as any).match_quality).toBe("none");
    // A long rest no profile writes is still a part of a German word: Gehalt (salary) + Stufen.
    const pay = await search({ q: "Gehaltsstufen" });
    expect(pay.query_interpretation.recognized.subcategories).toContain("compensation");
    // An English word is not cut so: accountability is no account's ability.
    expect((await search({ q: "accountability" })).query_interpretation.recognized.categories).toEqual([]);
  });

  it("reads a German service noun as its adviser ('…beratung' as '…berater')", async () => {
    // The file writes "Sicherheitsberater" (cybersecurity), not the service "Sicherheitsberatung".
    const security = await search({ q: "IT-Sicherheitsberatung für Startups" });
    expect(security.query_interpretation.recognized.subcategories).toContain("cybersecurity");
    expect((security.experts[0] as any).categories).toContain("technology");
  });

  it("reads a compound by a first part of four letters, except in a common English word", async () => {
    // Dutch "huurappartement": huur (rent) + appartement; the rent of a home is a property matter.
    const rent = await search({ q: "huurappartement" });
    expect(rent.query_interpretation.recognized.subcategories).toEqual(
      expect.arrayContaining(["residential", "property-law"]),
    );
    expect((rent.experts[0] as any).categories).toContain("real-estate");
    // "workplace" is no work + "place" profession word; "carefully" no care + "fully".
    expect((await search({ q: "carefully" })).query_interpretation.recognized.subcategories).toEqual([]);
  });

  it("a profession's word in one gender finds titles in the other", async () => {
    // The demo's María Martínez is a trademark attorney (intellectual property, not the legal
    // category) whose Spanish title is "Abogada de marcas": "abogado" finds her by that title.
    const lawyers = await search({ q: "abogado", category: "intellectual-property" });
    const maria = lawyers.experts.find((e) => e.slug === "maria-martinez-trademark-attorney") as any;
    expect(maria).toBeDefined();
    expect(maria.match).toMatchObject({ terms: ["abogado"], fields: ["title_or_tag"], score: 1 });
    // And the other way round: a feminine query finds the masculine title.
    expect(await slugs("abogada", { category: "intellectual-property" })).toContain("felipe-rocha-trademark-attorney");
  });

  it("reads a word for reviewing in any language as the review services it asks for", async () => {
    // Services are written in English ("Lease review", "Purchase contract review"): "revisar" (es)
    // finds them, and the two demo experts who sell a lease review are among the first three, beside
    // the one who sells a purchase contract's review and speaks Spanish (a lease is bound to a
    // country's law: the language written counts more there, statement.ts LOCAL_SPEAKER_BONUS).
    const lease = await search({ q: "revisar contrato de alquiler" });
    expect(lease.experts.slice(0, 3).map((e) => e.slug)).toEqual(
      expect.arrayContaining(["chen-lei-real-estate-lawyer", "iris-meijer-residential-property-advisor"]),
    );
    for (const expert of lease.experts.slice(0, 3) as any[]) expect(expert.match.terms).toContain("revisar");
    // The noun reads so too: a review of a lease is the lease's review, not any contract's (the
    // vocabulary's "revisión de contratos" had read "revisión de contrato" first and left "alquiler").
    const review = await search({ q: "revisión de contrato de alquiler" });
    expect(review.query_interpretation.terms).toEqual(["revision", "contrato de alquiler"]);
    // Portuguese too: the first architect matches the review as well as the architecture.
    const architecture = await search({ q: "revisão de arquitetura de software" });
    expect((architecture.experts[0] as any).match.terms).toEqual(["revisao", "arquitetura de software"]);
  });

  it("puts the speakers of the language q is written in first among experts who fit about alike", async () => {
    // Three experts meet the rental flat and its contract; the Dutch-speaking one in Amsterdam comes first
    // (before, two real-estate lawyers in Mumbai and Shanghai who share "verhuizen", relocation).
    const flat = await search({
      q: "Wij verhuizen volgend jaar naar Amsterdam en zoeken iemand die ons helpt een huurwoning te vinden en het huurcontract goed na te kijken.",
    });
    expect(flat.experts[0].slug).toBe("iris-meijer-residential-property-advisor");
  });

  it("a need bound to a country's law, asked in a language, puts that language's speakers first", async () => {
    // A French capital gain declared to the French tax office: the tax adviser who speaks French
    // first (before, a corporate tax adviser in Sydney who speaks no French came first).
    const gain = await search({
      q: "Je viens de vendre les actions de ma start-up et je ne sais pas comment déclarer la plus-value aux impôts",
    });
    const first = (await get(app, `/api/agents/experts/${gain.experts[0].slug}`)).body as any;
    expect(first.languages_spoken.some((l: string) => l.startsWith("fr"))).toBe(true);
    // (The corpus's experts with no country must not come first either: a null bonus sorted first.)
    // Korean financial statements to restate under IFRS: the accountant in Korea first (before, one
    // in Rotterdam who speaks no Korean).
    const statements = await search({
      q: "회사 재무제표를 국제회계기준에 맞춰 다시 작성해야 하는데 도와줄 분이 필요해요",
    });
    expect((statements.experts[0] as any).location.country_code).toBe("KR");
  });

  it("a nationality names its country, as the country's name does", async () => {
    const permit = await search({ q: "Canadian work permit application" });
    expect(permit.query_interpretation.recognized.countries).toEqual(["CA"]);
    expect((permit as any).match_quality).not.toBe("none");
    expect((permit.experts[0] as any).location.country_code).toBe("CA");
    const citizenship = await search({ q: "quero pedir a cidadania norte-americana" });
    expect(citizenship.query_interpretation.recognized.countries).toEqual(["US"]);
    const spanish = await search({ q: "quiero solicitar la ciudadanía estadounidense" });
    expect(spanish.query_interpretation.recognized.countries).toEqual(["US"]);
  });

  it("a city named in a request weighs as the need does: the experts there who meet it come first", async () => {
    // The demo's two Shanghai lawyers (property; corporate, contracts) before a Tokyo property
    // adviser who shares more of the sentence's words: buying a flat there is a matter of its law.
    const flat = await search({ q: "lawyer in Shanghai to check the contract for my flat purchase" });
    expect(flat.experts.slice(0, 2).map((e) => e.slug)).toEqual([
      "chen-lei-real-estate-lawyer",
      "zhang-xiaoyu-corporate-lawyer",
    ]);
    // A city alone is no need: beside a sentence's plain words it does not make them filler.
    const alone = await search({ q: "hairdresser in Lyon" });
    expect((alone as any).match_quality).toBe("none");
  });

  it("a need bound to a country, with its place named, is met only by experts there (settle.ts boundPlace)", async () => {
    // Nobody here keeps accounts in Italy or sells flats in Seoul: the accountants and estate agents
    // elsewhere are listed, but none meets the need even in part (before: partial).
    for (const q of [
      "Ho bisogno di un commercialista in Italia",
      "estate agent in Seoul",
      "서울에서 아파트 전세 계약을 도와줄 공인중개사를 찾고 있어요",
    ]) {
      const answer = (await search({ q })) as any;
      expect({ q, quality: answer.match_quality }).toEqual({ q, quality: "none" });
      expect(answer.experts.length).toBeGreaterThan(0);
    }
    // Where someone there meets it, the answer is as before, and they come first.
    const germany = (await search({ q: "I need an accountant in Germany" })) as any;
    expect(germany.match_quality).toBe("strong");
    expect(germany.experts[0].location.country_code).toBe("DE");
    const seoul = (await search({ q: "tax accountant in Seoul" })) as any;
    expect(seoul.match_quality).not.toBe("none");
    expect(seoul.experts[0].slug).toBe("t-nam-tax-seoul");
    // A field narrowed to a specific term is its country's field there: the immigration adviser in
    // Australia before the citizenship experts elsewhere (before: fourth, and `none` with the rule).
    const pr = (await search({ q: "help with my PR application in Australia" })) as any;
    expect(pr.match_quality).not.toBe("none");
    expect(pr.experts[0].slug).toBe("lakshmi-patel-family-immigration-attorney");
    // Beside a visa need, the country the asker comes from ("aus Indien") is not the visa's: the
    // Blue Card advisers meet it (before: `none`, the need bound to India); after an expert of a
    // field bound to a country ("visa lawyer from London") it is still where that expert is.
    const blueCard = (await search({ q: "Blaue Karte EU beantragen als Softwareentwickler aus Indien" })) as any;
    expect(blueCard.match_quality).not.toBe("none");
    expect(blueCard.experts[0].categories).toContain("immigration");
    // Korean and Japanese name their country where no place is named: nobody here is a lawyer in
    // Korea for a car accident's settlement; the tax accountant in Seoul meets a Korean tax return.
    const accident = (await search({
      q: "교통사고를 당했는데 보험사와 합의금 문제로 다투고 있어서 변호사가 필요해요",
    })) as any;
    expect(accident.match_quality).toBe("none");
    // A Japanese tax return (確定申告) is a tax return: the tax adviser in Osaka who prepares returns
    // first (before: fifth, after the personal-tax advisers in Europe).
    const japan = (await search({ q: "確定申告の相談" })) as any;
    expect(japan.experts[0].location.country_code).toBe("JP");
    const korean = (await search({ q: "종합소득세 신고를 도와줄 세무사를 찾고 있어요" })) as any;
    expect(korean.match_quality).not.toBe("none");
    expect(korean.experts[0].location.country_code).toBe("KR");
    // Among experts who fit about alike, the ones in the place's country come first (statement.ts
    // BOUND_PLACE_BONUS): the Paris tax adviser before bookkeepers in Sydney and Miami.
    const paris = (await search({
      q: "freelancer living in Paris, no idea how to declare my income and expenses",
    })) as any;
    expect(paris.experts[0].location.country_code).toBe("FR");
    // An everyday thing a profession nobody here practises works on is its object there too: the
    // property adviser in the Netherlands does not meet an electrician's job on a house in Amsterdam.
    for (const q of [
      "wij zoeken een gecertificeerde elektricien die de bedrading van ons huis in Rotterdam kan controleren",
      "we want a licensed electrician who can inspect the wiring of our house in Amsterdam",
    ]) {
      const answer = (await search({ q })) as any;
      expect({ q, quality: answer.match_quality }).toEqual({ q, quality: "none" });
    }
    // Two places ("from London to Toronto") do not say which one the need is bound to: no rule.
    const move = (await search({ q: "relocating from London to Toronto, I need help with the work permit" })) as any;
    expect(move.match_quality).not.toBe("none");
    // A region of a country names its country, as Scotland names the United Kingdom: nobody here
    // manages holiday lets in Italy; a lawyer in Bavaria is one in Germany.
    const puglia = (await search({ q: "cerco qualcuno che gestisce affitti turistici in Puglia" })) as any;
    expect(puglia.query_interpretation.recognized.countries).toEqual(["IT"]);
    expect(puglia.match_quality).toBe("none");
    const bavaria = (await search({ q: "contract lawyer in Bavaria" })) as any;
    expect(bavaria.query_interpretation.recognized.countries).toEqual(["DE"]);
    expect(bavaria.match_quality).not.toBe("none");
    expect(bavaria.experts[0].location.country_code).toBe("DE");
    // Italian, Portuguese and Dutch names of cities are places too ("Monaco di Baviera" is Munich, not Monaco).
    for (const [q, city] of [
      ["un avvocato a Berlino", "Berlin, DE"],
      ["un avvocato a Monaco di Baviera", "Munich, DE"],
      ["um advogado em Munique", "Munich, DE"],
      ["een advocaat in Keulen", "Cologne, DE"],
    ]) {
      const answer = await search({ q });
      expect({ q, cities: answer.query_interpretation.recognized.cities }).toEqual({ q, cities: [city] });
    }
  });

  it("a city the person comes from, beside another place, weighs less than where they are going", async () => {
    // The demo's London English tutors and dietitians shared "London" and "new job" with the
    // sentence and filled the first ten; moving from London, every one of those meets the need or
    // is in Toronto, and Toronto's immigration lawyer is among the first two.
    const move = await search({
      q: "relocating from London to Toronto for a new job, I need help with the work permit",
    });
    for (const expert of move.experts.slice(0, 10) as any[])
      expect(expert.match.terms.includes("work permit") || expert.match.terms.includes("toronto")).toBe(true);
    expect(move.experts.slice(0, 2).map((e) => e.slug)).toContain("sarah-thompson-immigration-lawyer");
    // A city alone after "from" is still where the expert should be.
    const from = await search({ q: "a tax advisor from London" });
    expect((from.experts[0] as any).location.city).toBe("London");
  });

  it("reads clauses, what one eats, a certification and a copied gadget as the needs they are", async () => {
    const clauses = await search({ q: "o contrato tem cláusulas estranhas, alguém que revise" });
    expect(clauses.query_interpretation.recognized.subcategories).toEqual(["contract-law"]);
    expect(clauses.experts[0].slug).toBe("felipe-ferreira-contract-lawyer");
    // Contracts with suppliers are contracts, not the suppliers an operations consultant manages.
    const suppliers = await search({ q: "preciso que alguém revise os contratos com fornecedores da minha startup" });
    expect(suppliers.query_interpretation.recognized.subcategories).not.toContain("operations");
    expect(suppliers.experts[0].slug).toBe("felipe-ferreira-contract-lawyer");
    const eat = await search({ q: "training for a marathon and I want someone to sort out what I eat" });
    expect(eat.query_interpretation.recognized.subcategories).toContain("nutrition");
    expect((eat as any).match_quality).not.toBe("none");
    // A certification a customer asks for is a security matter; a gadget nobody should copy, an invention's.
    const certified = await search({ q: "a customer wants to see a security certification before signing" });
    expect(certified.query_interpretation.recognized.subcategories).toContain("cybersecurity");
    const gadget = await search({ q: "I made a kitchen gadget and want to make sure nobody can copy it" });
    expect((gadget.experts[0] as any).categories).toContain("intellectual-property");
    expect((gadget as any).match_quality).not.toBe("none");
  });

  it("a need named before a seeking word and again after it is the need asked for (sought.ts)", async () => {
    // "invented" and "patented" are one concept; "pay" after them only sets the scene.
    const invention = await search({
      q: "I invented a folding bike lock and want to know if it can be patented before I pay for tooling",
    });
    expect(invention.query_interpretation.recognized.subcategories).toEqual(["patents", "compensation"]);
    expect((invention.experts[0] as any).categories).toContain("intellectual-property");
    expectBefore(
      invention.experts.map((e) => e.slug),
      "xu-mengyao-patent-attorney",
      "oliver-turner-compensation-benefits-advisor",
    );
  });

  it("a profession an employer hires is the role hired for, not the need; a candidate's interview is no hiring", async () => {
    // Before, the software architects and finance experts came first: "developers" and "CFO" read as the need.
    for (const q of [
      "we need to hire 10 developers and don't know how to design the interview process",
      "looking for help recruiting a CFO",
      "저희 회사가 처음으로 개발자 10명을 채용해야 하는데, 면접 과정을 어떻게 짜야 할지 모르겠어요",
      // A role of two words weighs as one: "backend" and "engineer" outweighed the headhunter.
      "need a headhunter to find a senior backend engineer",
    ]) {
      const answer = (await search({ q })) as any;
      expect({ q, first: answer.experts[0].categories }).toEqual({
        q,
        first: expect.arrayContaining(["human-resources"]),
      });
    }
    // A move that is done is where the asker lives now, not the need (settle.ts askerMoved): the
    // tax adviser first, not the visa consultants who also advise on tax (before: those two first).
    const moved = (await search({ q: "acabo de mudarme a Lisboa y necesito ayuda con mis impuestos" })) as any;
    expect(moved.experts[0].categories).toContain("tax-advisory");
    expect(moved.experts[0].categories).not.toContain("immigration");
    // So is a business just started, beside the contract the asker asks about: the contract lawyer
    // first, not the startup and operations consultants (before: third).
    const started = (await search({
      q: "Acabei de abrir uma empresa e um fornecedor me mandou um contrato cheio de cláusulas estranhas. Preciso de alguém que revise antes de eu assinar.",
    })) as any;
    expect(started.experts[0].categories).toContain("legal");
    // "just" across other words is no move done: "we just need to relocate" is one still to make.
    const toMake = (await search({ q: "we just need to relocate to Canada and find an accountant" })) as any;
    expect(toMake.query_interpretation.recognized.categories).toContain("immigration");
    expect(toMake.experts.slice(0, 3).some((e: any) => e.categories.includes("immigration"))).toBe(true);
    // What the asker is may stand between "I'm" and their trade ("a self-employed web developer"):
    // the trade is still who they are, not what they ask for (before, five software experts first).
    const developer = (await search({ q: "I'm a self-employed web developer looking for an accountant" })) as any;
    for (const expert of developer.experts.slice(0, 5))
      expect({ slug: expert.slug, categories: expert.categories }).toEqual({
        slug: expert.slug,
        categories: expect.arrayContaining(["accounting"]),
      });
    // So is a trade after the asker's "as" ("I just went freelance as a graphic designer"), even where
    // the need is only in plain words (settle.ts asAskersRole): the tax adviser in Paris first
    // (before, the branding experts); someone else who "works as" one is still the need.
    const freelancer = (await search({
      q: "I just went freelance as a graphic designer in Paris and I'm lost on how to declare my income",
    })) as any;
    expect(freelancer.experts[0].categories).toContain("tax-advisory");
    const designer = (await search({ q: "I need someone who works as a graphic designer in Paris" })) as any;
    expect(designer.experts[0].categories).toContain("marketing");
    // The field of the business the asker runs is theirs too (settle.ts askerRuns): the tax
    // advisers across borders first, not the IT consultants (before, ten IT experts and no tax adviser).
    const itFirm = (await search({
      q: "Prowadzę jednoosobową firmę IT w Polsce i dostałem zlecenie od klienta z Niemiec — potrzebuję kogoś, kto ogarnie podatki w dwóch krajach.",
    })) as any;
    for (const expert of itFirm.experts.slice(0, 3))
      expect({ slug: expert.slug, categories: expert.categories }).toEqual({
        slug: expert.slug,
        categories: expect.arrayContaining(["tax-advisory"]),
      });
    // So is the field of a business the asker has ("avem o firmă mică de software"): the strategy
    // consultants for entering a market first, not the software experts (before: five of them first).
    const hasFirm = (await search({
      q: "Avem o firmă mică de software și vrem să intrăm pe piața din Canada. Caut pe cineva care să ne ajute cu strategia de intrare pe piață.",
    })) as any;
    for (const expert of hasFirm.experts.slice(0, 3)) expect(expert.categories).toContain("business-consulting");
    // Running it is not asking for it when nothing else is asked: the field is the need.
    const onlyIt = (await search({ q: "prowadzę firmę IT" })) as any;
    expect(onlyIt.experts[0].categories).toContain("technology");
    // The asker is the candidate here: the English tutor is the need, the job interview its setting.
    const candidate = (await search({
      q: "j'ai un entretien d'embauche le mois prochain et je voudrais travailler mon anglais",
    })) as any;
    expect(candidate.experts[0].categories).toContain("english-tutor");
  });

  it("what a tax on a sale is on, and a creative work sold without asking, are not needs of their own", async () => {
    // Shares and a flat to be sold are what the tax is on (taxed-assets.ts): tax advisers first,
    // not the estate agents and investment advisers who share the assets' words (before: a tax
    // adviser fifth).
    const inherited = (await search({
      q: "My dad passed away and left me some shares and a flat. If I sell them, how much tax am I going to owe on the profit?",
    })) as any;
    for (const expert of inherited.experts.slice(0, 3))
      expect({ slug: expert.slug, categories: expert.categories }).toEqual({
        slug: expert.slug,
        categories: expect.arrayContaining(["tax-advisory"]),
      });
    // Selling a flat without a tax need is still the estate agents'.
    const flat = (await search({ q: "I want to sell my flat in Paris" })) as any;
    expect(flat.experts[0].categories).toContain("real-estate");
    // Drawings sold on t-shirts without asking are a copyright matter (before: `none`, bookkeepers first).
    const drawings = (await search({
      q: "I'm a freelance illustrator and just found a shop selling t-shirts with my drawings on them without asking. What can I actually do about it?",
    })) as any;
    expect(drawings.match_quality).not.toBe("none");
    expect(drawings.experts[0].categories).toContain("intellectual-property");
  });

  it("HR beside a dismissal the asker went through is the employer's side, not the need", async () => {
    // settle.ts employersHr: the employment lawyers first, not the HR consultants (before: eighth).
    const letGo = (await search({
      q: "I got let go after nine years and HR is pushing me to sign a settlement by Monday, honestly I think the payout is way too low. who can tell me if it's fair?",
    })) as any;
    expect(letGo.experts[0].slug).toContain("employment-lawyer");
    // HR asked for beside no dismissal is still the need.
    const hr = (await search({ q: "we need HR support for our growing team" })) as any;
    expect(hr.experts[0].categories).toContain("human-resources");
  });

  it("whom a talk is given to is its setting, not a need of its own", async () => {
    // The investors are the audience of a talk in English (audience.ts): the English and speaking
    // coaches first, not the fundraising advisers (before: those two first).
    const talk = (await search({
      q: "다음 달에 해외 투자자들 앞에서 영어로 발표해야 하는데 너무 떨려요. 도와줄 사람 있을까요?",
    })) as any;
    for (const expert of talk.experts.slice(0, 2)) expect(expert.categories).not.toContain("finance");
    // A pitch to investors, no talk named, is still the fundraising advisers'.
    const pitch = (await search({ q: "I need help with my pitch to investors" })) as any;
    expect(pitch.query_interpretation.recognized.subcategories).toContain("fundraising");
  });

  it("what the asker has or is beside a need is its setting, not the need", async () => {
    // The app is what the idea is for: the patent attorneys first (before, a software architect
    // who shares "app" and lists IP came first, and two more architects were in the first five).
    const patent = await search({ q: "Tengo una idea para una app y quiero saber si puedo patentar el algoritmo" });
    expect(patent.experts[0].slug).toBe("xu-mengyao-patent-attorney");
    for (const expert of patent.experts.slice(0, 5)) expect(expert.slug).not.toContain("software-architect");
    // The employer gave the options; the tax on them is the need: the first six are tax advisers
    // (before, three HR people sharing "employer" came fourth to sixth).
    const options = await search({ q: "my employer gave me stock options and I don't know how much tax I will owe" });
    for (const expert of options.experts.slice(0, 6) as any[]) expect(expert.categories).toContain("tax-advisory");
    // "Prüfung" is an exam as well as a check: beside the patentability it asks about, the patent
    // attorneys come first (before, English exam tutors filled the first four).
    // Accounts beside savings are the asker's bank accounts: none of the first four is first an
    // accountant (before, a bookkeeper came second); a company's accounts stay the accountants'.
    const savings = await search({
      q: "My mum has her savings spread across five accounts and wants to retire next year",
    });
    for (const expert of savings.experts.slice(0, 4) as any[]) expect(expert.categories[0]).not.toBe("accounting");
    const filed = await search({ q: "the company accounts for last year need to be filed" });
    expect((filed.experts[0] as any).categories).toContain("accounting");
    const patentability = await search({ q: "Prüfung der Patentfähigkeit" });
    expect((patentability.experts[0] as any).categories).toContain("intellectual-property");
    // The asker's small business is whose books they are: the accountants first (before, a
    // management consultant in Madrid, or advisors under accounting and startups both, came first).
    for (const q of ["necesito un contador para mi pequeña empresa en Madrid", "comptable pour ma petite entreprise"]) {
      const books = await search({ q });
      for (const expert of books.experts.slice(0, 3) as any[])
        expect({ q, slug: expert.slug, accounting: expert.categories.includes("accounting") }).toEqual({
          q,
          slug: expert.slug,
          accounting: true,
        });
    }
    // Written as a code, the asker's small business is still their setting, and a coach asked for
    // beside it is the need: the coaches first (before, "PME" weighed as a rare code, twice a need,
    // and startup advisors and small-business accountants filled the first nine).
    const coach = await search({
      q: "Nous sommes une PME et je cherche un coach pour aider notre directrice générale",
    });
    for (const expert of coach.experts.slice(0, 3) as any[])
      expect({ slug: expert.slug, coach: expert.categories.includes("professional-instructor") }).toEqual({
        slug: expert.slug,
        coach: true,
      });
    // Alone, the setting is the need.
    const smallBusiness = await search({ q: "consultoría para pymes" });
    expect((smallBusiness.experts[0] as any).match.terms).toEqual(["pymes"]);
    expect(smallBusiness.experts.slice(0, 3).some((e) => e.slug.includes("startup-advisor"))).toBe(true);
    // A company's legal form is the company: opening one is registering a company, a corporate lawyer's matter.
    for (const q of ["what do I need to open a GmbH in Germany", "open an LLC in Delaware"]) {
      const form = await search({ q });
      expect({ q, quality: (form as any).match_quality }).toEqual({ q, quality: expect.not.stringMatching(/^none$/) });
      expect(form.query_interpretation.recognized.subcategories).toContain("corporate-law");
    }
    const app = await search({ q: "app developer" });
    expect((app.experts[0] as any).categories).toContain("technology");
    const exam = await search({ q: "I need help preparing for an exam" });
    expect((exam as any).match_quality).not.toBe("none");
  });

  it("a subcategory met only through its parent category meets the need in part", async () => {
    // Only two demo consultants offer a free first call, neither listed under strategy: their
    // business-consulting category is strategy's parent. Partial, as the contract says, not none.
    const free = await search({ q: "business strategy advisor with a free first call" });
    expect(free.experts.length).toBeGreaterThan(0);
    expect((free as any).match_quality).toBe("partial");
  });

  it("reads a city's name that is a common word elsewhere as the word, unless it is capitalised", async () => {
    // French "seul" (alone) is Polish for Seoul, Spanish "haga" Polish for The Hague, "nice" Nice.
    for (const q of [
      "je suis seul et je cherche un psychologue",
      "que me haga la declaración de la renta",
      "I want a nice and patient English tutor",
    ]) {
      const read = await search({ q });
      expect({ q, cities: read.query_interpretation.recognized.cities }).toEqual({ q, cities: [] });
    }
    const nice = await search({ q: "avocat à Nice" });
    expect(nice.query_interpretation.recognized.cities).toEqual(["Nice, FR"]);
    // A word of praise is no need nobody has: a friendly tax advisor is a tax advisor.
    for (const q of ["friendly tax advisor", "great tax advisor"]) {
      const kind = await search({ q });
      expect({ q, quality: (kind as any).match_quality }).toEqual({ q, quality: "strong" });
    }
  });

  it("a named thing is found by its names in every language, whatever the expert's subcategory", async () => {
    // The demo's Sabine Krüger (citizenship, Berlin) tags "eu blue card"; the German and Italian
    // names of the card find her by that tag, not only the work-visa consultants' subcategory.
    for (const q of ["Blaue Karte EU beantragen", "come funziona la Carta blu UE"]) {
      const card = await search({ q });
      const sabine = card.experts.find((e) => e.slug === "sabine-kruger-citizenship-advisor") as any;
      expect(sabine, q).toBeDefined();
      expect(sabine.match.fields, q).toContain("title_or_tag");
    }
  });

  it("a named thing, named in any language, puts the experts who tag it before its subcategory's others", async () => {
    // Transfer pricing is a term of international-tax, but the demo's experts who tag it
    // ("transfer pricing") are corporate tax advisors: Ryo Mori, Gabriela Pérez and Amanda Morgan.
    // Read as the subcategory alone, its first-subcategory experts came first, the last two fourth and fifth.
    const tagged = [
      "amanda-morgan-corporate-tax-advisor",
      "gabriela-perez-corporate-tax-advisor",
      "ryo-mori-corporate-tax-advisor",
    ];
    for (const q of ["precios de transferencia", "Verrechnungspreisdokumentation", "移転価格"]) {
      const top = (await search({ q, limit: "3" })).experts.map((e) => e.slug).sort();
      expect({ q, top }).toEqual({ q, top: tagged });
    }
    // An everyday need is no named thing, though a product is among its terms ("… | Shopify").
    const shop = await search({ q: "tienda online" });
    expect(shop.query_interpretation.terms).toEqual(["tienda online"]);
  });

  it("a doctor is no profession here: the healthcare experts never replace one", async () => {
    // The taxonomy's healthcare is nutrition, mental health and physiotherapy, and the demo's
    // healthcare experts write that they "never replace care from your own doctor".
    for (const q of [
      "family doctor",
      "Ich suche einen Hausarzt in München",
      "我需要一个会说英语的医生",
      "médecin généraliste",
    ]) {
      const found = (await search({ q })) as any;
      expect({ q, quality: found.match_quality }).toEqual({ q, quality: "none" });
      expect({ q, categories: found.query_interpretation.recognized.categories }).toEqual({ q, categories: [] });
    }
    // The professions it has are still theirs, and a doctor beside them is only context.
    for (const q of ["dietitian", "my doctor told me to see a dietitian about my cholesterol"]) {
      const found = (await search({ q })) as any;
      expect({ q, quality: found.match_quality }).not.toEqual({ q, quality: "none" });
      expect(found.experts[0].slug, q).toContain("dietitian");
    }
  });

  it("the neighbours of its professions that nobody here practises are no profession, in any language", async () => {
    // Translators and interpreters (the tutors teach languages), property and building managers (the
    // property experts advise buyers and tenants), building architects (the architects here are
    // software architects), inheritance lawyers and physiotherapists for animals: blind judges
    // found nobody for each, so each is read whole and answers that nobody fits.
    for (const q of [
      "sworn translator for my diploma",
      "Dolmetscher für einen Termin beim Amt",
      "비즈니스 통역사",
      "property manager for my rental flat",
      "Hausverwaltung gesucht",
      "Jag söker en arkitekt",
      "Architekt für unseren Anbau",
      "Anwalt für Erbrecht",
      "physio for my dog after surgery",
    ]) {
      const found = (await search({ q })) as any;
      expect({ q, quality: found.match_quality }).toEqual({ q, quality: "none" });
    }
    // The professions next to them are still served.
    for (const [q, slug] of [
      ["Softwarearchitekt", "software-architect"],
      ["Cloud-Architekt", "cloud"],
      ["physiotherapist for my knee after surgery", "physiotherapist"],
      ["Immobilienmakler", "agent"],
    ]) {
      const found = (await search({ q })) as any;
      expect({ q, quality: found.match_quality }).not.toEqual({ q, quality: "none" });
      expect(found.experts[0].slug, q).toContain(slug);
    }
  });

  it("never corrects into a function word, a changed first letter or, outside a name, a short word", async () => {
    // "night" was "corrected" into the German "nicht", then into "right"; "lawn" into "law".
    const night = await search({ q: "babysitter for saturday night" });
    expect(night.query_interpretation.corrections).toEqual([]);
    expect((night as any).match_quality).toBe("none");
    const lawn = await search({ q: "gardener to mow my lawn" });
    expect(lawn.query_interpretation.corrections).toEqual([]);
    expect(lawn.query_interpretation.recognized.categories).not.toContain("legal");
    expect((lawn as any).match_quality).toBe("none");
  });

  it("finds a need's phrase in the form the sentence puts it in", async () => {
    // The vocabulary writes "show up on google" and "keep quitting".
    const seo = await search({ q: "our website barely shows up on google" });
    expect(seo.query_interpretation.terms).toContain("shows up on google");
    expect(seo.query_interpretation.recognized.subcategories).toContain("seo");
    const staff = await search({ q: "staff keeps quitting" });
    expect(staff.query_interpretation.recognized.subcategories).toContain("recruiting");
    // Function words between a phrase's words: "cash flow is a problem" is the need "cash flow problems".
    const cash = await search({ q: "our cash flow is a problem" });
    expect(cash.query_interpretation.terms).toEqual(["cash flow is a problem"]);
    // One word is not cut to its stem: "willing" is not a last will.
    const willing = await search({ q: "willing to relocate" });
    expect(willing.query_interpretation.recognized.subcategories).not.toContain("family-law");
    // Korean conjugates the verb that ends a phrase the file writes as its stem ("월급을 못 받"), and
    // a whole word that is a function word ("있어요") is one.
    const wages = await search({ q: "월급을 못 받고 있어요" });
    expect(wages.query_interpretation.terms).toEqual(["월급을 못 받"]);
    expect(wages.query_interpretation.ignored).toContain("있어요");
    expect(wages.query_interpretation.recognized.subcategories).toContain("employment-law");
    const breach = await search({ q: "회사가 계약을 어겼어요" });
    expect(breach.query_interpretation.terms).toContain("계약을 어겼");
  });

  it("corrects a word spelt as it sounds, two or three edits away", async () => {
    // "copyrite" is three edits from "copyright" and shares too few trigrams to be offered by them;
    // "sycologist" drops a silent first letter and spells "ch" as "c".
    const copyright = await search({ q: "copyrite lawyer" });
    expect(copyright.query_interpretation.corrections).toEqual([{ from: "copyrite", to: "copyright" }]);
    expect(copyright.experts[0].slug).toContain("copyright-lawyer");
    expect((copyright as any).match_quality).toBe("strong");
    const psychologist = await search({ q: "sycologist" });
    expect(psychologist.query_interpretation.corrections).toEqual([{ from: "sycologist", to: "psychologist" }]);
    expect(psychologist.experts[0].slug).toContain("psychologist");
    // At equal distance the word that sounds the same: "Marcus" is the name Markus, not "marcas".
    const markus = await search({ q: "Marcus Schmidt" });
    expect(markus.query_interpretation.corrections).toEqual([{ from: "marcus", to: "markus" }]);
    expect(markus.experts[0].slug).toBe("markus-schmidt-german-tutor");
    // A capitalised word no language has, beside a profession in a short phrase, is a misspelt
    // surname, corrected as a name's part is: before, it was a need nobody has (`none`) and the
    // one meant came second among the SEO specialists, by rating.
    for (const [q, slug, from, to] of [
      ["Rousseu SEO", "sophie-rousseau-seo-specialist", "rousseu", "rousseau"],
      ["Webber tax", "katharina-weber-tax-advisor", "webber", "weber"],
    ]) {
      const found = (await search({ q })) as any;
      expect(found.query_interpretation.corrections, q).toContainEqual({ from, to });
      expect(found.experts[0].slug, q).toBe(slug);
      expect(found.match_quality, q).toBe("strong");
    }
    // Written in lower case it may be a word the directory lacks, and stays one.
    expect((await search({ q: "webber tax" })).query_interpretation.corrections).toEqual([]);
    // A word spelt as it sounds is found as the word, and a profession nobody here practises fits no one.
    const photographer = await search({ q: "fotografer" });
    expect(photographer.query_interpretation.corrections).toEqual([{ from: "fotografer", to: "photographer" }]);
    expect((photographer as any).match_quality).toBe("none");
  });

  it("reads the contract to buy a home as property law, not any contract's review", async () => {
    const found = (await search({ q: "home purchase contract review" })) as any;
    expect(found.query_interpretation.recognized.subcategories).toEqual(["property-law"]);
    expect(found.experts[0].categories).toContain("real-estate");
  });

  it("reads months of pay offered at a dismissal as severance, not pay design", async () => {
    for (const q of [
      "I was let go after eight years and they're offering me two months' pay if I sign today",
      "mi empresa me despide y me ofrece tres meses de sueldo",
    ]) {
      const found = (await search({ q })) as any;
      expect({ q, subcategories: found.query_interpretation.recognized.subcategories }).toEqual({
        q,
        subcategories: ["employment-law"],
      });
      expect(found.experts[0].slug, q).toContain("employment-lawyer");
    }
  });

  it("reads running payroll as a bookkeeper's service as well as a compensation adviser's", async () => {
    // The judges of three batches graded the bookkeepers who run payroll first; it was compensation alone.
    for (const q of ["Lohnbuchhaltung", "급여 처리 대행", "payroll processing for my team", "gestion de la paie"]) {
      const found = (await search({ q })) as any;
      expect(found.query_interpretation.recognized.subcategories, q).toEqual(
        expect.arrayContaining(["bookkeeping", "compensation"]),
      );
      expect(
        found.experts.slice(0, 5).map((e: { slug: string }) => e.slug),
        q,
      ).toContain("ma-xinyi-bookkeeping-specialist");
    }
    // Designing pay stays compensation.
    expect((await search({ q: "salary benchmarking" })).query_interpretation.recognized.subcategories).toEqual([
      "compensation",
    ]);
  });

  it("never corrects a common English word into another", async () => {
    // "paint" was "pain", "walls" a last will's "wills", "interior" an "interim" manager.
    const walls = await search({ q: "someone to paint my apartment walls" });
    expect(walls.query_interpretation.corrections).toEqual([]);
    const interior = await search({ q: "interior designer for my living room" });
    expect(interior.query_interpretation.corrections).toEqual([]);
    // A misspelling is still corrected, and a name's parts are corrected even where they are words.
    expect((await search({ q: "acountant" })).query_interpretation.corrections).toEqual([
      { from: "acountant", to: "accountant" },
    ]);
  });

  it("answers none when the need has a word nobody has and only a plain word of it matches", async () => {
    // "director" is in HR directors' titles; nobody is a funeral director.
    expect(((await search({ q: "funeral director" })) as any).match_quality).toBe("none");
    // A first name beside the misspelt surname (a word nobody has) is the one meant, not chance.
    // Capitalised, the misspelt surname is spelt as her name is, and she fits.
    const misspelt = (await search({ q: "Katharina Webber tax" })) as any;
    expect(misspelt.match_quality).toBe("strong");
    expect(misspelt.experts[0].slug).toBe("katharina-weber-tax-advisor");
    // An everyday word beside it in a short phrase is what the unheard word is about, not the need:
    // contractors (freelancers' bookkeeping) do not fit a roofer.
    expect(((await search({ q: "roofing contractor" })) as any).match_quality).toBe("none");
    // A coach, tutor or teacher in another language is a kind of help, as "coach" is: beside piano
    // or swimming, which nobody here teaches, no coach of this directory fits.
    for (const q of ["ピアノを教えてくれるコーチを探しています", "수영 코치를 찾고 있어요"])
      expect(((await search({ q })) as any).match_quality, q).toBe("none");
    // A hospital is a place, not a profession of this directory's (no locale names one so): a vet
    // asked for before going to one is no dietitian's need.
    for (const q of ["我家的狗生病了，不想去医院，想在网上问问兽医", "病院に行く前にオンラインで獣医さんに相談したい"])
      expect(((await search({ q })) as any).match_quality, q).toBe("none");
    // A recognised need that fits is part of the need, however many other words the sentence has.
    const money = await search({
      q: "I inherited some money from my grandmother and don't know whether to pay off my mortgage or invest it",
    });
    expect((money as any).match_quality).toBe("partial");
    // A profession nobody here practises is read whole, not as the trainer, designer or engineer
    // some expert is, nor as the house a residential advisor helps to buy.
    for (const q of [
      "personal trainer for a marathon",
      "interior designer",
      "structural engineer",
      "house cleaner",
      // Korean spaces its phrases: the phrase is read across the runs, not as "interior" and "designer".
      "인테리어 디자이너",
      // In a sentence too, the house is what the painter is for, not the need.
      "ik zoek een schilder voor mijn huis",
      // A home's energy certificate or audit is nobody's service here, not an auditor's.
      "home energy audit",
      "Energieausweis für mein Haus",
      "diagnostic de performance énergétique pour ma maison",
    ])
      expect(((await search({ q })) as any).match_quality, q).toBe("none");
    // An everyday word such a profession is not done to is the asker's need beside their own trade
    // ("employees", "copied" are in no unlisted phrase; "huis", "house", "apartment" are).
    for (const [q, category] of [
      ["my house cleaning business is growing, how do I hire the first employees", "human-resources"],
      ["someone copied my tattoo designs and sells them online", "intellectual-property"],
      ["I'm a DJ and my landlord wants to evict me", "real-estate"],
    ] as const) {
      const fitting = await search({ q });
      expect({ q, quality: (fitting as any).match_quality }).toEqual({ q, quality: "partial" });
      expect((fitting.experts[0] as any).categories, q).toContain(category);
    }
    for (const q of ["house cleaning every week in my apartment", "house cleaning for my rental apartment"])
      expect(((await search({ q })) as any).match_quality, q).toBe("none");
    // Such a profession that the asker looks for is the need, and the court, the startup or the
    // exam beside it its setting: the lawyers, startup advisors and tutors here do not fit.
    for (const q of [
      "busco un fotógrafo de bodas, la ceremonia civil es en el juzgado",
      "I need a criminal defense lawyer, my court hearing is next week",
      "we need a sound engineer for our startup's podcast",
      "I want to learn guitar before my exam",
      // Korean and Japanese ask after the profession, Chinese before it, inside a run.
      "형사 변호사를 찾고 있어요",
      "想找个风水师看看办公室",
    ]) {
      const sought = await search({ q });
      expect({ q, quality: (sought as any).match_quality }).toEqual({ q, quality: "none" });
    }
    // A Korean need asked for the same way is still the need.
    const tax = await search({ q: "세금 신고를 도와줄 세무사가 필요해요" });
    expect((tax as any).match_quality).not.toBe("none");
    expect((tax.experts[0] as any).categories).toContain("tax-advisory");
    // A need's phrase beside such a profession is still the need (a plumber's website).
    const plumbing = await search({ q: "our website barely shows up on google when people search for a plumber" });
    expect((plumbing as any).match_quality).not.toBe("none");
    expect(plumbing.query_interpretation.recognized.subcategories).toContain("seo");
    // In a name, the surname still fits: the one meant is found, partly.
    const name = await search({ q: "seoyeon kim" });
    expect(name.experts[0].slug).toBe("kim-seo-yeon-software-architect");
    expect((name as any).match_quality).toBe("partial");
  });

  it("reads a role word's category beside another profession as the role, not the need", async () => {
    const marketing = await search({ q: "consultoria de marketing" });
    for (const e of marketing.experts.slice(0, 5)) expect((e as any).categories).toContain("marketing");
    // The role and a subcategory of its own category are one concept: consulting on strategy
    // counts once beside intellectual property, whose experts come first.
    const ip = await search({ q: "consulenza sulla strategia di proprietà intellettuale" });
    expect(ip.query_interpretation.terms).not.toContain("consulenza");
    for (const e of ip.experts.slice(0, 3)) expect((e as any).categories).toContain("intellectual-property");
  });

  it("reads everyday words of a need as the profession they ask for", async () => {
    // Expanding to a country is entering a new market, a strategy consultant's matter.
    const expanding = await search({ q: "we are expanding to Brazil and need someone who knows the market" });
    expect(expanding.query_interpretation.recognized.subcategories).toContain("strategy");
    // "huurbaas" is a landlord as "verhuurder" is; the deposit not paid back is a property matter
    // (before, "huurbaas" was respelt into a word of some accountants' taglines and they came first).
    const deposit = await search({ q: "Mijn huurbaas wil de borg niet terugbetalen" });
    expect(deposit.query_interpretation.recognized.subcategories).toContain("property-law");
    expect((deposit.experts[0] as any).categories).toContain("real-estate");
    // An employer who does not pay is an employment matter, not any contract's (contract and family
    // lawyers came first: "non mi paga" alone is a contract dispute, and the employer only its setting).
    const wages = await search({ q: "Il mio datore di lavoro non mi paga da due mesi" });
    expect(wages.experts[0].slug).toMatch(/-employment-lawyer$/);
  });

  it("ranks a need met itself above two met only through an expert's broader categories", async () => {
    // Unpaid wages: an employment lawyer (legal) before the family and contract lawyers whose
    // categories (legal, human-resources) are the parents of both needs read, employment law and pay.
    const wages = await search({ q: "Мой работодатель не платит зарплату уже два месяца" });
    expect(wages.query_interpretation.recognized.subcategories).toEqual(
      expect.arrayContaining(["employment-law", "compensation"]),
    );
    expect(wages.experts[0].slug).toMatch(/-employment-lawyer$/);
  });

  it("reads a language beside a word of teaching as its tutoring, not otherwise", async () => {
    const teach = await search({ q: "looking for someone who can teach me japanese before my trip" });
    expect(teach.query_interpretation.recognized.subcategories).toContain("japanese");
    expect((teach as any).match_quality).not.toBe("none");
    expect((teach.experts[0] as any).categories).toContain("language-tutor");
    // In the case forms a Russian, Polish or Turkish sentence puts the teacher and the language in.
    for (const [q, language] of [
      ["Ищу терпеливого онлайн-преподавателя испанского с нуля", "spanish"],
      ["Szukam nauczyciela niemieckiego", "german"],
      ["Almanca öğretmeni arıyorum", "german"],
    ] as const) {
      const taught = await search({ q });
      expect({ q, subcategories: taught.query_interpretation.recognized.subcategories }).toEqual({
        q,
        subcategories: expect.arrayContaining([language]),
      });
    }
    // In Chinese, Japanese and Korean the word of learning is inside a run ("勉強したい", "배우고").
    for (const [q, tutor] of [
      ["韓国語を勉強したい", "korean-tutor"],
      ["일본어를 배우고 싶어요", "japanese-tutor"],
      ["我想学习法语", "french-tutor"],
    ] as const) {
      const learn = await search({ q });
      expect({ q, quality: (learn as any).match_quality }).toEqual({ q, quality: expect.not.stringMatching(/^none$/) });
      expect({ q, first: learn.experts[0]?.slug }).toEqual({ q, first: expect.stringContaining(tutor) });
    }
    // The asker's own language, or one written as the means ("in English", "영어로"), beside
    // another to learn is how it is taught, not what: that language's tutors first.
    // It weighs as a modifier: a tutor of another language who speaks it comes after the tutors asked for.
    for (const [q, tutor] of [
      ["I want to learn Spanish, ideally with a teacher who explains in English", "spanish-tutor"],
      ["스페인어를 공부하고 싶은데 영어로 설명해 주는 선생님이 좋아요", "spanish-tutor"],
      ["韓国語を習いたいです。日本語で教えてくれる先生がいいです", "korean-tutor"],
    ] as const) {
      const learn = await search({ q });
      expect({ q, top: learn.experts.slice(0, 2).map((e) => e.slug) }).toEqual({
        q,
        top: [expect.stringContaining(tutor), expect.stringContaining(tutor)],
      });
    }
    // One the teacher is to speak ("who also speaks French", teaching.ts spokenByTeacher) is how it
    // is taught too: the tutors asked for first, and no French tutor (before, "speaks french" read
    // as French tutoring); the asker's own "I want to speak better French" is still French to learn.
    const speaks = await search({ q: "English tutor who also speaks French" });
    expect(speaks.query_interpretation.recognized.subcategories).not.toContain("french");
    expect(speaks.query_interpretation.recognized.languages).toContain("fr");
    for (const expert of speaks.experts.slice(0, 5) as any[]) expect(expert.categories).toContain("english-tutor");
    expect((speaks.experts[0] as any).languages_spoken).toContain("fr");
    const better = await search({ q: "I want to learn to speak better French" });
    expect(better.query_interpretation.recognized.subcategories).toContain("french");
    const taxes = await search({ q: "I need help with my taxes, I speak Japanese" });
    expect(taxes.query_interpretation.recognized.subcategories).not.toContain("japanese");
    expect(taxes.query_interpretation.recognized.languages).toContain("ja");
    // A language that is not the asker's first is one to speak better, and English has a category
    // of its own; speaking it (everyone here does) is not teaching it: an English tutor or coach first.
    // A language nobody here teaches: its speakers are no tutors of it, nobody fits; beside a
    // language that is taught it is the one the asker speaks.
    const italian = await search({ q: "lezioni di italiano" });
    expect((italian as any).match_quality).toBe("none");
    expect(italian.query_interpretation.recognized.languages).toEqual([]);
    const spanish = await search({ q: "I speak Italian and want Spanish lessons" });
    expect(spanish.query_interpretation.recognized.subcategories).toContain("spanish");
    expect((spanish as any).match_quality).not.toBe("none");
    const second = await search({ q: "English isn't my first language and I need to speak better at work" });
    expect(second.query_interpretation.recognized.categories).toContain("english-tutor");
    expect((second.experts[0] as any).categories).toContain("english-tutor");
    // The phrase's own words said which language: they are no terms of the need.
    expect(second.query_interpretation.terms).not.toEqual(expect.arrayContaining(["first"]));
    expect(second.query_interpretation.terms).not.toEqual(expect.arrayContaining(["language"]));
    expect(second.query_interpretation.ignored).toEqual(expect.arrayContaining(["first", "language"]));
    // A language to get by in, from nothing, or for a beginner, is its tutoring too; one the asker
    // wants an expert to speak is not.
    for (const q of [
      "My son is spending the summer in Japan and needs to get by in everyday Japanese, starting from zero",
      "I speak zero Japanese and move to Osaka in April",
      "Japanese for beginners",
      "aprender japonés desde cero",
    ]) {
      const answer = await search({ q });
      expect({ q, subcategories: answer.query_interpretation.recognized.subcategories }).toEqual({
        q,
        subcategories: expect.arrayContaining(["japanese"]),
      });
      expect({ q, first: answer.experts[0]?.slug }).toEqual({ q, first: expect.stringContaining("japanese-tutor") });
    }
    const speaker = await search({ q: "immigration lawyer who speaks Japanese" });
    expect(speaker.query_interpretation.recognized.subcategories).not.toContain("japanese");
  });

  it("reads 'the language' of a country beside an exam, and one to speak at an interview, as its tutoring (teaching.ts)", async () => {
    for (const [q, tutor] of [
      ["Mon fils veut étudier au Japon, il doit d'abord passer l'examen de langue", "japanese-tutor"],
      ["We are moving to Germany next year and I want to learn the language", "german-tutor"],
    ] as const) {
      const answer = await search({ q });
      expect({ q, first: answer.experts[0]?.slug }).toEqual({ q, first: expect.stringContaining(tutor) });
      expect((answer as any).match_quality).not.toBe("none");
    }
    // The asker's own job interview in another language than the query's is a language to speak
    // better, the interview its setting (before, recruiters came first); a lawyer who speaks it is a speaker.
    const interview = await search({ q: "J'ai un entretien d'embauche en anglais vendredi" });
    expect((interview.experts[0] as any).categories).toContain("english-tutor");
    const lawyer = await search({ q: "Necesito un abogado que hable en inglés" });
    expect(lawyer.query_interpretation.recognized.categories).not.toContain("english-tutor");
    // Without a word of learning or an exam, "the language" is what the expert speaks, not a need.
    const speaks = await search({ q: "I need a lawyer in Japan who speaks the language" });
    expect(speaks.query_interpretation.recognized.subcategories).not.toContain("japanese");
    expect((speaks.experts[0] as any).categories).not.toContain("language-tutor");
  });

  it("drops French and Italian elisions: the noun behind them is read, the article is a stop word", async () => {
    const fr = await search({ q: "j'ai besoin d'un avocat pour l'impôt sur le revenu" });
    expect(fr.query_interpretation.terms).not.toContain("jai");
    expect(fr.query_interpretation.ignored).toEqual(expect.arrayContaining(["ai", "un"]));
    expect(fr.query_interpretation.recognized.subcategories).toContain("personal-tax");
    const it = await search({ q: "cerco l'avvocato di famiglia" });
    expect(it.query_interpretation.terms).toEqual(["avvocato di famiglia"]);
    expect(it.query_interpretation.recognized.subcategories).toContain("family-law");
  });

  it("finds people by name in any order, case or accent", async () => {
    for (const q of ["garcia jose", "José García", "GARCIA"]) expect((await slugs(q))[0]).toBe("t-jose-garcia");
  });

  it("searches Chinese, Japanese and Korean text by its words, two-character ones included", async () => {
    expect(await slugs("세무")).toContain("t-nam-tax-seoul");
    expect(await slugs("税务")).toContain("t-nam-tax-seoul");
    expect((await slugs("남궁"))[0]).toBe("t-nam-tax-seoul");
    expect((await slugs("王"))[0]).toBe("t-wang-beijing");
    expect(await slugs("給与計算")).toContain("t-yuki-payroll");
  });

  it("ranks by relevance by default when q is given, and honours an explicit sort", async () => {
    const byRelevance = await slugs("lawyer lyon");
    expect(byRelevance.slice(0, 2).sort()).toEqual(["t-claire-family-lyon", "t-marc-corporate-lyon"]);
    // Same two Lyon lawyers; by rating Marc (4.9) comes before Claire (4.2).
    expect(byRelevance.indexOf("t-marc-corporate-lyon")).toBeLessThan(byRelevance.indexOf("t-claire-family-lyon"));
    const newest = await search({ q: "lawyer", sort: "newest" });
    const rating = await search({ q: "lawyer", sort: "rating" });
    expect(newest.total).toBe(rating.total);
  });

  it("keeps one order across pages: every match exactly once", async () => {
    const all = await search({ q: "lawyer tax", limit: "20" });
    const paged: string[] = [];
    for (let page = 0; paged.length < Math.min(all.total, 60); page++) {
      const res = await search({ q: "lawyer tax", limit: "7", page: String(page) });
      if (!res.experts.length) break;
      paged.push(...res.experts.map((e) => e.slug));
    }
    expect(new Set(paged).size).toBe(paged.length);
    expect(paged.slice(0, 20)).toEqual(all.experts.map((e) => e.slug));
  });

  it("explains how it read the query", async () => {
    const { query_interpretation: qi, total_is_exact } = await search({ q: "family lawyer lyon" });
    expect(total_is_exact).toBe(true);
    expect(qi.terms).toEqual(["family lawyer", "lyon"]);
    expect(qi.recognized.subcategories).toContain("family-law");
    expect(qi.recognized.cities).toContain("Lyon, FR");
    expect((await search({})).query_interpretation).toBeNull();
  });

  it("lists experts matching only in a bio after the others, consistently across pages", async () => {
    const all = await search({ q: "zeppelin" });
    expect(all.experts.map((e) => e.slug)).toEqual(["t-zeppelin-title", "t-zeppelin-bio"]);
    expect(all.total).toBe(2);
    const second = await search({ q: "zeppelin", limit: "1", page: "1" });
    expect(second.experts.map((e) => e.slug)).toEqual(["t-zeppelin-bio"]);
    expect(second.has_more).toBe(false);
    const third = await search({ q: "zeppelin", limit: "1", page: "2" });
    expect(third.experts).toEqual([]);
  });

  it("combines a bio-only match with category, country and language filters", async () => {
    const filtered = await search({ q: "zeppelin", category: "business-consulting" });
    expect(filtered.experts.map((e) => e.slug)).toEqual(["t-zeppelin-bio"]);
    expect(
      (await search({ q: "lyon lawyer", country: "fr", language: "fr", category: "legal" })).experts
        .map((e) => e.slug)
        .sort(),
    ).toEqual(["t-claire-family-lyon", "t-marc-corporate-lyon"]);
    expect((await search({ q: "zeppelin", category: "legal" })).total).toBe(0);
  });

  it("searches a query made only of stop words as it is", async () => {
    expect((await search({ q: "an" })).total).toBeGreaterThan(0);
  });

  it("still matches a literal fragment inside a title, and nothing for q made of symbols", async () => {
    expect(await slugs("ortgage brok")).toContain("t-mortgage");
    expect((await search({ q: "%" })).total).toBe(0);
  });
});

describe("search_experts over MCP", () => {
  it("is the same search: same order, the interpretation in structuredContent and in the text", async () => {
    const client = await mcpClient(app.url, "streamable-http");
    try {
      const { tools } = await client.listTools();
      const tool = tools.find((t) => t.name === "search_experts")!;
      const result = await client.callTool({
        name: "search_experts",
        arguments: { q: "family lawyer lyon", limit: 5 },
      });
      expectConformingResult(tool, result as any);
      const structured = result.structuredContent as any;
      const rest = await search({ q: "family lawyer lyon", limit: "5" });
      expect(structured.experts.map((e: { slug: string }) => e.slug)).toEqual(rest.experts.map((e) => e.slug));
      expect(structured.query_interpretation.recognized.cities).toContain("Lyon, FR");
      expect(resultText(result as any)).toContain("Searched for: family lawyer, lyon");
    } finally {
      await client.close();
    }
  });
});
