import { describe, expect, it } from "bun:test";
import { normalizeText } from "../src/search/normalize.ts";
import { readPriceWords } from "../src/search/price.ts";

// Price words of `q` (price.ts), read as the search reads them: on normalised text.
const read = (q: string) => readPriceWords(normalizeText(q));

describe("price words are whole words", () => {
  it("a cheap or free word inside a longer word is part of that word, not a price", () => {
    for (const q of [
      "cheapskate",
      "uneconomical spending advice",
      "asesor socioeconomico",
      "analyse macroéconomique",
      "freedom of speech lawyer",
      "gratisfaction",
      "economist",
    ]) {
      expect({ q, ...read(q) }).toEqual({ q, price: null, rest: normalizeText(q) });
    }
  });

  it("an inflected form is read whole: no stray ending is left behind as a word", () => {
    // "billiger" (a cheap …, masculine) is a cheap word of its own; before, "billige" + "r" was read.
    const r = read("billiger Anwalt");
    expect(r.price?.meaning).toBe("cheap");
    expect(r.price?.words).toEqual(["billiger"]);
    expect(r.rest).toBe("anwalt");
  });

  it("CJK and Korean price words need no spaces around them", () => {
    expect(read("安い弁護士").price).toMatchObject({ meaning: "cheap", words: ["安い"] });
    expect(read("便宜的律师").price).toMatchObject({ meaning: "cheap", words: ["便宜"] });
    expect(read("저렴한 변호사").price).toMatchObject({ meaning: "cheap", words: ["저렴한"] });
    expect(read("30달러 이하 변호사").price).toMatchObject({ meaning: "at_most", max: 30 });
    expect(read("弁護士 100ドル以下")).toMatchObject({ price: { meaning: "at_most", max: 100 }, rest: "弁護士" });
    expect(read("初回無料相談")).toMatchObject({ price: { meaning: "free", max: 0 } });
    expect(read("무료 상담").price).toMatchObject({ meaning: "free", max: 0 });
  });

  it("accented words are read as normalizeText writes them", () => {
    expect(read("günstiger Steuerberater")).toMatchObject({ price: { meaning: "cheap" }, rest: "steuerberater" });
    expect(read("avocat pas chère")).toMatchObject({ price: { meaning: "cheap" }, rest: "avocat" });
    expect(read("abogado menos de 300 dólares")).toMatchObject({
      price: { meaning: "at_most", max: 300 },
      rest: "abogado",
    });
  });
});

type Case = [q: string, meaning: string, min: number | null, max: number | null, rest: string];

describe("a negated lower bound is an upper one", () => {
  it("'can't spend more than $100', in the languages of the bounds", () => {
    const cases: [string, string][] = [
      ["employment lawyer for a first consultation but I can't spend more than $100", "employment lawyer"],
      ["employment lawyer, I don't want to pay more than 100 dollars", "employment lawyer"],
      ["employment lawyer, I won’t pay more than $100", "employment lawyer"],
      ["abogado laboral, no puedo gastar más de 100 dólares", "abogado laboral"],
      ["avocat, je ne veux pas payer plus de 100 $", "avocat"],
      ["Anwalt, ich kann nicht mehr als 100 $ ausgeben", "anwalt"],
      ["avvocato, non posso spendere più di 100 dollari", "avvocato"],
      ["advogado, não posso gastar mais de 100 dólares", "advogado"],
      // "Nothing over" is no lower bound either (a blind batch's "cheap Spanish lessons, nothing
      // over $20 to start" read a minimum of $20 and left out the $10 and $15 tutors).
      ["employment lawyer, nothing over $100", "employment lawyer"],
      ["Anwalt, nichts über 100 $", "anwalt"],
    ];
    for (const [q, start] of cases) {
      const { price, rest } = read(q);
      expect({ q, price }).toMatchObject({ q, price: { meaning: "at_most", min: null, max: 100 } });
      expect(rest.startsWith(start)).toBe(true);
    }
  });

  it("a lower bound with no negation before it, or one further away, stays a lower bound", () => {
    for (const q of [
      "lawyer for more than $100",
      "not a junior: a senior lawyer with long experience, more than $100",
      "юрист не менее 50 долларов",
    ]) {
      expect({ q, meaning: read(q).price?.meaning }).toEqual({ q, meaning: "at_least" });
    }
  });
});

