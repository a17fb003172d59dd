import { describe, expect, it } from "bun:test";
import { type WeeklyWindow, upcomingSlots } from "../src/experts/free-slots.ts";
import { canonicalZone, formatInZone, instantOf } from "../src/experts/zoned-time.ts";

// Concrete intervals of a weekly schedule across daylight-saving changes (2026: New York springs
// forward on 8 March and falls back on 1 November; Berlin on 29 March and 25 October; Sydney
// falls back on 5 April and springs forward on 4 October; Seoul never changes).

const at = (iso: string) => Date.parse(iso);
const weekdays = (start: string, end: string, days = [1, 2, 3, 4, 5]): WeeklyWindow[] =>
  days.map((day_of_week) => ({ day_of_week, start_time: start, end_time: end }));

function slots(o: {
  schedule: WeeklyWindow[];
  expertZone: string;
  zone?: string;
  from: string;
  days?: number;
  now?: string;
  buffer?: number;
}) {
  const from = at(o.from);
  return upcomingSlots({
    schedule: o.schedule,
    expertZone: o.expertZone,
    zone: o.zone ?? o.expertZone,
    from,
    until: from + (o.days ?? 7) * 86_400_000,
    now: o.now ? at(o.now) : from - 86_400_000,
    bufferMinutes: o.buffer ?? null,
  });
}

const starts = (list: { start: string }[]) => list.map((s) => s.start);

describe("zoned time", () => {
  it("knows IANA zones and refuses offsets and nonsense", () => {
    expect(canonicalZone("europe/berlin")).toBe("Europe/Berlin");
    expect(canonicalZone("UTC")).toBe("UTC");
    expect(canonicalZone("+01:00")).toBeNull();
    expect(canonicalZone("Mars/Olympus_Mons")).toBeNull();
  });

  it("resolves a wall time that never happens forward, one that happens twice to the earlier", () => {
    const zone = "America/New_York";
    expect(formatInZone(instantOf({ year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0 }, zone), zone)).toBe(
      "2026-03-08T03:30:00-04:00",
    );
    expect(formatInZone(instantOf({ year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0 }, zone), zone)).toBe(
      "2026-11-01T01:30:00-04:00",
    );
    expect(formatInZone(at("2026-11-01T06:30:00Z"), zone)).toBe("2026-11-01T01:30:00-05:00");
    expect(formatInZone(at("2026-07-01T00:00:00Z"), "Asia/Kathmandu")).toBe("2026-07-01T05:45:00+05:45");
  });
});

describe("upcoming slots in the expert's own zone", () => {
  it("New York, March: 09:00 stays 09:00 on both sides of the change", () => {
    const list = slots({
      schedule: weekdays("09:00:00", "17:00:00"),
      expertZone: "America/New_York",
      from: "2026-03-06T05:00:00Z",
      days: 4,
    });
    expect(list).toEqual([
      { start: "2026-03-06T09:00:00-05:00", end: "2026-03-06T17:00:00-05:00" },
      { start: "2026-03-09T09:00:00-04:00", end: "2026-03-09T17:00:00-04:00" },
    ]);
  });

  it("New York, November: a window across the repeated hour lasts an hour longer", () => {
    const list = slots({
      schedule: [{ day_of_week: 0, start_time: "00:30:00", end_time: "03:00:00" }],
      expertZone: "America/New_York",
      from: "2026-10-31T12:00:00Z",
      days: 2,
    });
    expect(list).toEqual([{ start: "2026-11-01T00:30:00-04:00", end: "2026-11-01T03:00:00-05:00" }]);
    expect(at(list[0].end) - at(list[0].start)).toBe(3.5 * 3_600_000);
  });

  it("Sydney, October: a window across the skipped hour lasts an hour less; April: an hour more", () => {
    const sunday = [{ day_of_week: 0, start_time: "01:00:00", end_time: "04:00:00" }];
    const october = slots({ schedule: sunday, expertZone: "Australia/Sydney", from: "2026-10-02T00:00:00Z", days: 3 });
    expect(october).toEqual([{ start: "2026-10-04T01:00:00+10:00", end: "2026-10-04T04:00:00+11:00" }]);
    expect(at(october[0].end) - at(october[0].start)).toBe(2 * 3_600_000);
    const april = slots({ schedule: sunday, expertZone: "Australia/Sydney", from: "2026-04-03T00:00:00Z", days: 3 });
    expect(april).toEqual([{ start: "2026-04-05T01:00:00+11:00", end: "2026-04-05T04:00:00+10:00" }]);
  });

  it("Berlin, March and October: office hours keep their wall time", () => {
    const march = slots({
      schedule: weekdays("09:00:00", "17:00:00", [5, 1]),
      expertZone: "Europe/Berlin",
      from: "2026-03-27T00:00:00Z",
      days: 4,
    });
    expect(starts(march)).toEqual(["2026-03-27T09:00:00+01:00", "2026-03-30T09:00:00+02:00"]);
    const october = slots({
      schedule: weekdays("09:00:00", "17:00:00", [5, 1]),
      expertZone: "Europe/Berlin",
      from: "2026-10-23T00:00:00Z",
      days: 4,
    });
    expect(starts(october)).toEqual(["2026-10-23T09:00:00+02:00", "2026-10-26T09:00:00+01:00"]);
  });
});

