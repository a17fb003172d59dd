import { addDays, formatInZone, instantOf, type WallTime, wallAt, weekday } from "./zoned-time.ts";

/** One recurring weekly window in the expert's zone, as stored (HH:MM:SS, end after start). */
export interface WeeklyWindow {
  day_of_week: number;
  start_time: string;
  end_time: string;
}

export interface UpcomingRequest {
  schedule: WeeklyWindow[];
  /** IANA zone the weekly windows are in (the expert's). */
  expertZone: string;
  /** IANA zone whose offsets the answer carries (the visitor's). */
  zone: string;
  /** The window asked about, [from, until), epoch ms. */
  from: number;
  until: number;
  now: number;
  bufferMinutes: number | null;
}

export interface UpcomingSlot {
  start: string;
  end: string;
}

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
// Schedules cannot store 24:00 (end_time > start_time, both times of day), so a window that runs
// to midnight ends at 23:59:59; read that as midnight so it joins the next day's 00:00 window.
const END_OF_DAY = "23:59:59";

function clock(date: WallTime, time: string): WallTime {
  const [hour, minute, second] = time.split(":").map(Number);
  return { ...date, hour, minute, second: second ?? 0 };
}

/**
 * The concrete intervals of a weekly schedule that overlap [from, until), earliest first. Each
 * window is placed on the expert's own calendar (so 09:00 stays 09:00 across their daylight-saving
 * change), windows that touch are joined (a night across midnight is one interval), and nothing
 * earlier than now + booking buffer is offered: an interval under way starts at the next quarter
 * hour after that.
 */
export function upcomingSlots(req: UpcomingRequest): UpcomingSlot[] {
  const earliest = Math.max(req.from, req.now + (req.bufferMinutes ?? 0) * MINUTE);
  if (earliest >= req.until || req.schedule.length === 0) return [];

  // Every expert-local date that can hold part of the range; one day before for windows already
  // under way at its start.
  const first = addDays({ ...wallAt(earliest, req.expertZone), hour: 0, minute: 0, second: 0 }, -1);
  const last = wallAt(req.until, req.expertZone);
  const intervals: [number, number][] = [];
  for (let date = first, i = 0; i < 40; date = addDays(date, 1), i++) {
    const day = weekday(date);
    for (const w of req.schedule) {
      if (w.day_of_week !== day) continue;
      const start = instantOf(clock(date, w.start_time), req.expertZone);
      const end = w.end_time === END_OF_DAY
        ? instantOf(clock(addDays(date, 1), "00:00:00"), req.expertZone)
        : instantOf(clock(date, w.end_time), req.expertZone);
      if (end > start) intervals.push([start, end]);
    }
    if (date.year === last.year && date.month === last.month && date.day === last.day) break;
  }

  intervals.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of intervals) {
    const previous = merged[merged.length - 1];
    if (previous && start <= previous[1]) previous[1] = Math.max(previous[1], end);
    else merged.push([start, end]);
  }

  const out: UpcomingSlot[] = [];
  for (let [start, end] of merged) {
    if (end <= earliest || start >= req.until) continue;
    if (start < earliest) start = Math.ceil(earliest / QUARTER) * QUARTER;
    if (start >= end) continue;
    out.push({ start: formatInZone(start, req.zone), end: formatInZone(end, req.zone) });
  }
  return out;
}
