import type { components } from "../../generated/agents.ts";
import type { Sql } from "../db/connect.ts";
import type { Locale } from "../locales.ts";
import { summaryLocation } from "./location.ts";
import type { ExpertUrls } from "./urls.ts";

export type ExpertSummary = components["schemas"]["ExpertSummary"];
export type { Locale };
type ExpertFields = components["schemas"]["ExpertFields"];
type Location = components["schemas"]["Location"];

/**
 * What summaryColumns selects: the contract's fields of an expert as stored and named there, the
 * location's parts (its display is worded per locale), the stored photo (the three URLs are made
 * from the slug) and the id.
 */
export type SummaryRow = Omit<ExpertFields, "avatar_url" | "profile_url" | "booking_url"> &
  Omit<Location, "display"> & { id: string; avatar_url: string | null };

/**
 * The columns of an ExpertSummary for rows of `experts e`, with the texts of `locale` and English
 * where that locale has none. Callers add `translatedTexts` to their FROM clause.
 */
export function summaryColumns(sql: Sql) {
  return sql`
    e.id, e.slug, e.name, e.avatar_url, e.city, e.state_code, e.country_code,
    e.rating::float8 as rating, e.review_count, e.years_experience,
    e.starting_price_usd::float8 as starting_price_usd,
    e.languages as languages_spoken, e.tags, e.is_verified, e.accepting_clients, e.availability_status,
    coalesce(tl.title, te.title) as title,
    coalesce(tl.tagline, te.tagline) as tagline,
    array(select c.category_slug from expert_categories c
          where c.expert_id = e.id order by c.position) as categories`;
}

/** Joins `tl` (the requested locale) and `te` (English, which every expert has) to `experts e`. */
export function translatedTexts(sql: Sql, locale: Locale) {
  return sql`
    left join expert_translations tl on tl.expert_id = e.id and tl.locale = ${locale}
    left join expert_translations te on te.expert_id = e.id and te.locale = 'en'`;
}

export function toExpertSummary(row: SummaryRow, locale: Locale, urls: ExpertUrls): ExpertSummary {
  return {
    slug: row.slug,
    name: row.name,
    title: row.title,
    tagline: row.tagline,
    avatar_url: urls.avatar(row.slug, row.avatar_url),
    profile_url: urls.profile(row.slug),
    booking_url: urls.booking(row.slug),
    categories: row.categories,
    location: summaryLocation(row, locale),
    rating: row.rating,
    review_count: row.review_count,
    years_experience: row.years_experience,
    starting_price_usd: row.starting_price_usd,
    languages_spoken: row.languages_spoken,
    tags: row.tags,
    is_verified: row.is_verified,
    accepting_clients: row.accepting_clients,
    availability_status: row.availability_status,
  };
}
