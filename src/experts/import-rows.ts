import type { components } from "../../generated/agents.ts";
import { buildDocument, SEARCH_DOC_VERSION } from "../search/document.ts";
import { normalizeText } from "../search/normalize.ts";
import { primarySubtag } from "../search/tokens.ts";
import { LOCALES } from "../search/vocabulary-file.ts";

export type ExpertImport = components["schemas"]["ExpertImport"];

/**
 * Bumped when what a record turns into changes (columns, derived values), so a re-import of an
 * unchanged file rewrites every expert once instead of skipping them as unchanged.
 */
const ROW_FORMAT = 1;

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

/**
 * The search documents of a record, built from the record itself in the order src/search/reindex.ts
 * reads the stored rows (translations in LOCALES order, categories and services by position), so
 * they equal what a rebuild from the rows writes.
 */
export function recordDocument(record: ExpertImport, languageSubtags: string[]) {
  const texts = LOCALES.map((l) => record.translations[l]).filter((t) => t !== undefined);
  return buildDocument({
    name: record.name,
    city: record.location?.city ?? null,
    state_code: record.location?.state_code ?? null,
    country_code: record.location?.country_code ?? null,
    language_subtags: languageSubtags,
    tags: record.tags ?? [],
    categories: record.categories,
    subcategories: record.subcategories ?? [],
    titles: texts.map((t) => t.title),
    taglines: texts.flatMap((t) => (t.tagline == null ? [] : [t.tagline])),
    bios: texts.flatMap((t) => (t.bio == null ? [] : [t.bio])),
    services: (record.services ?? []).map((s) => s.title),
    descriptions: (record.services ?? []).flatMap((s) => (s.description == null ? [] : [s.description])),
  });
}

/**
 * What identifies a record's content: an unchanged record (same file imported again) has the
 * same digest and is left alone, so a re-run changes nothing, not even `updated_at`.
 */
export function recordDigest(record: ExpertImport): string {
  return Bun.hash.wyhash(`${ROW_FORMAT}/${SEARCH_DOC_VERSION}/${JSON.stringify(record)}`).toString(16);
}

/** The experts row of a valid record, search documents included; `words` go to the typo lexicon. */
export function expertRow(r: ExpertImport, digest = recordDigest(r)) {
  const languages = r.languages_spoken ?? [];
  const languageSubtags = [...new Set(languages.map(primarySubtag))];
  const doc = recordDocument(r, languageSubtags);
  const row = {
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
    language_subtags: languageSubtags,
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
    search_doc: doc.tsvector,
    search_bio: doc.bio,
    search_doc_version: SEARCH_DOC_VERSION,
    import_digest: digest,
  };
  return { row, words: doc.words };
}

export type ExpertRow = ReturnType<typeof expertRow>["row"];

/** Columns of the experts row an import writes, in one fixed order (COPY and the upsert share it). */
export const EXPERT_COLUMNS = Object.keys(
  expertRow({
    slug: "x",
    name: "x",
    email: "x@x.x",
    categories: ["legal"],
    translations: { en: { title: "x" } },
  } as ExpertImport).row,
) as (keyof ExpertRow)[];

/**
 * The child rows of a record, each keyed by `key` (the expert's id once known, or the record's
 * position in the file while staged). Positions keep the file's order of categories and services.
 */
export function childRows<K>(r: ExpertImport, key: K) {
  return {
    expert_categories: r.categories.map((slug, position) => ({ key, category_slug: slug, position })),
    expert_subcategories: (r.subcategories ?? []).map((slug, position) => ({ key, subcategory_slug: slug, position })),
    expert_translations: LOCALES.flatMap((locale) => {
      const t = r.translations[locale];
      return t ? [{ key, locale, title: t.title, tagline: t.tagline ?? null, bio: t.bio ?? null }] : [];
    }),
    services: (r.services ?? []).map((s, position) => ({
      key,
      id: s.id ?? `${r.slug}-${position + 1}`,
      position,
      title: s.title,
      description: s.description ?? null,
      price_usd: s.price_usd ?? null,
      price_type: s.price_type,
      duration_minutes: s.duration_minutes ?? null,
    })),
    schedule_slots: (r.schedule ?? []).map((s) => ({
      key,
      day_of_week: s.day_of_week,
      start_time: s.start_time,
      end_time: s.end_time,
    })),
  };
}

export type ChildTable = keyof ReturnType<typeof childRows>;
export const CHILD_TABLES: ChildTable[] = [
  "expert_categories",
  "expert_subcategories",
  "expert_translations",
  "services",
  "schedule_slots",
];
