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

// A schedule has a handful of distinct times ("09:00:00"), each placed on ~45 days per answer.
const clockTimes = new Map<string, [number, number, number]>();

function clock(date: WallTime, time: string): WallTime {
  let parts = clockTimes.get(time);
  if (!parts) {
    const [hour, minute, second] = time.split(":").map(Number);
    parts = [hour, minute, second ?? 0];
    if (clockTimes.size < 10_000) clockTimes.set(time, parts);
  }
  return { year: date.year, month: date.month, day: date.day, hour: parts[0], minute: parts[1], second: parts[2] };
}

/**
 * The weekly windows placed on the expert's calendar from the day before `earliest` to `extraDays`
 * after `until` (upcomingChangesAt looks a week on, for the next interval past the window),
 * touching ones joined, earliest first.
 */
function placedIntervals(req: UpcomingRequest, earliest: number, extraDays = 0): [number, number][] {
  // Every expert-local date that can hold part of the range; one day before for windows already
  // under way at its start.
  const first = addDays({ ...wallAt(earliest, req.expertZone), hour: 0, minute: 0, second: 0 }, -1);
  const last = addDays(wallAt(req.until, req.expertZone), extraDays);
  const intervals: [number, number][] = [];
  for (let date = first, i = 0; i < 45; date = addDays(date, 1), i++) {
    const day = weekday(date);
    for (const w of req.schedule) {
      if (w.day_of_week !== day) continue;
      const start = instantOf(clock(date, w.start_time), req.expertZone);
      const end =
        w.end_time === END_OF_DAY
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
  return merged;
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
  const out: UpcomingSlot[] = [];
  for (let [start, end] of placedIntervals(req, earliest)) {
    if (end <= earliest || start >= req.until) continue;
    if (start < earliest) start = Math.ceil(earliest / QUARTER) * QUARTER;
    if (start >= end) continue;
    out.push({ start: formatInZone(start, req.zone), end: formatInZone(end, req.zone) });
  }
  return out;
}

const HOUR = 60 * MINUTE;

/**
 * The last instant (epoch ms, ≥ now) up to which upcomingSlots, asked again with a later `now`,
 * gives the same answer; null when the answer never changes with time. Caches use it so a stored
 * answer is not reused past the moment it would differ. Every way the answer moves is monotone in
 * `now` (the first interval's start rounds up to the quarter hour after now + buffer, ended
 * intervals drop off the front, a window that moves with now lists new intervals at its end), so
 * the earliest of those events bounds it:
 * - now + buffer passing the next quarter hour, the first listed interval's start or its end
 *   (conservative: the quarter hour counts even when no interval is under way);
 * - with `untilAt` (the window's end for a later now, when `from` is now), the window's end passing
 *   the start of the next interval beyond it; an hour earlier if a daylight-saving change makes
 *   the window's end move unevenly, now itself if even that does not hold.
 */
export function upcomingChangesAt(req: UpcomingRequest, untilAt?: (now: number) => number): number | null {
  if (req.schedule.length === 0) return null;
  const buffer = (req.bufferMinutes ?? 0) * MINUTE;
  const earliest = Math.max(req.from, req.now + buffer);
  const merged = placedIntervals(req, earliest, untilAt ? 8 : 0);
  let next = Infinity;
  const front = merged.find(([, end]) => end > earliest);
  // A start holds while now + buffer has not passed it (then it is rounded up to a quarter hour,
  // which may swallow a short interval), a rounded start through its quarter hour; an interval is
  // gone once its end is reached.
  if (front && front[0] < req.until) {
    const passesStart = front[0] > earliest ? front[0] : Infinity;
    next = Math.min(Math.ceil(earliest / QUARTER) * QUARTER, passesStart, front[1] - 1) - buffer;
  }
  const beyond = untilAt && merged.find(([start]) => start >= req.until);
  if (beyond) {
    // The end moves with now, to the second; checked, since the window's end never moves back.
    let when = req.now + (beyond[0] - req.until) - 1000;
    if (untilAt(when) > beyond[0]) when -= HOUR;
    if (untilAt(when) > beyond[0]) when = req.now;
    next = Math.min(next, when);
  }
  return next === Infinity ? null : Math.max(next, req.now);
}
