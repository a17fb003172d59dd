import type { components } from "../../generated/agents.ts";
import type { Sql } from "../db/connect.ts";
import { type ScheduleEntry, weeklySlotsColumn } from "./schedule.ts";
import { expertNotFound } from "./slug.ts";
import { type Locale, type SummaryRow, summaryColumns, toExpertSummary, translatedTexts } from "./summary.ts";
import type { ExpertUrls } from "./urls.ts";

export type ExpertProfile = components["schemas"]["ExpertProfile"];
type Schemas = components["schemas"];

/**
 * What the profile query selects: the summary's row, the profile's fields stored as they are
 * returned, and the stored parts of those it assembles (location, credentials, availability).
 */
type ProfileRow = SummaryRow &
  Pick<ExpertProfile, "bio" | "cover_image_url" | "subcategory_slugs" | "services" | "contact_methods" | "ai_chat_available"> &
  Pick<Schemas["ProfileLocation"], "timezone"> &
  Pick<Schemas["Credentials"], "is_featured"> &
  Pick<Schemas["ProfileAvailability"], "response_time_pledge"> & { lat: number | null; lng: number | null; schedule: ScheduleEntry[] };

/** The profile is the summary (toExpertSummary) with its location extended and its own fields. */
function toExpertProfile(row: ProfileRow, locale: Locale, urls: ExpertUrls): ExpertProfile {
  const summary = toExpertSummary(row, locale, urls);
  return {
    ...summary,
    location: {
      ...summary.location,
      timezone: row.timezone,
      coordinates: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    },
    bio: row.bio,
    cover_image_url: row.cover_image_url,
    subcategory_slugs: row.subcategory_slugs,
    credentials: { is_verified: row.is_verified, is_featured: row.is_featured, years_experience: row.years_experience },
    ratings: { average: row.rating, review_count: row.review_count },
    availability: {
      status: row.availability_status,
      accepting_clients: row.accepting_clients,
      response_time_pledge: row.response_time_pledge,
      schedule: row.schedule,
    },
    pricing: { starting_price_usd: row.starting_price_usd },
    services: row.services,
    contact_methods: row.contact_methods,
    ai_chat_available: row.ai_chat_available,
  };
}

/** The full public profile of one public, verified expert, in one statement; 404 otherwise. */
export async function getExpertProfile(sql: Sql, slug: string, locale: Locale, urls: ExpertUrls): Promise<ExpertProfile> {
  const [row] = await sql<ProfileRow[]>`
    select ${summaryColumns(sql)},
      e.cover_image_url, e.timezone, e.lat, e.lng, e.is_featured, e.response_time_pledge,
      e.contact_methods, e.ai_chat_available,
      coalesce(tl.bio, te.bio) as bio,
      array(select s.subcategory_slug from expert_subcategories s
            where s.expert_id = e.id order by s.position) as subcategory_slugs,
      coalesce((select json_agg(json_build_object(
                  'id', sv.id, 'title', sv.title, 'description', sv.description,
                  'price_usd', sv.price_usd::float8, 'price_type', sv.price_type,
                  'duration_minutes', sv.duration_minutes) order by sv.position)
                from services sv where sv.expert_id = e.id), '[]') as services,
      ${weeklySlotsColumn(sql, true)} as schedule
    from experts e
    ${translatedTexts(sql, locale)}
    where e.slug = ${slug} and e.is_public and e.is_verified`;
  if (!row) throw expertNotFound(slug);
  return toExpertProfile(row, locale, urls);
}
