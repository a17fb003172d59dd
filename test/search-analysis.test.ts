import { describe, expect, it } from "bun:test";
import { buildDocument } from "../src/search/document.ts";
import { isCommonWord } from "../src/search/common-words.ts";
import { editDistance } from "../src/search/edit-distance.ts";
import { inflectionStem } from "../src/search/inflection.ts";
import { boundQuery, MAX_ALTERNATIVES } from "../src/search/bounds.ts";
import { maxEdits } from "../src/search/lexicon.ts";
import { indexSpellings, normalizeText } from "../src/search/normalize.ts";
import { parseQuery } from "../src/search/query.ts";
import { FACTOR, GROUP_WEIGHT, type LexiconLookup, MAX_SYNONYM_WORDS } from "../src/search/query-types.ts";
import { builtinEntries } from "../src/search/vocabulary-store.ts";
import { bigrams, tokenize } from "../src/search/tokenize.ts";
import { Vocabulary } from "../src/search/vocabulary.ts";
import { lexiconWithTypos, noLexicon, shippedVocabulary } from "./support/vocabulary.ts";

// Unit tests of the analysis both sides share; the behaviour over HTTP is in search-meaning.test.ts.

describe("normalisation", () => {
  it("folds case, width and Latin accents, and keeps kana marks", () => {
    expect(normalizeText("Zoë São Paulo ＣＰＡ Straße")).toBe("zoe sao paulo cpa strasse");
    expect(normalizeText("ｶﾞｲﾄﾞ")).toBe("ガイド");
    expect(normalizeText("が")).toBe("が");
    expect(normalizeText("서울")).toBe("서울");
  });

  it("folds Turkish and Polish letters that carry a mark, keeps ı, ł and Cyrillic as letters", () => {
    expect(normalizeText("İSTANBUL Şişli Ğ Çağ Öğün Ümit")).toBe("istanbul sisli g cag ogun umit");
    expect(normalizeText("Ą Ć Ę Ń Ó Ś Ź Ż ą ć ę ń ó ś ź ż")).toBe("a c e n o s z z a c e n o s z z");
    // Letters of their own, not a letter and a mark: the vocabulary adds the plain spelling (below).
    expect(normalizeText("Danışmanı Łódź")).toBe("danısmanı łodz");
    expect(normalizeText("Юрист в БЕРЛИНЕ, учёт, йога")).toBe("юрист в берлине, учёт, йога");
    expect(tokenize(normalizeText("Юрист в БЕРЛИНЕ")).map((t) => t.text)).toEqual(["юрист", "в", "берлине"]);
  });

  it("joins katakana words a middle dot separates, and keeps a dot between kanji", () => {
    // Japanese writes a foreign compound with the dot or without it; a dot between kanji lists.
    expect(normalizeText("ゲーテ・インスティトゥートのB2")).toBe("ゲーテインスティトゥートのb2");
    expect(normalizeText("ｹﾞｰﾃ･ｲﾝｽﾃｨﾄｩｰﾄ")).toBe("ゲーテインスティトゥート");
    expect(normalizeText("報酬・福利厚生")).toBe("報酬・福利厚生");
    expect(normalizeText("データ・AI")).toBe("データ・ai");
  });

  it("indexes German umlauts both ways", () => {
    expect(indexSpellings("Müller")).toEqual(["Müller", "Mueller"]);
    expect(indexSpellings("Miller")).toEqual(["Miller"]);
  });
});

describe("tokenisation", () => {
  it("splits words, keeps CJK runs whole and joins apostrophes", () => {
    expect(tokenize(normalizeText("O'Brien, 税理士 in 東京")).map((t) => t.text)).toEqual([
      "obrien",
      "税理士",
      "in",
      "東京",
    ]);
  });

  it("ends a Latin word where CJK text begins, so a code in a Japanese sentence is its own word", () => {
    expect(tokenize(normalizeText("出願するのでTOEFLのスコア")).map((t) => t.text)).toEqual([
      "出願するので",
      "toefl",
      "のスコア",
    ]);
  });

  it("keeps a script's vowel signs in the word (Devanagari, Bengali)", () => {
    const words = (text: string) => tokenize(normalizeText(text)).map((t) => t.text);
    expect(words("मुंबई में वकील चाहिए")).toEqual(["मुंबई", "में", "वकील", "चाहिए"]);
    expect(words("কলকাতায় আইনজীবী")).toEqual(["কলকাতায়", "আইনজীবী"]);
  });

  it("drops French and Italian elisions at the start of a word, on both sides alike", () => {
    const words = (text: string) => tokenize(normalizeText(text)).map((t) => t.text);
    expect(words("J'ai besoin d'un avocat pour l’impôt")).toEqual(["ai", "besoin", "un", "avocat", "pour", "impot"]);
    expect(words("dell'azienda, un'ora, qu'il, quelqu'un")).toEqual(["azienda", "ora", "il", "un"]);
    // Not elisions: a name's apostrophe and English contractions still join.
    expect(words("O'Brien don't I'm")).toEqual(["obrien", "dont", "im"]);
  });

  it("drops the case ending Turkish writes after an apostrophe, and only that", () => {
    const words = (text: string) => tokenize(normalizeText(text)).map((t) => t.text);
    expect(words("Berlin'de İstanbul'daki Londra'dan Almanya'ya Köln'ün Paris'te ABD'de Berlin'e")).toEqual([
      "berlin",
      "istanbul",
      "londra",
      "almanya",
      "koln",
      "paris",
      "abd",
      "berlin",
    ]);
    // A bare vowel ending only after a consonant, as Turkish writes it; other apostrophes join.
    expect(words("Hawai'i Qur'an Xi'an John's Sana'a")).toEqual(["hawaii", "quran", "xian", "johns", "sanaa"]);
  });

  it("pairs CJK characters as Lucene's CJK analyzer does", () => {
    expect(bigrams("会計士")).toEqual(["会計", "計士"]);
    expect(bigrams("세무")).toEqual(["세무"]);
    expect(bigrams("王")).toEqual(["王"]);
  });
});