describe("upcoming slots in the visitor's zone", () => {
  it("a Berlin expert seen from New York: 5 h apart between the two March changes, 6 h otherwise", () => {
    const list = slots({
      schedule: weekdays("09:00:00", "17:00:00", [1]),
      expertZone: "Europe/Berlin",
      zone: "America/New_York",
      from: "2026-03-01T00:00:00Z",
      days: 30,
    });
    expect(starts(list)).toEqual([
      "2026-03-02T03:00:00-05:00", // both on winter time: 6 h
      "2026-03-09T04:00:00-04:00", // New York on summer time, Berlin not yet: 5 h
      "2026-03-16T04:00:00-04:00",
      "2026-03-23T04:00:00-04:00",
      "2026-03-30T03:00:00-04:00", // both on summer time: 6 h
    ]);
  });

  it("a Berlin expert seen from New York in October/November: 5 h in the week between the changes", () => {
    const list = slots({
      schedule: weekdays("09:00:00", "17:00:00", [1]),
      expertZone: "Europe/Berlin",
      zone: "America/New_York",
      from: "2026-10-18T00:00:00Z",
      days: 21,
    });
    expect(starts(list)).toEqual([
      "2026-10-19T03:00:00-04:00",
      "2026-10-26T04:00:00-04:00",
      "2026-11-02T03:00:00-05:00",
    ]);
  });

  it("a Seoul expert (no daylight saving) seen from Berlin in March and October", () => {
    const monday = weekdays("09:00:00", "12:00:00", [1]);
    expect(
      starts(
        slots({
          schedule: monday,
          expertZone: "Asia/Seoul",
          zone: "Europe/Berlin",
          from: "2026-03-20T00:00:00Z",
          days: 14,
        }),
      ),
    ).toEqual(["2026-03-23T01:00:00+01:00", "2026-03-30T02:00:00+02:00"]);
    expect(
      starts(
        slots({
          schedule: monday,
          expertZone: "Asia/Seoul",
          zone: "Europe/Berlin",
          from: "2026-10-17T00:00:00Z",
          days: 14,
        }),
      ),
    ).toEqual(["2026-10-19T02:00:00+02:00", "2026-10-26T01:00:00+01:00"]);
  });

  it("a Sydney expert seen from New York across New York's March change, and from Seoul in October", () => {
    const monday = weekdays("09:00:00", "10:00:00", [1]);
    expect(
      starts(
        slots({
          schedule: monday,
          expertZone: "Australia/Sydney",
          zone: "America/New_York",
          from: "2026-02-28T00:00:00Z",
          days: 14,
        }),
      ),
    ).toEqual(["2026-03-01T17:00:00-05:00", "2026-03-08T18:00:00-04:00"]);
    expect(
      starts(
        slots({
          schedule: monday,
          expertZone: "Australia/Sydney",
          zone: "Asia/Seoul",
          from: "2026-09-27T00:00:00Z",
          days: 14,
        }),
      ),
    ).toEqual(["2026-09-28T08:00:00+09:00", "2026-10-05T07:00:00+09:00"]);
  });

  it("a Seoul afternoon is the New York night before: the interval crosses midnight in the visitor's zone", () => {
    const list = slots({
      schedule: weekdays("11:00:00", "16:00:00", [1]),
      expertZone: "Asia/Seoul",
      zone: "America/New_York",
      from: "2026-03-08T00:00:00Z",
      days: 7,
    });
    expect(list).toEqual([{ start: "2026-03-08T22:00:00-04:00", end: "2026-03-09T03:00:00-04:00" }]);
  });
});

