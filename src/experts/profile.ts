import type { components } from "../../generated/agents.ts";
import type { Sql } from "../db/connect.ts";
import { JsonText } from "../http/cached-json.ts";
import { displayLocation } from "./location.ts";
import { weeklySlotsColumn } from "./schedule.ts";
import { expertFieldsJson, translatedTexts } from "./shape.ts";
import { expertNotFound } from "./slug.ts";
import type { Locale } from "./summary.ts";
import type { ExpertUrls } from "./urls.ts";

export type ExpertProfile = components["schemas"]["ExpertProfile"];
type ProfileLocation = components["schemas"]["ProfileLocation"];

/**
 * What the profile statement returns: the profile's JSON as PostgreSQL writes it, in two parts
 * around `location`, and the stored parts of the location. The location is the one part made
 * here: its `display` names the country in the reader's locale (Intl), which SQL cannot.
 */
interface ProfileRow {
  head: string;
  tail: string;
  city: string | null;
  state_code: string | null;
  country_code: string | null;
  timezone: string | null;
  lat: number | null;
  lng: number | null;
}

/**
 * The full public profile of one public, verified expert as JSON text, in one statement; 404
 * otherwise. The answer is built by PostgreSQL (json_build_object) and sent as it comes: the
 * profile is ~30 columns with arrays and nested objects, and reading them into JavaScript values
 * to serialize them again was most of the profile's own CPU on the server (BENCHMARKS.md,
 * "JavaScript per request"). The expert's fields are the summary's, from the same table
 * (shape.ts), followed by the profile's own; the three URLs come in as parameters from `urls`,
 * so they are made exactly as everywhere else.
 */
export async function expertProfileJson(sql: Sql, slug: string, locale: Locale, urls: ExpertUrls): Promise<JsonText> {
  const [row] = await sql<ProfileRow[]>`
    select
      json_build_object(${expertFieldsJson(sql, "before location", urls, slug)})::text as head,
      json_build_object(
        ${expertFieldsJson(sql, "after location", urls, slug)},
        'bio', coalesce(tl.bio, te.bio),
        'cover_image_url', e.cover_image_url,
        'subcategory_slugs', array(select s.subcategory_slug from expert_subcategories s
                                   where s.expert_id = e.id order by s.position),
        'credentials', json_build_object(
          'is_verified', e.is_verified, 'is_featured', e.is_featured, 'years_experience', e.years_experience),
        'ratings', json_build_object('average', e.rating::float8, 'review_count', e.review_count),
        'availability', json_build_object(
          'status', e.availability_status,
          'accepting_clients', e.accepting_clients,
          'response_time_pledge', e.response_time_pledge,
          'schedule', ${weeklySlotsColumn(sql, true)}),
        'pricing', json_build_object('starting_price_usd', e.starting_price_usd::float8),
        'services', coalesce((select json_agg(json_build_object(
                      'id', sv.id, 'title', sv.title, 'description', sv.description,
                      'price_usd', sv.price_usd::float8, 'price_type', sv.price_type,
                      'duration_minutes', sv.duration_minutes) order by sv.position)
                    from services sv where sv.expert_id = e.id), '[]'),
        'contact_methods', e.contact_methods,
        'ai_chat_available', e.ai_chat_available
      )::text as tail,
      e.city, e.state_code, e.country_code, e.timezone, e.lat, e.lng
    from experts e
    ${translatedTexts(sql, locale)}
    where e.slug = ${slug} and e.is_public and e.is_verified`;
  if (!row) throw expertNotFound(slug);
  const location: ProfileLocation = {
    city: row.city,
    state_code: row.state_code,
    country_code: row.country_code,
    display: displayLocation(row.city, row.state_code, row.country_code, locale),
    timezone: row.timezone,
    coordinates: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
  };
  // head and tail are JSON objects: `{…}` and `{…}` joined into one around the location.
  return new JsonText(`${row.head.slice(0, -1)}, "location" : ${JSON.stringify(location)}, ${row.tail.slice(1)}`);
}

/** The profile as a value, for the pages and the MCP tool: the same statement, parsed. */
export async function getExpertProfile(
  sql: Sql,
  slug: string,
  locale: Locale,
  urls: ExpertUrls,
): Promise<ExpertProfile> {
  return JSON.parse((await expertProfileJson(sql, slug, locale, urls)).text) as ExpertProfile;
}
