import type { components } from "../../generated/agents.ts";
import type { Sql } from "../db/connect.ts";
import { normalizeText } from "../search/normalize.ts";
import { refreshSearchDocuments } from "../search/reindex.ts";
import { primarySubtag } from "./search-filters.ts";

export type ExpertImport = components["schemas"]["ExpertImport"];

const LOCALES = ["en", "ko", "ja", "zh", "fr", "de"] as const;

/**
 * Name and every locale's title and tagline, normalised as queries are (src/search/normalize.ts):
 * the text `q` also matches as a literal substring.
 */
export function searchText(record: ExpertImport): string {
  const texts: (string | null | undefined)[] = [record.name];
  for (const locale of LOCALES) {
    const t = record.translations[locale];
    if (t) texts.push(t.title, t.tagline);
  }
  return normalizeText(texts.filter(Boolean).join(" \n "));
}

function startingPrice(record: ExpertImport): number | null {
  const prices = (record.services ?? []).map((s) => s.price_usd).filter((p): p is number => typeof p === "number");
  return prices.length ? Math.min(...prices) : null;
}

function expertRow(r: ExpertImport) {
  const languages = r.languages_spoken ?? [];
  return {
    slug: r.slug,
    name: r.name,
    email: r.email,
    avatar_url: r.avatar_url ?? null,
    cover_image_url: r.cover_image_url ?? null,
    city: r.location?.city ?? null,
    state_code: r.location?.state_code ?? null,
    country_code: r.location?.country_code ?? null,
    timezone: r.location?.timezone ?? null,
    lat: r.location?.coordinates?.lat ?? null,
    lng: r.location?.coordinates?.lng ?? null,
    languages,
    language_subtags: [...new Set(languages.map(primarySubtag))],
    tags: r.tags ?? [],
    years_experience: r.years_experience ?? null,
    rating: r.rating ?? null,
    review_count: r.review_count ?? 0,
    is_public: r.is_public ?? true,
    is_verified: r.is_verified ?? false,
    is_featured: r.is_featured ?? false,
    listed_at: r.listed_at ?? new Date().toISOString(),
    accepting_clients: r.accepting_clients ?? null,
    availability_status: r.availability_status ?? null,
    response_time_pledge: r.response_time_pledge ?? null,
    booking_buffer_minutes: r.booking_buffer_minutes ?? null,
    ai_chat_available: r.ai_chat_available ?? false,
    contact_methods: r.contact_methods ?? {},
    starting_price_usd: startingPrice(r),
    search_text: searchText(r),
  };
}

/**
 * Writes a batch of valid import records, inserting new slugs and replacing everything of the
 * existing ones (texts, services, schedule, categories). Run it inside a transaction so a batch
 * lands whole or not at all. Slugs must be unique within the batch.
 */
export async function upsertExperts(sql: Sql, records: ExpertImport[]): Promise<{ inserted: number; updated: number }> {
  if (records.length === 0) return { inserted: 0, updated: 0 };
  const rows = records.map(expertRow);
  // Column names come from expertRow's keys, never from input, so building this list is safe.
  const replaced = Object.keys(rows[0]).filter((c) => c !== "slug").map((c) => `${c} = excluded.${c}`);
  const written = await sql<{ id: string; slug: string; inserted: boolean }[]>`
    insert into experts ${sql(rows)}
    on conflict (slug) do update set ${sql.unsafe(replaced.join(", "))}, updated_at = now()
    returning id, slug, (xmax = 0) as inserted`;
  const idBySlug = new Map(written.map((w) => [w.slug, w.id]));
  const ids = written.map((w) => w.id);

  await sql`delete from expert_categories where expert_id in ${sql(ids)}`;
  await sql`delete from expert_subcategories where expert_id in ${sql(ids)}`;
  await sql`delete from expert_translations where expert_id in ${sql(ids)}`;
  await sql`delete from services where expert_id in ${sql(ids)}`;
  await sql`delete from schedule_slots where expert_id in ${sql(ids)}`;

  const categories = records.flatMap((r) =>
    r.categories.map((slug, position) => ({ expert_id: idBySlug.get(r.slug)!, category_slug: slug, position })),
  );
  const subcategories = records.flatMap((r) =>
    (r.subcategories ?? []).map((slug, position) => ({ expert_id: idBySlug.get(r.slug)!, subcategory_slug: slug, position })),
  );
  const translations = records.flatMap((r) =>
    LOCALES.flatMap((locale) => {
      const t = r.translations[locale];
      return t ? [{ expert_id: idBySlug.get(r.slug)!, locale, title: t.title, tagline: t.tagline ?? null, bio: t.bio ?? null }] : [];
    }),
  );
  const services = records.flatMap((r) =>
    (r.services ?? []).map((s, position) => ({
      expert_id: idBySlug.get(r.slug)!,
      id: s.id ?? `${r.slug}-${position + 1}`,
      position,
      title: s.title,
      description: s.description ?? null,
      price_usd: s.price_usd ?? null,
      price_type: s.price_type,
      duration_minutes: s.duration_minutes ?? null,
    })),
  );
  const slots = records.flatMap((r) =>
    (r.schedule ?? []).map((s) => ({
      expert_id: idBySlug.get(r.slug)!,
      day_of_week: s.day_of_week,
      start_time: s.start_time,
      end_time: s.end_time,
    })),
  );
  // Bind parameters are limited to 65535 a statement, so children go in slices.
  for (const [table, list] of [
    ["expert_categories", categories],
    ["expert_subcategories", subcategories],
    ["expert_translations", translations],
    ["services", services],
    ["schedule_slots", slots],
  ] as const) {
    for (let i = 0; i < list.length; i += 2000) {
      await sql`insert into ${sql(table)} ${sql(list.slice(i, i + 2000) as Record<string, unknown>[])}`;
    }
  }
  await refreshSearchDocuments(sql, ids);
  const inserted = written.filter((w) => w.inserted).length;
  return { inserted, updated: written.length - inserted };
}
