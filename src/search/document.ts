import { indexSpellings, normalizeText } from "./normalize.ts";
import { textPairs } from "./pairs.ts";
import { bigrams, joinedCodes, tokenize } from "./tokenize.ts";
import {
  categoryToken,
  cityNameToken,
  cityToken,
  countryToken,
  languageToken,
  regionToken,
  subcategoryToken,
} from "./tokens.ts";

/**
 * Bumped whenever what a document holds changes (fields, weights, tokenisation): the server
 * rebuilds every document of an older version at start (reindex.ts). 9: Arabic text is folded
 * (normalize.ts foldArabic), as queries now are. 10: the word pairs of titles, tags and services
 * (pairs.ts). 11: services' descriptions, beside the bios. 12: the word pairs of taglines; 13: not
 * again (their cost; what 11 held). 14: a hyphenated code also joined ("h-1b" and "h1b": tokenize.ts joinedCodes).
 * 15: a script's vowel signs and other marks stay in the word (tokenize.ts ALPHABETIC_WORD: "मुंबई", not "म" "बई"),
 * and an Arabic accusative's written tanween drops with its alef (normalize.ts foldArabic: "محامياً" → محامي).
 * 16: a middle dot between katakana words joins them (normalize.ts KATAKANA_DOT: "ゲーテ・インスティトゥート").
 */
export const SEARCH_DOC_VERSION = 16;

/**
 * Field weights, PostgreSQL's four: A name, primary category and first subcategory, B titles,
 * tags and other subcategories, C other categories, taglines, services, place (country, region, city, the city's name alone) and languages, D bios.
 */
export type Weight = "A" | "B" | "C" | "D";

/** Everything of one expert that search reads, as loaded by reindex.ts. */
export interface DocumentSource {
  name: string;
  city: string | null;
  /** State, province or territory (ISO 3166-2 subdivision code without the country: "TX", "ON"). */
  state_code: string | null;
  country_code: string | null;
  language_subtags: string[];
  tags: string[];
  categories: string[];
  subcategories: string[];
  titles: string[];
  taglines: string[];
  bios: string[];
  services: string[];
  /** What each service is, in the seller's words: read as a bio is (weight D). */
  descriptions: string[];
}

const MAX_POSITION = 16_000; // PostgreSQL keeps positions up to 16383

const LATIN_WORD = /^\p{Script=Latin}+$/u;
const ASCII_WORD = /^[a-z]+$/;

/**
 * Collects lexemes with the weights they occur at; each weight once per lexeme. The weights of a
 * lexeme are kept as a string in the order first seen ("CA"), which the positions follow. Cheap
 * on purpose: the import builds ~600 lexemes an expert (BENCHMARKS.md, Import).
 */
class DocumentBuilder {
  private readonly weights = new Map<string, string>();
  readonly words = new Set<string>();

  add(lexeme: string, weight: Weight) {
    if (!lexeme || lexeme.length > 200) return;
    const seen = this.weights.get(lexeme);
    if (seen === undefined) this.weights.set(lexeme, weight);
    else if (!seen.includes(weight)) this.weights.set(lexeme, seen + weight);
  }

  /**
   * The words of a text, in every indexed spelling; CJK runs as character pairs; with `pairs`, its
   * neighbouring words as pair lexemes too (pairs.ts), from the same tokens.
   */
  addText(text: string | null | undefined, weight: Weight, options: { cjkUnigrams?: boolean; pairs?: boolean } = {}) {
    if (!text) return;
    for (const spelling of indexSpellings(text)) {
      const normalized = normalizeText(spelling);
      const tokens = tokenize(normalized);
      for (const code of joinedCodes(normalized)) this.add(code, weight);
      if (options.pairs) for (const pair of textPairs(tokens)) this.add(pair, weight);
      for (const token of tokens) {
        if (!token.cjk) {
          this.add(token.text, weight);
          if (token.text.length >= 3 && (ASCII_WORD.test(token.text) || LATIN_WORD.test(token.text)))
            this.words.add(token.text);
          continue;
        }
        for (const pair of bigrams(token.text)) this.add(pair, weight);
        // A name's first character is often a whole surname (김, 王), searched on its own.
        if (options.cjkUnigrams) for (const char of Array.from(token.text)) this.add(char, weight);
      }
    }
  }

  /** PostgreSQL's tsvector input syntax: `'lexeme':1A,2C …`. */
  toTsvector(): string {
    let position = 0;
    let out = "";
    for (const [lexeme, weights] of this.weights) {
      const quoted =
        lexeme.includes("\\") || lexeme.includes("'") ? lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''") : lexeme;
      out += `${out ? " " : ""}'${quoted}':`;
      for (let i = 0; i < weights.length; i++) {
        const w = weights[i];
        out += `${i ? "," : ""}${Math.min(++position, MAX_POSITION)}${w === "D" ? "" : w}`;
      }
    }
    return out;
  }
}

/**
 * The searchable documents of an expert as tsvector text: `tsvector` holds the name, titles,
 * taglines, categories, place and languages (weights A–C, ~1.5 KB, kept in the row), `bio` the
 * bios of every locale (weight D, three quarters of the words, stored apart), so that finding and
 * ranking candidates rarely has to read a bio. Also its words, for the typo lexicon.
 */
export function buildDocument(source: DocumentSource): { tsvector: string; bio: string; words: string[] } {
  const doc = new DocumentBuilder();
  const bio = new DocumentBuilder();
  doc.addText(source.name, "A", { cjkUnigrams: true });
  // Titles', tags' and services' words side by side too, for a query's neighbouring words (pairs.ts).
  // Not a tagline's: version 12 had them (tuning 2 queries up, none down, held-out unchanged), and
  // documents grew 1,879 -> 2,421 bytes, a search's PostgreSQL CPU +13% with the concepts' pairs
  // (BENCHMARKS.md); nor a bio's.
  for (const title of source.titles) doc.addText(title, "B", { pairs: true });
  for (const tag of source.tags) doc.addText(tag, "B", { pairs: true });
  // The first category is what the expert is; the others are what they also do.
  for (const [i, slug] of source.categories.entries()) doc.add(categoryToken(slug), i === 0 ? "A" : "C");
  // Likewise the first subcategory is the specialty: among everyone listed for public speaking,
  // the public-speaking coach before the HR director who also gives talks.
  for (const [i, slug] of source.subcategories.entries()) doc.add(subcategoryToken(slug), i === 0 ? "A" : "B");
  for (const tagline of source.taglines) doc.addText(tagline, "C");
  for (const service of source.services) doc.addText(service, "C", { pairs: true });
  for (const code of source.language_subtags) doc.add(languageToken(code), "C");
  if (source.country_code) doc.add(countryToken(source.country_code), "C");
  if (source.country_code && source.state_code) doc.add(regionToken(source.country_code, source.state_code), "C");
  if (source.city) {
    doc.addText(source.city, "C");
    for (const spelling of indexSpellings(source.city)) {
      doc.add(cityNameToken(spelling), "C");
      if (source.country_code) doc.add(cityToken(source.country_code, spelling), "C");
    }
  }
  for (const text of source.bios) bio.addText(text, "D");
  for (const text of source.descriptions) bio.addText(text, "D");
  return { tsvector: doc.toTsvector(), bio: bio.toTsvector(), words: [...new Set([...doc.words, ...bio.words])] };
}
