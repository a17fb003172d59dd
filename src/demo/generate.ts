import { CATEGORIES, type CategorySlug, SUBCATEGORY_PARENT } from "./categories.ts";
import { COPY } from "./copy/index.ts";
import { type Draft, drafts } from "./drafts.ts";
import { HERITAGE_LANGUAGE } from "./people.ts";
import { type Place, PRICE_LEVEL } from "./places.ts";
import { Rng } from "./prng.ts";
import { type ExpertImportRecord, type Locale, LOCALES, type Tr } from "./record.ts";
import { weeklySchedule } from "./schedule.ts";
import { HOURLY_BOUNDS, LANGUAGE_EXAMS, SERVICES } from "./services.ts";
import { fill, gendered, slugify } from "./text.ts";

type Service = NonNullable<ExpertImportRecord["services"]>[number];

/** listed_at values are spread over this window. */
const LISTED_FROM = Date.UTC(2023, 0, 1);
const LISTED_TO = Date.UTC(2026, 9, 31, 23, 59);
/** A launch batch: several experts listed at the same instant, so `sort=newest` meets ties. */
const LAUNCH_BATCH = "2024-03-01T09:00:00Z";

const RESPONSE_PLEDGES = [
  "Usually replies within 24 hours",
  "Usually replies within 24 hours",
  "Usually replies within a few hours",
  "Usually replies within 1 hour",
  "Replies within 2 business days",
  "Replies the same business day",
];
const BOOKING_BUFFERS = [15, 30, 30, 60, 60, 60, 120, 240, 1440];
const OCCASIONAL_LANGUAGES = ["fr", "de", "es", "it", "ja", "ko", "zh-Hans", "pt-BR"];

const primaryTag = (tag: string) => tag.split("-")[0].toLowerCase();

function addLanguage(list: string[], tag: string) {
  if (!list.some((t) => primaryTag(t) === primaryTag(tag))) list.push(tag);
}

function round(value: number): number {
  if (value >= 1000) return Math.round(value / 50) * 50;
  if (value >= 100) return Math.round(value / 10) * 10;
  return Math.round(value / 5) * 5;
}

function categoriesOf(d: Draft): CategorySlug[] {
  const related = CATEGORIES[d.category].related;
  const extra = d.rng.chance(0.45) ? d.rng.sample(related, d.rng.chance(0.25) ? 2 : 1) : [];
  return [d.category, ...extra];
}

function subcategoriesOf(d: Draft, categories: CategorySlug[]): string[] {
  const meta = CATEGORIES[d.category];
  if (d.category !== "language-tutor" && !d.anchor && d.rng.chance(0.06)) return [];
  const subs = d.primarySub ? [d.primarySub] : [];
  if (subs.length && d.category !== "language-tutor" && d.rng.chance(0.35)) {
    subs.push(d.rng.pick(meta.subcategories.filter((s) => s !== d.primarySub)));
  }
  for (const secondary of categories.slice(1)) {
    if (secondary !== "language-tutor" && subs.length < 3 && d.rng.chance(0.5))
      subs.push(d.rng.pick(CATEGORIES[secondary].subcategories));
  }
  return subs;
}

function languagesOf(d: Draft): string[] {
  if (d.anchor) return d.anchor.languages.slice();
  const { rng, place } = d;
  const langs = [rng.pick(place.local)];
  const outward = ["immigration", "technology", "business-consulting", "tax-advisory"].includes(d.category);
  if (place.english.length && rng.chance(outward ? 0.95 : 0.75)) addLanguage(langs, rng.pick(place.english));
  const heritage = HERITAGE_LANGUAGE[d.person.culture];
  if (heritage && d.person.culture !== place.cultures[0] && rng.chance(0.75)) {
    addLanguage(langs, place.extras.find((t) => primaryTag(t) === primaryTag(heritage)) ?? heritage);
  }
  if (place.extras.length && rng.chance(0.3)) addLanguage(langs, rng.pick(place.extras));
  if (rng.chance(0.1)) addLanguage(langs, rng.pick(OCCASIONAL_LANGUAGES));
  return langs;
}

function tagsOf(d: Draft, subs: string[]): string[] {
  const meta = CATEGORIES[d.category];
  const tags: string[] = [];
  subs.forEach((sub, i) => {
    const pool = CATEGORIES[SUBCATEGORY_PARENT[sub]].subcategoryTags[sub];
    tags.push(...d.rng.sample(pool, i === 0 ? 2 : 1));
  });
  const local = meta.countryTags?.[d.place.country];
  if (local && d.rng.chance(0.8)) tags.push(d.rng.pick(local));
  tags.push(...d.rng.sample(meta.tags, Math.max(2 - tags.length, d.rng.int(0, 2))));
  return [...new Set(tags)].slice(0, 6);
}