describe("price words in Turkish, Polish and Russian", () => {
  it("bounds with a dollar amount, before it (pl, ru) or after it with its case ending (tr)", () => {
    const cases: Case[] = [
      ["avukat 100 dolardan az", "at_most", null, 100, "avukat"],
      ["avukat 100 dolardan daha az", "at_most", null, 100, "avukat"],
      ["avukat 100 doların altında", "at_most", null, 100, "avukat"],
      ["avukat 100 dolarin altinda", "at_most", null, 100, "avukat"],
      ["100 dolara kadar avukat", "at_most", null, 100, "avukat"],
      ["avukat 100$'dan az", "at_most", null, 100, "avukat"],
      ["avukat 100 USD'nin altında", "at_most", null, 100, "avukat"],
      ["avukat en fazla 100 dolar", "at_most", null, 100, "avukat"],
      ["avukat 50 dolar ve üzeri", "at_least", 50, null, "avukat"],
      ["avukat 50 dolardan fazla", "at_least", 50, null, "avukat"],
      ["avukat en az 50 dolar", "at_least", 50, null, "avukat"],
      ["avukat 50 ile 100 dolar arası", "between", 50, 100, "avukat"],
      ["prawnik do 100 dolarów", "at_most", null, 100, "prawnik"],
      ["prawnik poniżej 100 USD", "at_most", null, 100, "prawnik"],
      ["prawnik ponizej 100 dolarow", "at_most", null, 100, "prawnik"],
      ["prawnik mniej niż 100 $", "at_most", null, 100, "prawnik"],
      ["prawnik powyżej 50 USD", "at_least", 50, null, "prawnik"],
      ["prawnik od 50 dolarów", "at_least", 50, null, "prawnik"],
      ["prawnik od 50 do 100 USD", "between", 50, 100, "prawnik"],
      ["юрист до 100 долларов", "at_most", null, 100, "юрист"],
      ["юрист меньше 100 долларов", "at_most", null, 100, "юрист"],
      ["юрист не дороже 100 $", "at_most", null, 100, "юрист"],
      ["юрист дешевле 100 долларов", "at_most", null, 100, "юрист"],
      ["юрист от 50 долларов", "at_least", 50, null, "юрист"],
      ["юрист не менее 50 долларов", "at_least", 50, null, "юрист"],
      ["юрист от 50 до 100 долларов", "between", 50, 100, "юрист"],
    ];
    for (const [q, meaning, min, max, rest] of cases) {
      expect({ q, ...read(q) }).toMatchObject({ q, price: { meaning, min, max }, rest });
    }
  });

  it("'budget' beside an amount is the price's word, alone the need a budget is", () => {
    const etf = read("ETF portfolio review, budget under $350");
    expect(etf.price?.max).toBe(350);
    expect(etf.rest).toBe("etf portfolio review,");
    const presupuesto = read("nutricionista, presupuesto de 100 dólares");
    expect(presupuesto.price?.max).toBe(100);
    expect(presupuesto.rest).not.toContain("presupuesto");
    expect(read("help me make a household budget")).toEqual({ price: null, rest: "help me make a household budget" });
  });

  it("a number without dollars stays words: employees, not a price", () => {
    for (const q of ["50 çalışandan az şirket", "firma do 50 pracowników", "компания до 50 сотрудников"]) {
      expect({ q, ...read(q) }).toEqual({ q, price: null, rest: normalizeText(q) });
    }
  });

  it("euros and pounds at the fixed rate; a weight in pounds or a word holding 'euro' stays words", () => {
    const cases: [string, string, number | null, number | null][] = [
      ["tutor under 30 euros", "at_most", null, 32.4],
      ["Steuerberater höchstens 30 Euro pro Stunde", "at_most", null, 32.4],
      ["lawyer under €200", "at_most", null, 216],
      ["50€ tutor", "at_most", null, 54],
      ["tutor below £40", "at_most", null, 50.8],
      ["GBP 100 accountant", "at_most", null, 127],
      ["between 50 and 100 euros", "between", 54, 108],
      ["30ユーロ以下", "at_most", null, 32.4],
      ["юрист от 100 евро", "at_least", 108, null],
    ];
    for (const [q, meaning, min, max] of cases)
      expect({ q, ...read(q) }).toMatchObject({ q, price: { meaning, min, max } });
    for (const q of ["dietitian to lose 10 pounds", "eurovision song coach", "europe tax"]) {
      expect({ q, ...read(q) }).toEqual({ q, price: null, rest: normalizeText(q) });
    }
  });

  it("cheap words, inflected, with and without ı, ł, ё", () => {
    const cases: [string, string][] = [
      ["ucuz avukat", "avukat"],
      ["en ucuz avukat", "avukat"],
      ["uygun fiyatlı avukat", "avukat"],
      ["uygun fiyatli avukat", "avukat"],
      ["hesaplı muhasebeci", "muhasebeci"],
      ["ekonomik avukat", "avukat"],
      ["tani prawnik", "prawnik"],
      ["tania księgowa", "ksiegowa"],
      ["prawnik tanio", "prawnik"],
      ["najtańszy prawnik", "prawnik"],
      ["niedrogi prawnik", "prawnik"],
      ["prawnik przystępny cenowo", "prawnik"],
      ["дешёвый юрист", "юрист"],
      ["дешевый юрист", "юрист"],
      ["юрист дёшево", "юрист"],
      ["юрист дешево", "юрист"],
      ["недорогой юрист", "юрист"],
      ["юрист недорого", "юрист"],
      ["бюджетный юрист", "юрист"],
    ];
    for (const [q, rest] of cases) expect({ q, ...read(q) }).toMatchObject({ q, price: { meaning: "cheap" }, rest });
  });

  it("whole words only: a name or a word holding a cheap word is not a price", () => {
    for (const q of [
      "prawnik w Wielkiej Brytanii", // brytanii holds "tani"
      "rozstanie", // holds "tanie"
      "wezwanie do zaprzestania", // holds "tania"
      "praca w Pakistanie",
      "внебюджетный фонд", // holds "бюджетный"
      "экономист",
      "makroekonomik analiz",
      "ucuzluk",
    ]) {
      expect({ q, ...read(q) }).toEqual({ q, price: null, rest: normalizeText(q) });
    }
  });

  it("the economy, public budgets and unpaid leave are not prices", () => {
    for (const q of [
      "ekonomik suçlar avukatı",
      "бюджетный учёт",
      "бюджетный учет",
      "бюджетные учреждения",
      "ücretsiz izin",
      "urlop bezpłatny",
      "bezpłatny urlop",
    ]) {
      expect({ q, ...read(q) }).toEqual({ q, price: null, rest: normalizeText(q) });
    }
  });

  it("free, with the first consultation beside it", () => {
    const cases: [string, string[]][] = [
      ["ücretsiz ilk görüşme", ["ucretsiz ilk gorusme"]],
      ["ilk görüşme ücretsiz", ["ilk gorusme ucretsiz"]],
      ["bedava danışmanlık", ["bedava danısmanlık"]],
      ["bezpłatna konsultacja", ["bezpłatna konsultacja"]],
      ["bezplatna konsultacja", ["bezplatna konsultacja"]],
      ["pierwsza konsultacja za darmo", ["pierwsza konsultacja za darmo"]],
      ["бесплатная консультация", ["бесплатная консультация"]],
      ["первая консультация бесплатно", ["первая консультация бесплатно"]],
    ];
    for (const [q, words] of cases) {
      expect({ q, ...read(q) }).toMatchObject({ q, price: { meaning: "free", max: 0, words }, rest: "" });
    }
  });
});