describe("edit distance", () => {
  it("counts insertions, deletions, substitutions and swaps", () => {
    expect(editDistance("acounting", "accounting")).toBe(1);
    expect(editDistance("teh", "the")).toBe(1);
    expect(editDistance("nutrtionist", "nutritionist")).toBe(1);
    expect(editDistance("devops", "develops", 1)).toBe(2);
  });

  it("allows one edit up to seven letters and two from eight", () => {
    expect(maxEdits("mortage")).toBe(1);
    expect(maxEdits("acounting")).toBe(2);
  });
});

describe("documents", () => {
  it("weights the name, primary category, titles and bios, and adds concept tokens", () => {
    const { tsvector, bio, words } = buildDocument({
      name: "Jonas Müller",
      city: "Köln",
      state_code: "NW",
      country_code: "DE",
      language_subtags: ["de", "en"],
      tags: ["VAT"],
      categories: ["tax-advisory", "accounting"],
      subcategories: ["personal-tax"],
      titles: ["Tax Advisor", "税理士"],
      taglines: [],
      bios: ["Helps families."],
      services: ["First call"],
      descriptions: [],
    });
    for (const part of [
      "'jonas':1A",
      "'cat:tax-advisory':",
      "'sub:personal-tax':",
      "'lang:de':",
      "'cc:de':",
      "'region:de:nw':",
      "'city:de:koln':",
      "'cityname:koln':",
      "'cityname:koeln':",
      "'city:de:koeln':",
      "'税理':",
    ]) {
      expect(tsvector).toContain(part);
    }
    expect(tsvector).toMatch(/'cat:tax-advisory':\d+A/);
    expect(tsvector).toMatch(/'cat:accounting':\d+C/);
    // Bios are a document of their own (weight D), read only when nothing else matches.
    expect(tsvector).not.toContain("families");
    expect(bio).toMatch(/^'helps':\d+ 'families':\d+$/);
    expect(words).toContain("mueller");
  });
});

describe("reading a query", () => {
  const vocabulary = new Vocabulary(
    [
      { locale: "en", kind: "subcategory", key: "family-law", term: "family lawyer" },
      { locale: "en", kind: "category", key: "legal", term: "lawyer" },
      { locale: "en", kind: "city", key: "FR:Lyon", term: "Lyon" },
      { locale: "ja", kind: "category", key: "accounting", term: "会計士" },
      { locale: "ja", kind: "city", key: "JP:Tokyo", term: "東京" },
      { locale: "ja", kind: "stop", key: "-", term: "の" },
      { locale: "en", kind: "stop", key: "-", term: "a | in | the" },
    ],
    new Map([["family-law", "legal"]]),
    new Set(["legal", "accounting"]),
  );

  it("takes the longest phrase, drops stop words and keeps unknown words", async () => {
    const { groups, interpretation } = await parseQuery("a family lawyer in Lyon, please", vocabulary, noLexicon);
    expect(interpretation.terms).toEqual(["family lawyer", "lyon", "please"]);
    expect(interpretation.ignored).toEqual(["a", "in"]);
    expect(interpretation.recognized.subcategories).toEqual(["family-law"]);
    expect(interpretation.recognized.cities).toEqual(["Lyon, FR"]);
    const family = groups[0].alternatives.map((a) => `${a.lexemes.join("&")}@${a.factor}`);
    expect(family).toContain("sub:family-law@1");
    expect(family).toContain(`cat:legal@${FACTOR.parent}`);
  });

  it("segments Japanese by the vocabulary and drops particles", async () => {
    const { interpretation } = await parseQuery("東京の会計士", vocabulary, noLexicon);
    expect(interpretation.terms).toEqual(["東京", "会計士"]);
    expect(interpretation.ignored).toEqual(["の"]);
    expect(interpretation.recognized.categories).toEqual(["accounting"]);
  });

  it("corrects unknown words of five letters or more from the lexicon", async () => {
    const lexicon = lexiconWithTypos({ lawyr: "lawyer" });
    const { groups, interpretation } = await parseQuery("lawyr", vocabulary, lexicon);
    expect(interpretation.corrections).toEqual([{ from: "lawyr", to: "lawyer" }]);
    expect(groups[0].alternatives.some((a) => a.lexemes[0] === "cat:legal" && a.factor === 0.6)).toBe(true);
  });
});