function translationsOf(d: Draft, years: number, locales: readonly Locale[]): ExpertImportRecord["translations"] {
  const copy = COPY.en[d.category];
  const tagline = d.rng.int(0, copy.taglines.length - 1);
  const bio = d.rng.int(0, copy.bios.length - 1);
  const out: Partial<Record<Locale, Tr>> = {};
  for (const locale of locales) {
    const text = COPY[locale][d.category];
    const city = locale === "en" ? d.place.city : d.place.names[locale];
    out[locale] = {
      title: gendered(text.titles[d.titleIndex], d.person.gender),
      tagline: text.taglines[tagline],
      bio: fill(text.bios[bio], { name: d.person.native[locale] ?? d.person.name, city, years }),
    };
  }
  return out as ExpertImportRecord["translations"];
}

function servicesOf(d: Draft, slug: string, subs: string[]): Service[] {
  const templates = SERVICES[d.category].filter((t) => !t.sub || subs.includes(t.sub));
  const count = Math.min(templates.length, d.rng.int(1, 4));
  const [first, ...rest] = templates;
  const chosen = d.rng.chance(0.85) ? [first, ...d.rng.sample(rest, count - 1)] : d.rng.sample(rest, count);
  const level = PRICE_LEVEL[d.place.country] ?? 1;
  const exam = d.primarySub ? (LANGUAGE_EXAMS[d.primarySub] ?? "") : "";
  return chosen.map((t, i) => {
    let price: number | null = null;
    if (t.type !== "custom" && t.price) {
      price = round((t.price[0] + d.rng.float() * (t.price[1] - t.price[0])) * level);
      const bounds = t.type === "hourly" ? HOURLY_BOUNDS[d.category] : undefined;
      if (bounds) price = Math.min(bounds[1], Math.max(bounds[0], price));
    }
    return {
      id: `${slug}-s${i + 1}`,
      title: fill(t.title, { exam }),
      description: fill(t.description, { exam }),
      price_usd: price,
      price_type: t.type,
      duration_minutes: t.minutes,
    };
  });
}

function contactMethodsOf(d: Draft, slug: string): Record<string, string> {
  const nameSlug = slugify(d.person.name);
  const channels: [string, string][] = [
    ["website", `https://${nameSlug}.example.com`],
    ["linkedin", `https://www.linkedin.com/in/${slug}`],
    ["calendly", `https://calendly.com/${nameSlug}`],
    ["booking", `https://book.example.org/${slug}`],
  ];
  // Fictitious numbers only: 555-01xx in North America, 07700 900xxx in the UK.
  if (d.place.phone === "GB")
    channels.push(["whatsapp", `https://wa.me/447700900${String(d.rng.int(0, 999)).padStart(3, "0")}`]);
  else if (d.place.phone)
    channels.push(["whatsapp", `https://wa.me/1${d.place.phone}55501${String(d.rng.int(0, 99)).padStart(2, "0")}`]);
  return Object.fromEntries(d.rng.sample(channels, d.rng.int(1, 3)));
}

function coordinatesOf(d: Draft) {
  const jitter = () => Math.round((d.rng.float() - 0.5) * 0.06 * 1e4) / 1e4;
  return {
    lat: Math.round((d.place.lat + jitter()) * 1e4) / 1e4,
    lng: Math.round((d.place.lng + jitter()) * 1e4) / 1e4,
  };
}

function availabilityOf(d: Draft): Pick<ExpertImportRecord, "availability_status" | "accepting_clients"> {
  if (d.anchor) return { availability_status: "open", accepting_clients: true };
  const r = d.rng.float();
  if (r < 0.6) return { availability_status: "open", accepting_clients: d.rng.chance(0.97) };
  if (r < 0.85) return { availability_status: "limited", accepting_clients: d.rng.chance(0.75) };
  if (r < 0.95) return { availability_status: "closed", accepting_clients: false };
  return { availability_status: null, accepting_clients: d.rng.chance(0.6) ? null : true };
}

