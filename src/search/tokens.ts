import { termKey } from "./vocabulary.ts";

// Concept tokens: what an expert's structured data says (categories, languages, place), indexed
// beside the words. Their ':' never occurs in a word token, so the two cannot collide. A query
// word the vocabulary recognises ("avocat", "쾰른", "japanese speaking") searches these.

export const categoryToken = (slug: string) => `cat:${slug}`;
export const subcategoryToken = (slug: string) => `sub:${slug}`;
export const languageToken = (code: string) => `lang:${code.toLowerCase()}`;
export const countryToken = (code: string) => `cc:${code.toLowerCase()}`;
/** A state, province or territory within its country (the expert's state_code): `region:us:tx`. */
export const regionToken = (countryCode: string, code: string) =>
  `region:${countryCode.toLowerCase()}:${code.toLowerCase()}`;
/**
 * A city by its name alone, in whatever country (`cityname:berlin`): what the `city` filter names
 * (statement.ts filterTokens), so the index intersects it with the words and the other filters.
 */
export const cityNameToken = (name: string) => `cityname:${termKey(name)}`;
/** A city within its country, by any normalised name: `city:de:koln`, `city:us:new york`. */
export const cityToken = (countryCode: string, name: string) => `city:${countryCode.toLowerCase()}:${termKey(name)}`;

/** The country (lower case) a place's token stands in ("cc:it", "city:kr:seoul", "region:us:tx"), or null for another token. */
export function tokenCountry(lexeme: string): string | null {
  return /^(city|cc|region):/.test(lexeme) ? lexeme.split(":")[1] : null;
}

/** BCP 47 matches by primary subtag: `en` and `en-GB` both find an expert who speaks `en-US`. */
export function primarySubtag(tag: string): string {
  return tag.split("-")[0].toLowerCase();
}
