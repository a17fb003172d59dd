// The 18 query kinds of issue 10 that bench/search-scale.ts times (and bench/search-fuzz.ts --kinds).
import type { SearchQuery } from "../src/search/search.ts";

export const SHAPES: [string, SearchQuery][] = [
  ["one word", { q: "lawyer" }],
  ["several words", { q: "family lawyer berlin" }],
  ["typo", { q: "acounting" }],
  ["synonym / abbreviation", { q: "CPA" }],
  ["sentence", { q: "I need a payroll specialist who speaks Japanese" }],
  ["sentence with a place", { q: "somebody who can help me buy a flat in Lisbon" }],
  ["Korean 2 characters", { q: "세무" }],
  ["Chinese 2 characters", { q: "律师" }],
  ["Japanese with particle", { q: "東京の弁護士" }],
  ["German + city", { q: "Steuerberater München" }],
  ["name", { q: "emily wright" }],
  ["name reversed, accents", { q: "GONZÁLEZ MARÍA" }],
  ["city in another language", { q: "뮌헨" }],
  ["substring 'an'", { q: "an" }],
  ["q + filters", { q: "tax", country: "DE", language: "en" }],
  ["filters only", { category: "legal", country: "US" }],
  ["no filter", {}],
  ["deep page of a broad q", { q: "consultant", page: 50 }],
];