describe("schedules across midnight, buffers and windows", () => {
  it("joins a late window ending at 23:59:59 with the next day's window from 00:00", () => {
    const night = [
      { day_of_week: 5, start_time: "22:00:00", end_time: "23:59:59" },
      { day_of_week: 6, start_time: "00:00:00", end_time: "02:00:00" },
    ];
    const list = slots({ schedule: night, expertZone: "Europe/Berlin", from: "2026-06-01T00:00:00Z", days: 7 });
    expect(list).toEqual([{ start: "2026-06-05T22:00:00+02:00", end: "2026-06-06T02:00:00+02:00" }]);
  });

  it("joins across midnight on the night Berlin falls back (the night is an hour longer)", () => {
    const night = [
      { day_of_week: 6, start_time: "22:00:00", end_time: "23:59:59" },
      { day_of_week: 0, start_time: "00:00:00", end_time: "04:00:00" },
    ];
    const [interval] = slots({ schedule: night, expertZone: "Europe/Berlin", from: "2026-10-23T00:00:00Z", days: 3 });
    expect(interval).toEqual({ start: "2026-10-24T22:00:00+02:00", end: "2026-10-25T04:00:00+01:00" });
    expect(at(interval.end) - at(interval.start)).toBe(7 * 3_600_000);
  });

  it("skips what lies within the booking buffer and starts a running window at the next quarter hour", () => {
    const list = slots({
      schedule: weekdays("09:00:00", "17:00:00"),
      expertZone: "Asia/Seoul",
      from: "2026-06-01T01:07:00Z", // Monday 10:07 in Seoul
      now: "2026-06-01T01:07:00Z",
      buffer: 60,
      days: 1,
    });
    expect(list).toEqual([
      { start: "2026-06-01T11:15:00+09:00", end: "2026-06-01T17:00:00+09:00" },
      { start: "2026-06-02T09:00:00+09:00", end: "2026-06-02T17:00:00+09:00" },
    ]);
  });

  it("offers nothing when the buffer reaches past the window, or with no schedule", () => {
    expect(
      slots({
        schedule: weekdays("09:00:00", "17:00:00"),
        expertZone: "UTC",
        from: "2026-06-01T00:00:00Z",
        now: "2026-06-01T00:00:00Z",
        buffer: 60 * 24 * 30,
      }),
    ).toEqual([]);
    expect(slots({ schedule: [], expertZone: "UTC", from: "2026-06-01T00:00:00Z" })).toEqual([]);
  });

  it("keeps 28 days of a full week's schedule in order, none outside the window", () => {
    const every = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ day_of_week: d, start_time: "08:00:00", end_time: "09:00:00" }));
    const list = slots({
      schedule: every,
      expertZone: "Australia/Sydney",
      zone: "America/New_York",
      from: "2026-03-20T00:00:00Z",
      days: 28,
    });
    expect(list.length).toBe(28);
    const times = list.map((s) => at(s.start));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times[0]).toBeGreaterThanOrEqual(at("2026-03-20T00:00:00Z"));
    expect(times.at(-1)!).toBeLessThan(at("2026-04-17T00:00:00Z"));
  });
});
