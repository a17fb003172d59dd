import { describe, expect, it } from "bun:test";
import { parseQuery } from "../src/search/query.ts";
import { noLexicon, shippedVocabulary } from "./support/vocabulary.ts";

// Cities the vocabulary lacked were read as plain words, so a need bound to a country ("a
// property lawyer in Marbella", "Steuerberater in Bremen") could not tell where it was bound.
// A city whose name is a common word in some query language is left out (or named only when
// capitalised), so an everyday sentence names no place.

const vocabulary = await shippedVocabulary();
const cities = async (q: string) => (await parseQuery(q, vocabulary, noLexicon)).interpretation.recognized.cities;

describe("more cities", () => {
  it.each([
    ["abogado en Marbella", "Marbella, ES"],
    ["Steuerberater in Bremen", "Bremen, DE"],
    ["avvocato a Bologna", "Bologna, IT"],
    ["tax advisor in Groningen", "Groningen, NL"],
    ["Immobilienmakler in Nürnberg", "Nuremberg, DE"],
    ["avocat à Montpellier", "Montpellier, FR"],
    ["real estate agent in Phuket", "Phuket, TH"],
    ["adwokat we Wrocławiu", "Wrocław, PL"],
    ["налоговый консультант в Екатеринбурге", "Yekaterinburg, RU"],
    ["広島の税理士", "Hiroshima, JP"],
    ["immigration lawyer in Palma", "Palma, ES"],
  ])("reads %p as naming %p", async (q, city) => {
    expect(await cities(q)).toEqual([city]);
  });

  it.each([
    "a nice lawyer",
    "split the bill",
    "reading contracts for my business",
    "meine Kinder leiden unter Prüfungsangst",
    "ワークライフバランスのコーチ",
    "ズボンの修理",
    "una palma de la mano me duele",
    "genes and nutrition coach",
  ])("names no city in %p", async (q) => {
    expect(await cities(q)).toEqual([]);
  });
});
