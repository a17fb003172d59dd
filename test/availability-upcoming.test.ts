import { beforeAll, describe, expect, it } from "bun:test";
import { wallAt } from "../src/experts/zoned-time.ts";
import { api, testApp, type TestApp } from "./support/app.ts";

// GET /api/agents/experts/{slug}/availability with tz, from and days, over HTTP against the demo
// directory; every answer is checked against the contract by api().

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});

interface Row {
  id: string;
  slug: string;
  timezone: string;
  booking_buffer_minutes: number | null;
}

async function bookableExpert(): Promise<Row> {
  const [row] = await app.sql<Row[]>`
    select e.id, e.slug, e.timezone, e.booking_buffer_minutes from experts e
    where e.is_public and e.is_verified and e.timezone is not null and e.accepting_clients
      and e.availability_status <> 'closed'
      and exists (select 1 from schedule_slots s where s.expert_id = e.id)
      and e.timezone <> 'Asia/Seoul'
    order by e.id limit 1`;
  return row;
}

/** The date `days` days from now as YYYY-MM-DD (UTC calendar). */
function dateIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const pad = (n: number) => String(n).padStart(2, "0");

describe("upcoming free intervals", () => {
  it("by default: the next 7 days in the expert's zone, none earlier than now plus the buffer", async () => {
    const expert = await bookableExpert();
    const before = Date.now();
    const { status, body } = await api("GET", `/api/agents/experts/${expert.slug}/availability`);
    expect(status).toBe(200);
    expect(body.upcoming_timezone).toBe(expert.timezone);
    expect(body.upcoming.length).toBeGreaterThan(0);
    const earliest = before + (expert.booking_buffer_minutes ?? 0) * 60_000;
    for (const { start, end } of body.upcoming) {
      expect(Date.parse(start)).toBeGreaterThanOrEqual(earliest - 1000);
      expect(Date.parse(start)).toBeLessThan(before + 8 * 86_400_000);
      expect(Date.parse(end)).toBeGreaterThan(Date.parse(start));
    }
  });

  it("places every weekly window on its weekday and wall time, in whatever zone they are shown", async () => {
    const expert = await bookableExpert();
    const from = dateIn(30);
    const own = await api("GET", `/api/agents/experts/${expert.slug}/availability?from=${from}&days=7`);
    expect(own.status).toBe(200);
    const windows = own.body.slots.map((s: any) => `${s.day_of_week} ${s.start_time}`).sort();
    const placed = own.body.upcoming
      .map((u: any) => {
        const w = wallAt(Date.parse(u.start), expert.timezone);
        const day = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
        return `${day} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
      })
      .sort();
    // Windows that touch are joined, so each interval starts at one of the weekly windows.
    for (const p of placed) expect(windows).toContain(p);
    expect(placed.length).toBeGreaterThan(0);

    const seoul = await api(
      "GET",
      `/api/agents/experts/${expert.slug}/availability?from=${from}T00:00:00Z&days=7&tz=Asia/Seoul`,
    );
    expect(seoul.status).toBe(200);
    expect(seoul.body.upcoming_timezone).toBe("Asia/Seoul");
    for (const u of seoul.body.upcoming) {
      expect(u.start).toEndWith("+09:00");
      expect(u.end).toEndWith("+09:00");
    }
  });

  it("shows the same instants in the visitor's zone, canonical zone names accepted in any case", async () => {
    const expert = await bookableExpert();
    const from = `${dateIn(40)}T00:00:00Z`;
    const a = await api("GET", `/api/agents/experts/${expert.slug}/availability?from=${from}&days=14`);
    const b = await api(
      "GET",
      `/api/agents/experts/${expert.slug}/availability?from=${from}&days=14&tz=america/new_york`,
    );
    expect(b.body.upcoming_timezone).toBe("America/New_York");
    expect(b.body.upcoming.map((u: any) => Date.parse(u.start))).toEqual(
      a.body.upcoming.map((u: any) => Date.parse(u.start)),
    );
    expect(b.body.slots).toEqual(a.body.slots);
  });

  it("offers no interval for an expert not accepting clients or closed", async () => {
    const [closed] = await app.sql<{ slug: string }[]>`
      select slug from experts where is_public and is_verified
        and (accepting_clients = false or availability_status = 'closed') order by id limit 1`;
    const { status, body } = await api("GET", `/api/agents/experts/${closed.slug}/availability?days=28`);
    expect(status).toBe(200);
    expect(body.upcoming).toEqual([]);
  });

  it("refuses a bad tz, from or days with a 400 naming the parameter", async () => {
    const expert = await bookableExpert();
    const cases: [string, string][] = [
      ["tz=Mars/Olympus", "tz"],
      ["tz=%2B01:00", "tz"],
      ["tz=", "tz"],
      ["from=2026-13-40", "from"],
      ["from=tomorrow", "from"],
      ["from=2026-03-10T09:00:00", "from"], // no offset
      [`from=${Number(dateIn(0).slice(0, 4)) + 3}-01-01`, "from"],
      ["days=0", "days"],
      ["days=29", "days"],
      ["days=two", "days"],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await api("GET", `/api/agents/experts/${expert.slug}/availability?${query}`);
      expect(status, query).toBe(400);
      expect(
        body.errors.map((e: any) => e.field),
        query,
      ).toContain(field);
    }
  });
});
