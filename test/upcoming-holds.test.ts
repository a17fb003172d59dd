import { describe, expect, it } from "bun:test";
import fc from "fast-check";
import { type CheckedWindow, windowRange } from "../src/experts/availability-window.ts";
import {
  type UpcomingRequest,
  upcomingChangesAt,
  upcomingSlots,
  type WeeklyWindow,
} from "../src/experts/free-slots.ts";

// upcomingChangesAt bounds how long an availability answer may be cached (its max-age): asked
// again at any moment up to that instant, upcomingSlots must answer exactly the same.

const ZONES = [
  "UTC",
  "Europe/Berlin",
  "America/New_York",
  "Australia/Sydney",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Australia/Lord_Howe",
  "Pacific/Chatham",
];
const MINUTE = 60_000;
const pad = (n: number) => String(n).padStart(2, "0");

const window: fc.Arbitrary<WeeklyWindow> = fc
  .record({
    day: fc.integer({ min: 0, max: 6 }),
    start: fc.integer({ min: 0, max: 86_000 }),
    length: fc.integer({ min: 60, max: 43_200 }),
  })
  .map(({ day, start, length }) => {
    const end = Math.min(start + length, 86_399);
    const time = (s: number) => `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
    return { day_of_week: day, start_time: time(start), end_time: time(end) };
  });

const scenario = fc.record({
  schedule: fc.array(window, { minLength: 1, maxLength: 6 }),
  expertZone: fc.constantFrom(...ZONES),
  zone: fc.constantFrom(...ZONES),
  // 2026, with the daylight-saving changes of every zone above in it
  now: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 11, 1) }),
  bufferMinutes: fc.option(fc.integer({ min: 0, max: 1440 }), { nil: null }),
  fromOffsetMinutes: fc.option(fc.integer({ min: -3 * 1440, max: 3 * 1440 }), { nil: null }),
  days: fc.integer({ min: 1, max: 28 }),
  probes: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 3, maxLength: 6 }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function requestAt(s: Scenario, now: number): { req: UpcomingRequest; untilAt?: (t: number) => number } {
  const checked: CheckedWindow = {
    zone: s.zone,
    from:
      s.fromOffsetMinutes === null ? { kind: "now" } : { kind: "instant", ms: s.now + s.fromOffsetMinutes * MINUTE },
    days: s.days,
  };
  const req = {
    schedule: s.schedule,
    expertZone: s.expertZone,
    zone: s.zone,
    ...windowRange(checked, s.zone, now),
    now,
    bufferMinutes: s.bufferMinutes,
  };
  return { req, untilAt: checked.from.kind === "now" ? (t) => windowRange(checked, s.zone, t).until : undefined };
}

describe("upcomingChangesAt", () => {
  it("the answer is the same at every moment up to the instant it names", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { req, untilAt } = requestAt(s, s.now);
        const holds = upcomingChangesAt(req, untilAt);
        const answer = upcomingSlots(req);
        const horizon = holds ?? s.now + 2 * 86_400_000;
        expect(horizon).toBeGreaterThanOrEqual(s.now);
        for (const t of [horizon, ...s.probes.map((p) => s.now + Math.floor(p * (horizon - s.now)))]) {
          expect(upcomingSlots(requestAt(s, t).req)).toEqual(answer);
        }
      }),
      { seed: 13, numRuns: 400 },
    );
  });

  it("holds until the next quarter hour after now plus the buffer while an interval is under way", () => {
    const now = Date.UTC(2026, 2, 10, 10, 3, 20); // a Tuesday, 10:03:20 UTC
    const schedule = [{ day_of_week: 2, start_time: "09:00:00", end_time: "17:00:00" }];
    const req = {
      schedule,
      expertZone: "UTC",
      zone: "UTC",
      from: now,
      until: now + 7 * 86_400_000,
      now,
      bufferMinutes: 5,
    };
    expect(upcomingSlots(req)[0].start).toBe("2026-03-10T10:15:00+00:00");
    expect(upcomingChangesAt(req)).toBe(Date.UTC(2026, 2, 10, 10, 10, 0)); // 10:15 minus the 5 minutes' buffer
  });

  it("does not change for a window in the past or an empty schedule", () => {
    const now = Date.UTC(2026, 2, 10, 10, 0, 0);
    const schedule = [{ day_of_week: 1, start_time: "09:00:00", end_time: "17:00:00" }];
    expect(
      upcomingChangesAt({
        schedule,
        expertZone: "UTC",
        zone: "UTC",
        from: now - 9 * 86_400_000,
        until: now - 2 * 86_400_000,
        now,
        bufferMinutes: 0,
      }),
    ).toBeNull();
    expect(
      upcomingChangesAt({
        schedule: [],
        expertZone: "UTC",
        zone: "UTC",
        from: now,
        until: now + 86_400_000,
        now,
        bufferMinutes: 0,
      }),
    ).toBeNull();
  });
});
