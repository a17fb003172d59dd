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