describe("reading a query so that the ranking generalizes (issue 22)", () => {
  // The vocabulary this build ships, with the query-side files of languages no profile is written in.
  const vocabulary = new Vocabulary(
    builtinEntries(),
    new Map([
      ["family-law", "legal"],
      ["employment-law", "legal"],
      ["cybersecurity", "technology"],
      ["audit", "accounting"],
    ]),
  );
  const parse = (q: string) => parseQuery(q, vocabulary, noLexicon);
  const weights = async (q: string) => Object.fromEntries((await parse(q)).groups.map((g) => [g.label, g.weight]));

  it("takes the country a visa seeker comes from for no place of the visa, and an expert's for where they are", async () => {
    const shipped = await shippedVocabulary();
    const blueCard = await parseQuery(
      "Blaue Karte EU beantragen als Softwareentwickler aus Indien",
      shipped,
      noLexicon,
    );
    expect(blueCard.boundPlace).toBeNull();
    const from = await parseQuery("I'm from India and need a work visa for Germany", shipped, noLexicon);
    expect(from.boundPlace).toBe("de");
    const london = await parseQuery("visa lawyer from London", shipped, noLexicon);
    expect(london.boundPlace).toBe("gb");
  });

  it("weighs whom a talk is given to as its setting, in the scripts that write it after", async () => {
    const shipped = await shippedVocabulary();
    for (const q of [
      "来月、投資家の前で英語でプレゼンしなければならなくて緊張しています",
      "下个月要在投资人面前用英语做演讲，很紧张",
      "다음 달에 해외 투자자들 앞에서 영어로 발표해야 하는데 너무 떨려요.",
      "I have to present in front of investors next week and I get so nervous",
    ]) {
      const { groups } = await parseQuery(q, shipped, noLexicon);
      const investors = groups.find((g) => g.concepts === "subcategory\tfundraising");
      expect({ q, weight: investors?.weight, context: investors?.context }).toEqual({
        q,
        weight: GROUP_WEIGHT.filler,
        context: true,
      });
    }
  });

  it("reads a marketing audit as marketing, not as an accounts audit", async () => {
    const audit = await parseQuery("marketing audit", vocabulary, noLexicon);
    expect(audit.groups.map((g) => g.concepts)).toEqual(["category\tmarketing"]);
  });

  it("counts one concept once, however many of its phrases the query holds", async () => {
    const { groups } = await parse("tax advisor for my taxes");
    expect(groups.map((g) => g.label)).toEqual(["tax advisor"]);
  });

  it("counts a sentence's leftover words for less than the need it names", async () => {
    const w = await weights("someone to look at my back taxes");
    expect(w.back).toBeLessThan(w.taxes);
    // Without a recognised need, a plain word is all there is and counts in full.
    expect((await weights("zeppelin restorer")).zeppelin).toBe(GROUP_WEIGHT.word);
  });

  it("weighs a need written after 'for' another need as whom that one is for", async () => {
    const w = await weights("salary benchmarking for startups");
    expect(w["salary benchmarking"]).toBe(GROUP_WEIGHT.profession);
    expect(w.startups).toBe(GROUP_WEIGHT.word);
    // Stop words may stand between, in other languages too; alone the same need weighs in full.
    expect((await weights("abogado laboral para nuestra startup")).startup).toBe(GROUP_WEIGHT.word);
    expect((await weights("startups")).startups).toBe(GROUP_WEIGHT.profession);
    // Before the other need it is no audience: "for startups, salary benchmarking" keeps both.
    expect((await weights("for startups salary benchmarking")).startups).toBe(GROUP_WEIGHT.profession);
  });

  it("weighs a profession after 'I am' as who the asker is, beside the need they ask about", async () => {
    const w = await weights("I'm a software architect and I need a tax advisor");
    expect(w["tax advisor"]).toBe(GROUP_WEIGHT.profession);
    expect(w["software architect"]).toBe(GROUP_WEIGHT.filler);
    expect((await weights("jestem programistą i szukam doradcy podatkowego")).programista).toBe(GROUP_WEIGHT.filler);
    // So is one after "as" right after having worked ("jag har jobbat som ingenjör"); Swedish "år"
    // (year), written "ar" as "är" (am) is, makes no "I am" of the need after it.
    const worked = await weights("jag har jobbat som ingenjör i tio år och behöver en revisor");
    expect(worked.ingenjor).toBe(GROUP_WEIGHT.filler);
    expect(worked.revisor).toBe(GROUP_WEIGHT.profession);
    // Alone it is what is asked about.
    expect((await weights("I'm a software architect"))["software architect"]).toBe(GROUP_WEIGHT.profession);
  });

  it("of a misspelt word's equally near spellings, reads the one that makes a phrase with its neighbours", async () => {
    // "marches" comes first (it sounds the same), "marques" makes "avocat en droit des marques".
    const tied: LexiconLookup = async (words) =>
      new Map(
        words.map((w) => [
          w,
          w === "marqes"
            ? { known: false, near: ["marches", "marques"], edits: 1 }
            : { known: true, near: [], edits: 0 },
        ]),
      );
    const { groups, interpretation } = await parseQuery("avocat en droit des marqes", vocabulary, tied);
    expect(interpretation.corrections).toEqual([{ from: "marqes", to: "marques" }]);
    expect(interpretation.recognized.subcategories).toContain("trademarks");
    expect(groups.map((g) => g.label)).toEqual(["avocat en droit des marques"]);
    // Where neither makes a phrase, the first is reported, as before.
    const alone = await parseQuery("marqes", vocabulary, tied);
    expect(alone.interpretation.corrections).toEqual([{ from: "marqes", to: "marches" }]);
  });

  it("drops a language's own function words that another's vocabulary holds, only in a query written in it", async () => {
    // Swedish "vet" (I know) is no vet, a profession nobody here practises, which would answer `none`.
    const swedish = await parse("jag har bytt jobb och vet inte hur jag ska deklarera skatten");
    expect(swedish.language).toBe("sv");
    expect(swedish.groups.map((g) => g.label)).not.toContain("vet");
    expect(swedish.interpretation.ignored).toContain("vet");
    // Italian "sue" (her, his) is no lawsuit.
    expect((await parse("devo pagare le sue tasse arretrate")).groups.map((g) => g.label)).not.toContain("sue");
    // Nor do another language's words take a query's own: Romanian "îi" (him) kept the numeral of
    // "SOC 2 Type II" from being searched, Romanian "la Gent" (in Ghent) read Italian "la gente" as the city.
    expect((await parse("SOC 2 Type II audit")).interpretation.ignored).not.toContain("ii");
    // Nor a name: Hungarian "amit" (which) is the name Amit, Vietnamese "xin" (please) the name Xin.
    expect((await parse("Amit marketing consultant")).groups.map((g) => g.label)).toContain("amit");
    expect((await parse("Xin Li tax")).interpretation.ignored).not.toContain("xin");
    expect((await parse("quando la gente cerca su Google")).interpretation.recognized.cities).toEqual([]);
    // In English both are what they say.
    expect((await parse("I need a vet for my dog")).groups.map((g) => g.label)).toContain("vet");
    expect((await parse("I want to sue my landlord")).groups.map((g) => g.label)).toContain("sue");
  });

  it("spells another language's common word as meant only in a query written in that language", () => {
    // Czech "děcka" (kids): of every query, a Polish "porządnego pitch decka" would lose its deck.
    expect(isCommonWord("decka")).toBe(false);
    expect(isCommonWord("decka", "cs")).toBe(true);
    expect(isCommonWord("decka", "pl")).toBe(false);
  });

  it("weighs a profession after 'from' as what the asker was, beside the need they ask about", async () => {
    const w = await weights("I'm moving from engineer to managing a team and need help giving feedback");
    expect(w.engineer).toBe(GROUP_WEIGHT.filler);
    expect(w["managing a team"]).toBe(GROUP_WEIGHT.profession);
    // Alone it is what is asked about: advice from a lawyer asks for a lawyer.
    expect((await weights("advice from a lawyer")).lawyer).toBe(GROUP_WEIGHT.profession);
  });

  it("weighs the one country named beside a need bound to its law or market as a city", async () => {
    expect((await weights("tax advisor in Germany")).germany).toBe(GROUP_WEIGHT.city);
    // Not beside a need that travels (marketing), nor beside a city, nor as one of two countries.
    expect((await weights("marketing agency in Germany")).germany).toBe(GROUP_WEIGHT.word);
    expect((await weights("tax advisor in Berlin, Germany")).germany).toBe(GROUP_WEIGHT.word);
    expect((await weights("lawyer in Spain or Portugal")).spain).toBe(GROUP_WEIGHT.word);
  });

  it("weighs the need a seeking word asks for above the needs that set the scene", async () => {
    const w = await weights(
      "Ho un'idea per un piccolo dispositivo medico e, prima di investire, voglio sapere se è brevettabile",
    );
    expect(w.brevettabile).toBeGreaterThan(w.investire);
    // "I'd like" asks as "I want" does: the pipeline, not the numbers' departments.
    const pipeline = await weights(
      "Our marketing and finance numbers live in five tools. I'd like someone to design a proper data pipeline",
    );
    expect(pipeline["data pipeline"]).toBeGreaterThan(pipeline.marketing);
    // With one need there is nothing to weigh it against.
    expect((await weights("I need a tax advisor"))["tax advisor"]).toBe(GROUP_WEIGHT.profession);
    // "know how" in a sentence is the verb, not know-how to protect.
    const { groups } = await parse("I want to know how much capital gains tax I'll owe");
    expect(groups.map((g) => g.label)).toEqual(["capital gains tax", "owe"]);
  });

  it("reads PR beside an application or a visa as permanent residence, not beside an agency", async () => {
    const recognized = async (q: string) => {
      const { interpretation } = await parse(q);
      return [...interpretation.recognized.categories, ...interpretation.recognized.subcategories];
    };
    expect(await recognized("PR application")).toEqual(["citizenship"]);
    expect(await recognized("PR visa for Australia")).toContain("citizenship");
    expect(await recognized("PR agency")).not.toContain("citizenship");
  });

  it("weighs a specific term written as a code above the generic word beside it, its parent category last", async () => {
    const { groups } = await parse("SOC 2 audit");
    const [soc, audit] = groups;
    expect(soc.label).toBe("soc 2");
    expect(soc.weight).toBeGreaterThan(audit.weight);
    // The parent stands in below a tagline's half (rank.ts FULL_MATCH): a technology expert is no SOC 2 auditor.
    const factors = new Map(soc.alternatives.map((a) => [a.lexemes.join("&"), a.factor]));
    expect(factors.get("cat:technology")).toBeLessThan(0.25);
    expect(factors.get("cat:technology")).toBeLessThan(factors.get("sub:cybersecurity") as number);
    expect(soc.alternatives[0]).toMatchObject({ lexemes: ["soc", "2"], factor: 1 });
  });

  it("keeps a narrowed term's parent at its full factor beside a place that binds the field (settle.ts placedField)", async () => {
    const shipped = await shippedVocabulary();
    const parentFactor = async (q: string) =>
      (await parseQuery(q, shipped, noLexicon)).groups[0].alternatives.find(
        (a) => a.lexemes.join("&") === "cat:immigration",
      )?.factor;
    expect(await parentFactor("PR application")).toBeLessThan(FACTOR.parent);
    expect(await parentFactor("help with my PR application in Australia")).toBe(FACTOR.parent);
  });

  it("reads no English word as another language's false friend", async () => {
    // French "location" is a rental, "actions" shares, "assurance" insurance; German "Personal" staff;
    // Spanish "taller" a workshop; Turkish "poliçe" a policy: in English they are something else.
    const recognized = async (q: string) => {
      const { interpretation } = await parse(q);
      return [...interpretation.recognized.categories, ...interpretation.recognized.subcategories];
    };
    expect(await recognized("office location")).toEqual([]);
    expect(await recognized("personal")).toEqual([]);
    expect(await recognized("quality assurance")).not.toContain("financial-planning");
    expect(await recognized("taller")).toEqual([]);
    expect(await recognized("police")).toEqual([]);
    // In a phrase of their own language they still are what they mean.
    expect(await recognized("location meublée")).toContain("residential");
  });

  it("reads a misspelt profession as the profession: the need, not a sentence's filler", async () => {
    const lexicon = lexiconWithTypos({ acountant: "accountant" });
    const { groups } = await parseQuery("an acountant for my small bakery and a lawyer", vocabulary, lexicon);
    const accountant = groups.find((g) => g.label === "acountant")!;
    expect(accountant.weight).toBe(groups.find((g) => g.label === "lawyer")!.weight);
    expect(accountant.concepts).toContain("accounting");
    expect(accountant.plain).toBe(false);
  });

  it("reads a Korean word whole: a particle ends a run and never begins one", async () => {
    // "수리가" is 수리 (repair) with the particle 가, not 수 and 리가 (Riga); "에어컨" is no particle 에 and
    // "어컨". The particle ends the phrase too: "에어컨 수리가" is the phrase 에어컨 수리 (air conditioning repair).
    const parsed = await parseQuery("사무실 에어컨 수리가 필요해요", vocabulary, noLexicon);
    expect(parsed.interpretation.terms).toContain("에어컨 수리");
    expect(parsed.interpretation.recognized.cities).toEqual([]);
    expect(parsed.interpretation.ignored).toContain("가");
    // A term with its particle is still the term.
    const lawyer = await parseQuery("변호사가 필요해요", vocabulary, noLexicon);
    expect(lawyer.interpretation.terms).toContain("변호사");
    expect(lawyer.interpretation.recognized.categories).toContain("legal");
    // Korean spaces its words: a city's name after syllables of no term ends a word the vocabulary
    // lacks. "비즈니스" (business) is not 비즈 and 니스 (Nice); a city that begins the run is the city.
    const business = await parseQuery("비즈니스 통역사", vocabulary, noLexicon);
    expect(business.interpretation.recognized.cities).toEqual([]);
    expect(business.groups.map((g) => g.label)).toContain("비즈니스");
    // Nor is a particle inside such a word: "프로세스" (process) is no 프, particle 로 and 세스.
    const process = await parseQuery("회사 프로세스가 너무 복잡해요", vocabulary, noLexicon);
    expect(process.groups.map((g) => g.label)).toContain("프로세스");
    const seoul = await parseQuery("서울에서 세무사", vocabulary, noLexicon);
    expect(seoul.interpretation.recognized.cities).toEqual(["Seoul, KR"]);
    // Japanese writes a foreign word in one stretch of katakana: "アドバイザー" (adviser) holds no
    // ドバイ (Dubai); the city written alone before a particle or kanji is the city.
    const adviser = await parseQuery("中小企業の外部アドバイザー", vocabulary, noLexicon);
    expect(adviser.interpretation.recognized.cities).toEqual([]);
    const dubai = await parseQuery("ドバイ在住の税理士", vocabulary, noLexicon);
    expect(dubai.interpretation.recognized.cities).toEqual(["Dubai, AE"]);
    // A compound the vocabulary writes with a middle dot, with a particle glued to its last part.
    const goethe = await parseQuery("ゲーテ・インスティトゥートのB2試験の対策をしたい", vocabulary, noLexicon);
    expect(goethe.interpretation.recognized.subcategories).toContain("german");
  });

  it("reads a misspelt word of a phrase as the phrase spelt right, and says what it corrected", async () => {
    const lexicon = lexiconWithTypos({ imigration: "immigration", copyrite: "copyright" });
    const typo = await parseQuery("imigration lawyer", vocabulary, lexicon);
    const right = await parseQuery("immigration lawyer", vocabulary, noLexicon);
    // One concept, as written right: not a corrected word beside the whole legal category.
    expect(typo.groups.map((g) => [g.label, g.concepts, g.weight])).toEqual(
      right.groups.map((g) => [g.label, g.concepts, g.weight]),
    );
    expect(typo.interpretation.corrections).toEqual([{ from: "imigration", to: "immigration" }]);
    expect(typo.pattern).toBe(right.pattern);
    // In a sentence too, and the words around it stay as they were.
    const sentence = await parseQuery("I need a copyrite lawyer for my band", vocabulary, lexicon);
    expect(sentence.interpretation.terms).toContain("copyright lawyer");
    expect(sentence.interpretation.corrections).toEqual([{ from: "copyrite", to: "copyright" }]);
    // A correction that forms no phrase leaves the parse as it was: the word, corrected.
    const alone = await parseQuery("copyrite for my songs", vocabulary, lexicon);
    expect(alone.interpretation.terms).toContain("copyrite");
    // Both words misspelt read as a name would (two plain words): still the phrase, when the
    // spellings are the vocabulary's and together make one.
    const both = lexiconWithTypos({ imigration: "immigration", lawer: "lawyer", thomsen: "thompson" });
    const twice = await parseQuery("imigration lawer", vocabulary, both);
    expect(twice.groups.map((g) => [g.label, g.concepts, g.weight])).toEqual(
      right.groups.map((g) => [g.label, g.concepts, g.weight]),
    );
    expect(twice.interpretation.corrections).toEqual([
      { from: "imigration", to: "immigration" },
      { from: "lawer", to: "lawyer" },
    ]);
    // A name's part corrected into a name is no phrase: the name is read as written, corrected.
    const name = await parseQuery("sarah thomsen", vocabulary, both);
    expect(name.interpretation.terms).toEqual(["sarah", "thomsen"]);
  });

  it("never corrects a common word of a query language: it is a word the directory lacks, not a typo", async () => {
    // Every word unknown, one edit from a term: only the lists keep a word as written.
    const lexicon = async (words: string[]) =>
      new Map(words.map((w) => [w, { known: false, near: ["patente"], edits: 1 }]));
    // Italian "paziente", Dutch "dochter", German "Feier", Russian "месяца": as meant.
    for (const q of [
      "un insegnante paziente per mio figlio",
      "gitaarles voor mijn dochter",
      "Hochzeitsband für unsere Feier",
    ]) {
      const parsed = await parseQuery(q, vocabulary, lexicon);
      expect({ q, corrections: parsed.interpretation.corrections }).toEqual({ q, corrections: [] });
    }
    // A misspelt English word still is corrected.
    const typo = await parseQuery("patnet attorney for my invention", vocabulary, lexicon);
    expect(typo.interpretation.corrections).toEqual([{ from: "patnet", to: "patente" }]);
  });

  it("in a sentence, a correction of two edits is not made the need: another language's word is as near as a typo", async () => {
    // A word of no list (common words are never corrected: "paziente" is Italian), two edits from a term.
    const lexicon = lexiconWithTypos({ pazzientte: { near: "patente", edits: 2 } });
    const { groups } = await parseQuery("cerco un insegnante di giapponese pazzientte", vocabulary, lexicon);
    const patient = groups.find((g) => g.label === "pazzientte")!;
    expect(patient.concepts).toBeUndefined();
    expect(patient.weight).toBeLessThan(groups.find((g) => g.label === "insegnante di giapponese")!.weight);
    // In a short phrase it is a typo of the need, and read as it (here with "lawyer", as the phrase spelt right).
    const phrase = await parseQuery("pazzientte lawyer", vocabulary, lexicon);
    expect(phrase.interpretation.corrections).toEqual([{ from: "pazzientte", to: "patente" }]);
    expect(phrase.groups.some((g) => g.concepts?.includes("patents"))).toBe(true);
  });

  it("reads a profession nobody practises here whole, as written only, across Korean's spaced runs", async () => {
    const plumber = (await parse("plumber")).groups;
    expect(plumber).toHaveLength(1);
    expect(plumber[0]).toMatchObject({ unlisted: true, unheard: true });
    // Searched as the word itself, not as the other unlisted professions of its row ("dentist").
    expect(plumber[0].alternatives.every((a) => a.lexemes.join(" ") === "plumber")).toBe(true);
    const designer = (await parse("인테리어 디자이너")).groups;
    expect(designer.map((g) => g.label)).toEqual(["인테리어 디자이너"]);
    expect(designer[0].unlisted).toBe(true);
  });

  it("marks an everyday word as what an unlisted activity is done to only when an unlisted phrase holds it", async () => {
    // "house" of "house cleaning", "huis" of "huis schilderen", "квартиры" of a Russian repair phrase.
    for (const q of [
      "ik zoek een schilder voor mijn huis",
      "house cleaning every week in my apartment",
      "ищу сантехника для квартиры",
    ]) {
      const worked = (await parse(q)).groups.filter((g) => g.worked);
      expect({ q, worked: worked.length }).toEqual({ q, worked: 1 });
      expect(worked[0].everyday).toBe(true);
    }
    // A word right before such an object qualifies it: the rental apartment is what is cleaned.
    const rental = (await parse("house cleaning for my rental apartment")).groups;
    expect(rental.filter((g) => g.worked).map((g) => g.label)).toEqual(["rental", "apartment"]);
    // And so does one right before the unlisted activity itself: the cleaning is the rental's.
    const before = (await parse("I need rental house cleaning every week")).groups;
    expect(before.filter((g) => g.worked).map((g) => g.label)).toEqual(["rental"]);
    // A need no unlisted phrase holds is not: the staff of a cleaning business, a copied design.
    for (const q of [
      "my house cleaning business is growing, how do I hire the first employees",
      "someone copied my tattoo designs",
    ]) {
      const groups = (await parse(q)).groups;
      expect(groups.some((g) => g.unlisted)).toBe(true);
      expect(groups.filter((g) => g.worked).map((g) => g.label)).toEqual([]);
    }
  });

  it("reads an unlisted profession written after a seeking word as sought, else not", async () => {
    const sought = async (q: string) => (await parse(q)).groups.filter((g) => g.sought).map((g) => g.label);
    for (const q of [
      "looking for a plumber",
      "I need a plumber for my flat",
      "je cherche un plombier",
      "ich suche einen Tierarzt",
      "Szukam hydraulika",
      "Ищу сантехника",
    ])
      expect({ q, sought: (await sought(q)).length }).toEqual({ q, sought: 1 });
    // In Korean the seeking word comes after, and the phrase's last word carries a particle.
    const korean = (await parse("형사 사건을 맡아 줄 변호사가 필요해요")).groups;
    expect(korean.filter((g) => g.sought).map((g) => g.label)).toEqual(["형사 사건"]);
    expect(await sought("想找个风水师看看办公室")).toEqual(["风水师"]);
    // Another's search, the asker's own trade, and a seeking word with a need between: not sought.
    for (const q of [
      "our website barely shows up on google when people search for a plumber",
      "I'm a DJ and my landlord wants to evict me",
      "I need help with my lease, I am a plumber",
    ])
      expect({ q, sought: await sought(q) }).toEqual({ q, sought: [] });
  });

  it("reads a Russian phrase in the case a request puts it in", async () => {
    // The vocabulary writes "трудовое право" (nominative); a request says "по трудовому праву" (dative).
    const { interpretation } = await parse("Ищу юриста по трудовому праву");
    expect(interpretation.recognized.subcategories).toContain("employment-law");
    expect(inflectionStem("трудовому")).toBe(inflectionStem("трудовое"));
    expect(inflectionStem("праву")).toBe(inflectionStem("право"));
    // A short word keeps three letters of its root.
    expect(inflectionStem("дома")).toBe("дом");
  });

  it("reads an amount written short as a number, not a code, and English 'pass' as no passport", async () => {
    const saved = (await parse("I have 50k in a savings account, where should I invest it")).groups;
    expect(saved.find((g) => g.label === "50k")!.weight).toBeLessThan(saved.find((g) => g.label === "invest")!.weight);
    // German "Pass" (a passport) is only read in its phrases: "pass the IELTS" is the exam.
    const exam = await parse("I need to pass the IELTS for my visa");
    expect(exam.interpretation.recognized.subcategories).not.toContain("citizenship");
    expect((await parse("Reisepass verlängern")).interpretation.recognized.subcategories).toContain("citizenship");
  });

  it("reads a code inside a CJK sentence as specific", async () => {
    const { groups } = await parse("大学院に出願するのでTOEFLのスコアを上げたい");
    expect(groups.some((g) => g.label === "toefl" && g.weight > 2)).toBe(true);
  });

  it("takes a subcategory beside a generic role as the need", async () => {
    const w = await weights("cybersecurity consultant");
    expect(w.cybersecurity).toBeGreaterThan(w.consultant);
  });

  it("reads a name as a name, and a topic that looks like one as the topic", async () => {
    expect((await parse("Lakshmi")).readsAsName).toBe(true);
    expect((await parse("Da-hye Han")).readsAsName).toBe(true);
    expect((await parse("Seo")).readsAsName).toBe(false);
  });

  it("searches a profession's other names as words, a bounded few", async () => {
    const [lawyer] = (await parse("lawyer")).groups;
    const synonyms = lawyer.alternatives.filter((a) => a.factor === FACTOR.synonym && !a.prefix);
    expect(synonyms.map((a) => a.lexemes[0])).toContain("attorney");
    expect(synonyms.length).toBeLessThanOrEqual(MAX_SYNONYM_WORDS);
  });

  it("understands Spanish, Portuguese, Italian and Dutch queries through the vocabulary, and drops their stop words", async () => {
    const cases: [string, string][] = [
      ["abogado de familia", "family-law"],
      ["advogado trabalhista", "employment-law"],
      ["consulente per la sicurezza informatica", "cybersecurity"],
      ["fysiotherapeut in de buurt", "physiotherapy"],
    ];
    for (const [q, subcategory] of cases)
      expect((await parse(q)).interpretation.recognized.subcategories).toContain(subcategory);
    expect((await parse("commercialista")).groups[0].alternatives.map((a) => a.lexemes[0])).toContain("cat:accounting");
    // The whole phrase is a term of its own now; around a profession the stop words still drop.
    expect((await parse("cerco un consulente per la sicurezza informatica")).interpretation.ignored).toEqual([
      "cerco",
      "un",
    ]);
    expect((await parse("consulente per la sicurezza dei dati")).interpretation.ignored).toEqual(["per", "la", "dei"]);
    expect((await parse("necesito un abogado")).interpretation.ignored).toEqual(["necesito", "un"]);
  });

  it("understands Turkish, Polish and Russian queries, inflected, typed without their letters, and drops their stop words", async () => {
    const shipped = new Vocabulary(
      builtinEntries(),
      new Map([
        ["family-law", "legal"],
        ["employment-law", "legal"],
        ["mental-health", "healthcare"],
        ["cybersecurity", "technology"],
      ]),
      new Set(["legal", "healthcare", "tax-advisory", "accounting", "intellectual-property", "technology"]),
    );
    const read = (q: string) => parseQuery(q, shipped, noLexicon);
    const recognized = async (q: string) => (await read(q)).interpretation.recognized;
    expect(await recognized("Berlin'de vergi danışmanı arıyorum")).toMatchObject({
      categories: ["tax-advisory"],
      cities: ["Berlin, DE"],
    });
    // The same, typed on a keyboard without ı and ş.
    expect((await recognized("Berlin'de vergi danismani ariyorum")).categories).toEqual(["tax-advisory"]);
    expect((await read("Berlin'de vergi danismani ariyorum")).interpretation.ignored).toEqual(["ariyorum"]);
    expect((await recognized("İstanbul'da boşanma avukatı")).subcategories).toContain("family-law");
    expect((await recognized("szukam prawnika od rozwodów w Warszawie")).subcategories).toContain("family-law");
    expect((await recognized("szukam prawnika od rozwodów w Warszawie")).cities).toEqual(["Warsaw, PL"]);
    expect((await read("szukam prawnika w Berlinie")).interpretation).toMatchObject({
      ignored: ["szukam", "w"],
      recognized: { categories: ["legal"], cities: ["Berlin, DE"] },
    });
    expect((await recognized("wlasnosc intelektualna")).categories).toEqual(["intellectual-property"]);
    // "z Polski" is from Poland (the genitive), not the Polish a tutor would teach, which nobody here does.
    const fromPoland = await read("jestem programistą z Polski i szukam korepetytora angielskiego");
    expect(fromPoland.interpretation.recognized.countries).toEqual(["PL"]);
    expect(fromPoland.groups.some((g) => g.unlisted)).toBe(false);
    expect((await recognized("психолог говорящий по-русски")).subcategories).toContain("mental-health");
    expect((await recognized("психолог говорящий по-русски")).languages).toEqual(["ru"]);
    expect((await read("нужен налоговый консультант в Берлине")).interpretation).toMatchObject({
      ignored: ["нужен", "в"],
      recognized: { categories: ["tax-advisory"], cities: ["Berlin, DE"] },
    });
    // ё as most Russian text writes it, with е.
    expect((await recognized("бухгалтерский учет")).categories).toEqual(["accounting"]);
    // Everyday needs that name no profession reach the one that serves them (served-by.ts).
    expect((await recognized("şirketimiz hacklendi")).subcategories).toContain("cybersecurity");
    expect((await recognized("zwolnili mnie bez powodu")).subcategories).toContain("employment-law");
    expect((await recognized("не могу уснуть, постоянная тревога")).subcategories).toContain("mental-health");
  });

  it("keeps the professions an everyday synonym stands for, however many words in every language it has", async () => {
    const shipped = new Vocabulary(
      builtinEntries(),
      new Map([
        ["family-law", "legal"],
        ["personal-tax", "tax-advisory"],
      ]),
    );
    const terms = shipped.terms({ kind: "synonym", key: "inheritance" });
    expect(terms.length).toBeGreaterThan(MAX_ALTERNATIVES);
    const [group] = boundQuery(await parseQuery("inheritance", shipped, noLexicon), null).groups;
    const lexemes = group.alternatives.map((a) => a.lexemes.join(" "));
    expect(lexemes).toEqual(expect.arrayContaining(["inheritance", "sub:family-law", "sub:personal-tax"]));
    // Served by professions, the need is searched as them and the word written, not as its words
    // in every language (interpreter.ts addConceptGroup): far below the bound, nothing cut.
    expect(group.alternatives.length).toBeLessThan(MAX_ALTERNATIVES / 4);
    expect(lexemes).not.toContain("наследство");
  });

  it("never corrects a word into a place, and corrects a short surname only in a name", async () => {
    const lexicon = lexiconWithTypos({ lyonz: "lyon", khim: "kim" });
    expect((await parseQuery("lyonz", vocabulary, lexicon)).interpretation.corrections).toEqual([]);
    expect((await parseQuery("khim", vocabulary, lexicon)).interpretation.corrections).toEqual([
      { from: "khim", to: "kim" },
    ]);
    expect((await parseQuery("khim accountant", vocabulary, lexicon)).interpretation.corrections).toEqual([]);
  });

  it("corrects a short word of a sentence only into a word of the vocabulary, a name's word only in a name", async () => {
    const lexicon = lexiconWithTypos({ parkr: "parker", lawer: "lawyer" });
    const corrections = async (q: string) => (await parseQuery(q, vocabulary, lexicon)).interpretation.corrections;
    expect(await corrections("parkr nutritionist")).toEqual([]);
    expect(await corrections("thomas parkr")).toEqual([{ from: "parkr", to: "parker" }]);
    expect(await corrections("immigration lawer")).toEqual([{ from: "lawer", to: "lawyer" }]);
  });
});

describe("a concept's terms as searched", () => {
  it("leaves out the terms only a query-side language writes: no document is written in it", async () => {
    const vocabulary = await shippedVocabulary();
    const lawyer = await parseQuery("advogado", vocabulary, noLexicon);
    // The Portuguese word is read (the legal category) and searched as written…
    expect(lawyer.interpretation.recognized.categories).toContain("legal");
    const searched = lawyer.groups.flatMap((g) => g.alternatives.map((a) => a.lexemes.join(" ")));
    expect(searched).toContain("advogado");
    // …but the profession's names in the title bonus are those of the profile locales: the Spanish
    // "abogado" is one, the Portuguese "advogados" and Dutch "advocaat" are not.
    const titles = (lawyer.groups[0].titleTerms ?? []).map((a) => a.lexemes.join(" "));
    expect(titles).toContain("abogado");
    expect(titles).not.toContain("advogados");
    expect(titles).not.toContain("advocaat");
    expect(vocabulary.isQueryOnly("advocaat")).toBe(true);
    // A query-side file of a profile locale (query-es) is no query-only language.
    expect(vocabulary.isQueryOnly("asesor legal")).toBe(false);
  });
});