/** Writes out one expert; the per-expert stream is consumed in a fixed order. */
function build(d: Draft, locales: readonly Locale[]): ExpertImportRecord {
  const { rng, place } = d;
  const enTitle = gendered(COPY.en[d.category].titles[d.titleIndex], d.person.gender);
  const slug = `${slugify(d.person.name)}-${slugify(enTitle)}`;
  const tutor = d.category === "english-tutor" || d.category === "language-tutor";
  const years = tutor ? rng.int(3, 20) : rng.int(4, 30);
  const categories = categoriesOf(d);
  const subcategories = subcategoriesOf(d, categories);
  const listed = LISTED_FROM + Math.floor(rng.float() * ((LISTED_TO - LISTED_FROM) / 60000)) * 60000;
  return {
    slug,
    name: d.person.name,
    email: `${slug}@experts.example.com`,
    avatar_url: rng.chance(0.1) ? `https://images.example.com/avatars/${slug}.jpg` : null,
    cover_image_url: rng.chance(0.08) ? `https://images.example.com/covers/${slug}.jpg` : null,
    categories,
    // drawn from categories.ts, whose slugs the demo test checks against sql/001_experts.sql
    subcategories: subcategories as ExpertImportRecord["subcategories"],
    location: {
      city: place.city,
      state_code: place.state,
      country_code: place.country,
      timezone: place.tz,
      coordinates: coordinatesOf(d),
    },
    languages_spoken: languagesOf(d),
    tags: tagsOf(d, subcategories),
    years_experience: years,
    rating: rng.chance(0.6)
      ? Math.round((5 - 1.5 * rng.float() ** 1.3) * 10) / 10
      : Math.round((5 - 1.5 * rng.float() ** 1.3) * 100) / 100,
    review_count: Math.max(1, Math.round(400 * rng.float() ** 2.2)),
    is_public: true,
    is_verified: true,
    is_featured: false,
    listed_at: new Date(listed).toISOString().replace(".000Z", "Z"),
    ...availabilityOf(d),
    response_time_pledge: rng.chance(0.85) ? rng.pick(RESPONSE_PLEDGES) : null,
    booking_buffer_minutes: rng.chance(0.9) ? rng.pick(BOOKING_BUFFERS) : null,
    ai_chat_available: rng.chance(0.3),
    translations: translationsOf(d, years, locales),
    services: servicesOf(d, slug, subcategories),
    schedule: weeklySchedule(rng, { tutor, country: place.country }),
    contact_methods: contactMethodsOf(d, slug),
  };
}

/** The locales an expert with only partial translations has: English plus the local one(s). */
function partialLocales(place: Place, rng: Rng): Locale[] {
  const local: Partial<Record<string, Locale>> = { KR: "ko", JP: "ja", CN: "zh", TW: "zh", FR: "fr", DE: "de" };
  const own = place.key === "montreal" ? "fr" : local[place.country];
  return ["en", ...(own ? [own] : rng.sample(["fr", "de", "ko", "ja"] as Locale[], 2))];
}

/**
 * The whole demo directory. Directory-wide choices (who is hidden, unverified, unrated, featured
 * or only partly translated) are drawn from one global stream over the non-anchor experts, so
 * their counts are exact rather than left to chance.
 */
export function generateExperts(seed: number): ExpertImportRecord[] {
  const all = drafts(seed);
  const global = new Rng(seed, "directory");
  const free = all.map((d, i) => (d.anchor ? -1 : i)).filter((i) => i >= 0);
  const pick = (n: number, from = free) => new Set(global.sample(from, n));

  const englishOnly = pick(13);
  const partial = pick(
    7,
    free.filter((i) => !englishOnly.has(i)),
  );
  const records = all.map((d, i) =>
    build(d, englishOnly.has(i) ? ["en"] : partial.has(i) ? partialLocales(d.place, global) : LOCALES),
  );

  const hidden = pick(6);
  const unverified = pick(
    5,
    free.filter((i) => !hidden.has(i)),
  );
  unverified.add([...hidden][0]); // one draft that is neither public nor verified
  const unrated = pick(Math.round(all.length * 0.1));
  const launch = pick(3);
  records.forEach((r, i) => {
    r.is_public = !hidden.has(i);
    r.is_verified = !unverified.has(i);
    if (unrated.has(i)) {
      r.rating = null;
      r.review_count = 0;
    }
    if (launch.has(i)) r.listed_at = LAUNCH_BATCH;
  });
  const candidates = records
    .map((_, i) => i)
    .filter((i) => records[i].is_public && records[i].is_verified && (records[i].rating ?? 0) >= 4.6);
  for (const i of pick(10, candidates)) records[i].is_featured = true;

  return global.shuffle(records);
}
