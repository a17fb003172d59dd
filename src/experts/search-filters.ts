import type { Sql } from "../db/connect.ts";
import { normalizeText } from "../search/normalize.ts";
import type { ParsedQuery } from "../search/query.ts";
import { anyGroupQuery, lexemeQuery } from "../search/rank.ts";
import { categoryToken, countryToken, languageToken } from "../search/tokens.ts";
import type { SearchQuery } from "./search-query.ts";

/**
 * The whole of `q` as a literal substring of the normalised name, titles and taglines (LIKE's
 * wildcards escaped): the contract's partial match, and a bonus when a phrase appears verbatim.
 * Below three characters it would scan everything for little meaning, so it is left out.
 */
export function likePattern(q: string): string | null {
  const text = normalizeText(q).trim();
  if (text.length < 3) return null;
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** BCP 47 matches by primary subtag: `en` and `en-GB` both find an expert who speaks `en-US`. */
export function primarySubtag(tag: string): string {
  return tag.split("-")[0].toLowerCase();
}

/**
 * The filters that decide which experts match (not the page, order or locale), in the form the
 * SQL compares them. Both the WHERE clause and the count cache's key come from this one place,
 * so two spellings of one search (`country=ca`, `country=CA`) share a cached total.
 */
export function matchFilters(query: SearchQuery, parsed: ParsedQuery | null) {
  return {
    text: parsed ? anyGroupQuery(parsed.groups) : null,
    pattern: query.q ? likePattern(query.q) : null,
    category: query.category ?? null,
    country: query.country?.toUpperCase() ?? null,
    city: query.city?.toLowerCase() ?? null,
    language: query.language ? primarySubtag(query.language) : null,
    accepting: query.accepting === true,
  };
}

/**
 * Where `q` may match. `words`: the main document (name, titles, taglines, categories, place,
 * languages) has one of its words; `rest`: not that, but a bio has one, or the name, a title or a
 * tagline holds `q` as a literal substring (a fragment of a word, "ortgage brok"); `any`: either;
 * `none`: no condition on `q` (the caller adds its own). A relevance search lists the `words`
 * matches first and the `rest` after them (searchPage), so the slower bio and substring indexes
 * are read only when the first ends within the page.
 */
export type MatchFilters = ReturnType<typeof matchFilters>;

export type TextTier = "words" | "rest" | "any" | "none";

/** `words` is `text` with the filter tokens (the main document has them; a bio does not). */
function textMatch(sql: Sql, tier: TextTier, text: string | null, words: string | null, pattern: string | null) {
  const inWords = words ? sql`e.search_doc @@ ${words}::tsquery` : sql`false`;
  const inRest = sql`(${text ? sql`e.search_bio @@ ${text}::tsquery` : sql`false`} or ${pattern ? sql`e.search_text like ${pattern}` : sql`false`})`;
  if (tier === "words") return inWords;
  if (tier === "rest") return sql`(${inRest} and not ${inWords})`;
  return sql`(${inWords} or ${inRest})`;
}

/**
 * The filters as tokens of the search document (`cat:legal & cc:us & lang:en`), so that one GIN
 * probe intersects them with each other and with q's words; a join to expert_categories and a
 * filter on country made "legal in the US" visit 85,000 rows at 1M experts (280 ms). Category
 * reads only the token (every category of an expert is one, rewritten with the expert); country
 * and language are also checked on their columns, so a document edited by hand and not yet
 * rebuilt can hide an expert but never show a wrong one.
 */
function filterTokens(category: string | null, country: string | null, language: string | null): string | null {
  const tokens = [category && categoryToken(category), country && countryToken(country), language && languageToken(language)];
  const present = tokens.filter((t): t is string => Boolean(t));
  return present.length ? present.map(lexemeQuery).join(" & ") : null;
}

export function filters(sql: Sql, query: SearchQuery, parsed: ParsedQuery | null, tier: TextTier = "any") {
  const { text, pattern, category, country, city, language, accepting } = matchFilters(query, parsed);
  const tokens = filterTokens(category, country, language);
  const searched = !query.q || tier === "none" ? null : text || pattern ? tier : "nothing";
  // The words tier carries the tokens in its own query; every other case checks them apart.
  const words = text && tokens ? `(${text}) & ${tokens}` : text;
  return sql`
    e.is_public and e.is_verified
    ${searched === "nothing" ? sql`and false` : searched ? sql`and ${textMatch(sql, searched, text, words, pattern)}` : sql``}
    ${tokens && searched !== "words" ? sql`and e.search_doc @@ ${tokens}::tsquery` : sql``}
    ${country ? sql`and e.country_code = ${country}` : sql``}
    ${city ? sql`and lower(e.city) = ${city}` : sql``}
    ${language ? sql`and e.language_subtags @> array[${language}]::text[]` : sql``}
    ${accepting ? sql`and e.accepting_clients` : sql``}`;
}