describe("price words in Swedish", () => {
  it("bounds in dollars, euros and crowns; a range; cheap; a free first call", () => {
    const cases: Case[] = [
      ["skatterådgivare under 100 dollar", "at_most", null, 100, "skatteradgivare"],
      ["advokat högst 100 euro", "at_most", null, 108, "advokat"],
      ["advokat hogst 100 euro", "at_most", null, 108, "advokat"],
      ["advokat max 1000 kr", "at_most", null, 95, "advokat"],
      ["advokat upp till 2000 kronor", "at_most", null, 190, "advokat"],
      ["advokat mindre än 500 SEK", "at_most", null, 47.5, "advokat"],
      ["revisor minst 50 dollar", "at_least", 50, null, "revisor"],
      ["revisor över 50 dollar", "at_least", 50, null, "revisor"],
      ["revisor mellan 50 och 100 euro", "between", 54, 108, "revisor"],
    ];
    for (const [q, meaning, min, max, rest] of cases) {
      expect({ q, ...read(q) }).toMatchObject({ q, price: { meaning, min, max }, rest });
    }
    for (const q of ["billig advokat", "billigaste advokat", "prisvärd advokat", "advokat billigt"]) {
      expect({ q, ...read(q) }).toMatchObject({ q, price: { meaning: "cheap" }, rest: "advokat" });
    }
    expect(read("advokat gratis första samtal")).toMatchObject({
      price: { meaning: "free", max: 0, words: ["gratis forsta samtal"] },
      rest: "advokat",
    });
    expect(read("kostnadsfri konsultation advokat").price).toMatchObject({ meaning: "free", max: 0 });
    // A number without a currency stays words: "under 50 anställda" are employees.
    expect(read("hr för företag med under 50 anställda").price).toBeNull();
  });
});
