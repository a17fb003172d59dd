import { describe, expect, spyOn, test } from "bun:test";
import { readFileSync } from "node:fs";
import { CATEGORIES } from "../src/demo/categories.ts";
import { COPY } from "../src/demo/copy/index.ts";
import { DEMO_SEED, demoExperts, type ExpertImportRecord } from "../src/demo/index.ts";
import { LOCALES } from "../src/locales.ts";

// The demo directory, checked without a database. Category and subcategory slugs come from the
// schema itself, so the data cannot drift from what the import accepts.
const sql = readFileSync(new URL("../sql/001_experts.sql", import.meta.url), "utf8");
const section = (table: string) =>
  sql.slice(sql.indexOf(`insert into ${table}`), sql.indexOf(";", sql.indexOf(`insert into ${table}`)));
const CATEGORY_SLUGS = [...section("categories").matchAll(/\('([a-z-]+)', '[^']*', \d+\)/g)].map((m) => m[1]);
const SUBCATEGORY_PARENT = new Map(
  [...section("subcategories").matchAll(/\('([a-z-]+)', '([a-z-]+)', '[^']*'\)/g)].map((m) => [m[1], m[2]]),
);

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const BCP47 = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;
const HANGUL = /[\uAC00-\uD7AF]/;
const KANA_OR_KANJI = /[\u3040-\u30FF\u4E00-\u9FFF]/;
const CJK = /[\u4E00-\u9FFF]/;

const experts = demoExperts();
const publicVerified = (e: ExpertImportRecord) => e.is_public !== false && e.is_verified === true;
const share = (n: number) => n / experts.length;

describe("demo directory", () => {
  test("the schema parse found every category and subcategory", () => {
    expect(CATEGORY_SLUGS).toHaveLength(15);
    expect(SUBCATEGORY_PARENT.size).toBe(50);
  });

  test("per-locale templates are aligned with English and with the category's subcategories", () => {
    expect(Object.keys(CATEGORIES).sort()).toEqual([...CATEGORY_SLUGS].sort());
    for (const [slug, meta] of Object.entries(CATEGORIES)) {
      expect(meta.subcategories).toEqual([...SUBCATEGORY_PARENT].filter(([, c]) => c === slug).map(([s]) => s));
      const en = COPY.en[slug as keyof typeof CATEGORIES];
      expect(meta.titleSubcategory).toHaveLength(en.titles.length);
      for (const locale of LOCALES) {
        const copy = COPY[locale][slug as keyof typeof CATEGORIES];
        expect([copy.titles.length, copy.taglines.length, copy.bios.length]).toEqual([
          en.titles.length,
          en.taglines.length,
          en.bios.length,
        ]);
        for (const bio of copy.bios)
          expect([...bio.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()).toEqual(["city", "name", "years"]);
      }
    }
  });

  describe("determinism", () => {
    test("two calls return deep-equal data", () => {
      expect(demoExperts()).toEqual(demoExperts());
      expect(JSON.stringify(demoExperts())).toBe(JSON.stringify(experts));
    });

    test("uses neither Math.random nor the clock", () => {
      const random = spyOn(Math, "random").mockImplementation(() => {
        throw new Error("Math.random used");
      });
      const now = spyOn(Date, "now").mockImplementation(() => {
        throw new Error("Date.now used");
      });
      try {
        expect(demoExperts()).toEqual(experts);
      } finally {
        random.mockRestore();
        now.mockRestore();
      }
    });

    test("exports its seed", () => {
      expect(Number.isInteger(DEMO_SEED)).toBe(true);
    });
  });

  test("has at least 130 experts with unique, valid slugs and service ids", () => {
    expect(experts.length).toBeGreaterThanOrEqual(130);
    const slugs = experts.map((e) => e.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) {
      expect(slug).toMatch(SLUG);
      expect(slug.length).toBeLessThanOrEqual(100);
    }
    const ids = experts.flatMap((e) => (e.services ?? []).map((s) => s.id!));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(id.length).toBeLessThanOrEqual(64);
    }
    expect(new Set(experts.map((e) => e.name)).size).toBe(experts.length);
  });

  test("names, e-mails and images use reserved domains", () => {
    for (const e of experts) {
      expect(e.name.trim().length).toBeGreaterThan(0);
      expect(e.email).toBe(`${e.slug}@experts.example.com`);
      for (const url of [e.avatar_url, e.cover_image_url]) {
        if (url != null) expect(url).toMatch(/^https:\/\/images\.example\.com\/(avatars|covers)\/[a-z0-9-]+\.jpg$/);
      }
    }
    expect(experts.filter((e) => e.avatar_url == null).length).toBeGreaterThan(experts.length / 2);
    expect(experts.some((e) => e.avatar_url != null)).toBe(true);
  });

  test("every category is valid and each of the 15 is primary for at least 6 experts", () => {
    const primary = new Map<string, number>();
    for (const e of experts) {
      expect(e.categories.length).toBeGreaterThanOrEqual(1);
      expect(e.categories.length).toBeLessThanOrEqual(3);
      expect(new Set(e.categories).size).toBe(e.categories.length);
      for (const c of e.categories) expect(CATEGORY_SLUGS).toContain(c);
      primary.set(e.categories[0], (primary.get(e.categories[0]) ?? 0) + 1);
    }
    for (const c of CATEGORY_SLUGS) expect(primary.get(c) ?? 0).toBeGreaterThanOrEqual(6);
  });

  test("subcategories exist and belong to the expert's categories", () => {
    for (const e of experts) {
      const subs = e.subcategories ?? [];
      expect(subs.length).toBeLessThanOrEqual(3);
      expect(new Set(subs).size).toBe(subs.length);
      for (const s of subs) {
        expect(SUBCATEGORY_PARENT.has(s)).toBe(true);
        expect(e.categories as string[]).toContain(SUBCATEGORY_PARENT.get(s)!);
      }
    }
  });

  test("locations: at least 12 countries, real time zones, state codes only where they exist", () => {
    const countries = new Set(experts.map((e) => e.location?.country_code));
    expect(countries.size).toBeGreaterThanOrEqual(12);
    for (const e of experts) {
      const loc = e.location!;
      expect(loc.city).toBeTruthy();
      expect(loc.country_code).toMatch(/^[A-Z]{2}$/);
      if (["US", "CA", "AU"].includes(loc.country_code!)) expect(loc.state_code).toMatch(/^[A-Z]{2,3}$/);
      else expect(loc.state_code).toBeNull();
      expect(() => new Intl.DateTimeFormat("en", { timeZone: loc.timezone! })).not.toThrow();
      const { lat, lng } = loc.coordinates!;
      expect(Math.abs(lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(lng)).toBeLessThanOrEqual(180);
    }
    // spot checks against known geography
    const some = (city: string) => experts.find((e) => e.location?.city === city)?.location;
    expect(some("Toronto")).toMatchObject({ state_code: "ON", country_code: "CA", timezone: "America/Toronto" });
    expect(some("Berlin")).toMatchObject({ state_code: null, country_code: "DE", timezone: "Europe/Berlin" });
    expect(some("Seoul")).toMatchObject({ country_code: "KR", timezone: "Asia/Seoul" });
    expect(some("Seoul")!.coordinates!.lat).toBeCloseTo(37.57, 0);
  });

  test("languages are BCP 47 tags; tags are 2–6 lowercase words", () => {
    for (const e of experts) {
      expect(e.languages_spoken!.length).toBeGreaterThanOrEqual(1);
      for (const l of e.languages_spoken!) expect(l).toMatch(BCP47);
      const primaries = e.languages_spoken!.map((l) => l.split("-")[0].toLowerCase());
      expect(new Set(primaries).size).toBe(primaries.length);
      expect(e.tags!.length).toBeGreaterThanOrEqual(2);
      expect(e.tags!.length).toBeLessThanOrEqual(6);
      for (const t of e.tags!) expect(t).toBe(t.toLowerCase());
    }
    const all = new Set(experts.flatMap((e) => e.languages_spoken!));
    for (const regional of ["en-US", "en-GB", "fr-CA", "pt-BR", "es-MX"]) expect(all.has(regional)).toBe(true);
  });

  describe("translations", () => {
    const full = experts.filter((e) => LOCALES.every((l) => e.translations[l]));

    test("every expert has English; at least 80% have every locale; some only English", () => {
      for (const e of experts) {
        const en = e.translations.en;
        expect(en.title.length).toBeGreaterThan(0);
        expect(en.tagline).toBeTruthy();
        expect(en.bio).toBeTruthy();
        expect(en.bio).toContain(e.name);
      }
      expect(share(full.length)).toBeGreaterThanOrEqual(0.8);
      expect(experts.some((e) => Object.keys(e.translations).length === 1)).toBe(true);
    });

    test("texts are written in their language, not copied or tagged English", () => {
      for (const e of experts) {
        const en = e.translations.en;
        for (const locale of LOCALES) {
          const tr = e.translations[locale];
          if (!tr) continue;
          const texts = [tr.title, tr.tagline!, tr.bio!];
          for (const text of texts) {
            expect(text).not.toMatch(/[{}|]|\[[a-z]{2}\]/);
            expect(text.trim()).toBe(text);
          }
          if (locale === "en") continue;
          expect(tr.title).not.toBe(en.title);
          expect(tr.tagline).not.toBe(en.tagline);
          expect(tr.bio).not.toBe(en.bio);
          const script = { ko: HANGUL, ja: KANA_OR_KANJI, zh: CJK }[locale as "ko" | "ja" | "zh"];
          if (script) for (const text of texts) expect(text).toMatch(script);
        }
      }
    });

    test("French and German read as French and German", () => {
      const fr = experts.flatMap((e) => (e.translations.fr ? [e.translations.fr.bio!] : []));
      const de = experts.flatMap((e) => (e.translations.de ? [e.translations.de.bio!] : []));
      expect(fr.every((b) => /\b(ans|des|les|et|à)\b/.test(b))).toBe(true);
      expect(de.every((b) => /\b(Jahren?|und|die|der|in)\b/.test(b))).toBe(true);
    });
  });

  test("services: 1–4 each, prices fit the price type and the profession", () => {
    for (const e of experts) {
      const services = e.services!;
      expect(services.length).toBeGreaterThanOrEqual(1);
      expect(services.length).toBeLessThanOrEqual(4);
      services.forEach((s, i) => {
        expect(s.id).toBe(`${e.slug}-s${i + 1}`);
        expect(s.title.length).toBeGreaterThan(0);
        expect(s.title).not.toContain("{");
        if (s.price_type === "custom") {
          expect(s.price_usd).toBeNull();
          expect(s.duration_minutes).toBeNull();
        } else {
          expect(s.price_usd).toBeGreaterThanOrEqual(0);
          expect(s.duration_minutes).toBeGreaterThanOrEqual(15);
          expect(s.duration_minutes).toBeLessThanOrEqual(120);
        }
        if (s.price_type === "hourly" && e.categories[0].endsWith("-tutor")) {
          expect(s.price_usd).toBeGreaterThanOrEqual(25);
          expect(s.price_usd).toBeLessThanOrEqual(90);
        }
        if (s.price_type === "hourly" && e.categories[0] === "legal") {
          expect(s.price_usd).toBeGreaterThanOrEqual(150);
          expect(s.price_usd).toBeLessThanOrEqual(600);
        }
      });
    }
    const types = new Set(experts.flatMap((e) => e.services!.map((s) => s.price_type)));
    expect([...types].sort()).toEqual(["custom", "fixed", "hourly"]);
  });

  test("schedules: 3–6 days of valid, non-overlapping slots", () => {
    for (const e of experts) {
      const slots = e.schedule!;
      const days = new Set(slots.map((s) => s.day_of_week));
      expect(days.size).toBeGreaterThanOrEqual(3);
      expect(days.size).toBeLessThanOrEqual(6);
      for (const s of slots) {
        expect(s.day_of_week).toBeGreaterThanOrEqual(0);
        expect(s.day_of_week).toBeLessThanOrEqual(6);
        expect(s.start_time).toMatch(TIME);
        expect(s.end_time).toMatch(TIME);
        expect(s.start_time < s.end_time).toBe(true);
      }
      for (const day of days) {
        const today = slots
          .filter((s) => s.day_of_week === day)
          .sort((a, b) => a.start_time.localeCompare(b.start_time));
        for (let i = 1; i < today.length; i++) expect(today[i - 1].end_time <= today[i].start_time).toBe(true);
      }
    }
    // some days are split into a morning and an afternoon slot
    expect(experts.some((e) => e.schedule!.length > new Set(e.schedule!.map((s) => s.day_of_week)).size)).toBe(true);
  });

  test("ratings: 0–5, about 10% unrated with no reviews, and ties", () => {
    for (const e of experts) {
      if (e.rating == null) {
        expect(e.review_count ?? 0).toBe(0);
      } else {
        expect(e.rating).toBeGreaterThanOrEqual(0);
        expect(e.rating).toBeLessThanOrEqual(5);
        expect(Math.round(e.rating * 100) / 100).toBe(e.rating);
        expect(e.review_count).toBeGreaterThanOrEqual(1);
        expect(e.review_count).toBeLessThanOrEqual(400);
      }
    }
    const unrated = share(experts.filter((e) => e.rating == null).length);
    expect(unrated).toBeGreaterThanOrEqual(0.05);
    expect(unrated).toBeLessThanOrEqual(0.15);
    const rated = experts
      .filter(publicVerified)
      .map((e) => e.rating)
      .filter((r) => r != null);
    expect(new Set(rated).size).toBeLessThan(rated.length);
  });

  test("visibility and availability mixes are present", () => {
    const hidden = experts.filter((e) => e.is_public === false).length;
    const unverified = experts.filter((e) => e.is_verified !== true).length;
    expect(hidden).toBeGreaterThanOrEqual(3);
    expect(hidden).toBeLessThanOrEqual(10);
    expect(unverified).toBeGreaterThanOrEqual(3);
    expect(unverified).toBeLessThanOrEqual(10);
    expect(new Set(experts.map((e) => e.availability_status))).toEqual(new Set(["open", "limited", "closed", null]));
    expect(new Set(experts.map((e) => e.accepting_clients))).toEqual(new Set([true, false, null]));
    expect(share(experts.filter((e) => e.accepting_clients === true).length)).toBeGreaterThan(0.6);
    expect(experts.some((e) => e.is_featured)).toBe(true);
    for (const e of experts.filter((x) => x.is_featured)) expect(publicVerified(e)).toBe(true);
  });

  test("listed_at spreads over 2023-01-01 .. 2026-10-31", () => {
    for (const e of experts) {
      expect(e.listed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(e.listed_at! >= "2023-01-01T00:00:00Z" && e.listed_at! <= "2026-10-31T23:59:59Z").toBe(true);
    }
    const years = new Set(experts.map((e) => e.listed_at!.slice(0, 4)));
    expect([...years].sort()).toEqual(["2023", "2024", "2025", "2026"]);
  });

  test("contact methods: 1–3 channels with https URLs on reserved or well-known hosts", () => {
    const hosts = /^https:\/\/([a-z0-9-]+\.)*(example\.com|example\.org|linkedin\.com|calendly\.com|wa\.me)(\/|$)/;
    for (const e of experts) {
      const channels = Object.entries(e.contact_methods ?? {});
      expect(channels.length).toBeGreaterThanOrEqual(1);
      expect(channels.length).toBeLessThanOrEqual(3);
      for (const [name, url] of channels) {
        expect(name).toMatch(/^[a-z][a-z0-9_]{0,31}$/);
        expect(url).toMatch(hosts);
      }
    }
  });

  describe("named search targets are present, public and verified", () => {
    const visible = experts.filter(publicVerified);
    const title = (e: ExpertImportRecord) => e.translations.en.title;

    test("someone named Kim", () => {
      expect(visible.some((e) => /\bKim\b/.test(e.name))).toBe(true);
    });

    test("an English tutor in London", () => {
      expect(
        visible.some(
          (e) => e.categories[0] === "english-tutor" && e.location?.city === "London" && /English Tutor/.test(title(e)),
        ),
      ).toBe(true);
    });

    test("an immigration lawyer in Toronto", () => {
      expect(
        visible.some(
          (e) =>
            e.categories.includes("immigration") && e.location?.city === "Toronto" && title(e) === "Immigration Lawyer",
        ),
      ).toBe(true);
    });

    test("a tax advisor in Berlin who speaks de and en-GB", () => {
      const found = visible.find(
        (e) => e.categories[0] === "tax-advisory" && e.location?.city === "Berlin" && /Tax Advisor/.test(title(e)),
      );
      expect(found?.languages_spoken).toEqual(expect.arrayContaining(["de", "en-GB"]));
    });

    test("the import format's example slug", () => {
      expect(visible.some((e) => e.slug === "maria-gonzalez-immigration-lawyer")).toBe(true);
    });
  });
});
