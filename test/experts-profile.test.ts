import { beforeAll, describe, expect, it } from "bun:test";
import { api, testApp, type TestApp } from "./support/app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});

async function pickExpert(where: ReturnType<TestApp["sql"]>) {
  const [row] = await app.sql<{ id: string; slug: string }[]>`
    select e.id, e.slug from experts e where ${where} order by e.id limit 1`;
  if (!row) throw new Error("the demo directory has no such expert");
  return row;
}

describe("GET /api/agents/experts/{slug}", () => {
  it("returns every field of the profile, matching the database", async () => {
    const expert = await pickExpert(app.sql`e.is_public and e.is_verified
      and exists (select 1 from services s where s.expert_id = e.id and s.price_usd is not null)
      and exists (select 1 from schedule_slots s where s.expert_id = e.id)`);
    const { status, body } = await api("GET", `/api/agents/experts/${expert.slug}`);
    expect(status).toBe(200);
    const [db] = await app.sql`
      select e.*, e.rating::float8 as rating,
        (select min(price_usd)::float8 from services s where s.expert_id = e.id) as min_price,
        (select count(*)::int from services s where s.expert_id = e.id) as services,
        (select count(*)::int from schedule_slots s where s.expert_id = e.id) as slots
      from experts e where e.id = ${expert.id}`;
    expect(body.slug).toBe(expert.slug);
    expect(body.name).toBe(db.name);
    expect(body.starting_price_usd).toBe(db.min_price);
    expect(body.pricing.starting_price_usd).toBe(db.min_price);
    expect(body.services).toHaveLength(db.services);
    expect(body.availability.schedule).toHaveLength(db.slots);
    expect(body.ratings).toEqual({ average: db.rating, review_count: db.review_count });
    expect(body.credentials).toEqual({
      is_verified: true,
      is_featured: db.is_featured,
      years_experience: db.years_experience,
    });
    expect(body.location.timezone).toBe(db.timezone);
    expect(body.location.coordinates).toEqual(db.lat === null ? null : { lat: db.lat, lng: db.lng });
    expect(body.contact_methods).toEqual(db.contact_methods);
    for (const url of Object.values(body.contact_methods)) expect(url).toMatch(/^https?:\/\//);
    expect(body).not.toHaveProperty("email");
    for (const entry of body.availability.schedule) {
      expect(["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][entry.day_of_week]).toBe(
        entry.day,
      );
    }
  });

  it("gives bio, title and tagline in the requested locale", async () => {
    const expert = await pickExpert(app.sql`e.is_public and e.is_verified
      and exists (select 1 from expert_translations t where t.expert_id = e.id and t.locale = 'ja')`);
    const [ja] = await app.sql`select * from expert_translations where expert_id = ${expert.id} and locale = 'ja'`;
    const { body } = await api("GET", `/api/agents/experts/${expert.slug}?locale=ja`);
    expect(body.title).toBe(ja.title);
    expect(body.tagline).toBe(ja.tagline);
    expect(body.bio).toBe(ja.bio);
  });

  it("falls back to English where the locale has no text", async () => {
    const expert = await pickExpert(app.sql`e.is_public and e.is_verified
      and not exists (select 1 from expert_translations t where t.expert_id = e.id and t.locale = 'fr')`);
    const [en] = await app.sql`select * from expert_translations where expert_id = ${expert.id} and locale = 'en'`;
    const { body } = await api("GET", `/api/agents/experts/${expert.slug}?locale=fr`);
    expect(body.title).toBe(en.title);
    expect(body.bio).toBe(en.bio);
  });

  it("answers 404 for an unknown slug", async () => {
    const { status, body } = await api("GET", "/api/agents/experts/nobody-by-this-name");
    expect(status).toBe(404);
    expect(body.detail).toContain("nobody-by-this-name");
  });

  it("answers 404 for an expert who is not public", async () => {
    const hidden = await pickExpert(app.sql`not e.is_public`);
    expect((await api("GET", `/api/agents/experts/${hidden.slug}`)).status).toBe(404);
    expect((await api("GET", `/api/agents/experts/${hidden.slug}/availability`)).status).toBe(404);
    expect((await fetch(`${app.url}/experts/${hidden.slug}`)).status).toBe(404);
  });

  it("answers 404 for an expert who is not verified", async () => {
    const unverified = await pickExpert(app.sql`e.is_public and not e.is_verified`);
    expect((await api("GET", `/api/agents/experts/${unverified.slug}`)).status).toBe(404);
    expect((await api("GET", `/api/agents/experts/${unverified.slug}/availability`)).status).toBe(404);
  });

  it("answers 404 for a slug that cannot exist, and 400 for a bad locale", async () => {
    expect((await api("GET", "/api/agents/experts/NOT_A_SLUG")).status).toBe(404);
    const expert = await pickExpert(app.sql`e.is_public and e.is_verified`);
    const bad = await api("GET", `/api/agents/experts/${expert.slug}?locale=sv`); // Swedish: not a locale of the contract
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe("locale");
  });
});

describe("GET /api/agents/experts/{slug}/availability", () => {
  it("returns the weekly slots in order with timezone, status and booking buffer", async () => {
    const expert = await pickExpert(app.sql`e.is_public and e.is_verified
      and exists (select 1 from schedule_slots s where s.expert_id = e.id)`);
    const { status, body } = await api("GET", `/api/agents/experts/${expert.slug}/availability`);
    expect(status).toBe(200);
    const [db] =
      await app.sql`select timezone, availability_status, booking_buffer_minutes from experts where id = ${expert.id}`;
    const slots = await app.sql`
      select day_of_week::int, start_time::text, end_time::text from schedule_slots
      where expert_id = ${expert.id} order by day_of_week, start_time`;
    expect(body.slots).toEqual([...slots]);
    expect(body.timezone).toBe(db.timezone);
    expect(body.availability_status).toBe(db.availability_status);
    expect(body.booking_buffer_minutes).toBe(db.booking_buffer_minutes);
    for (const s of body.slots) expect(s.start_time < s.end_time).toBe(true);
  });
});
