import { type FieldError, validationProblem } from "../http/problem.ts";
import { addDays, canonicalZone, instantOf, wallAt } from "./zoned-time.ts";

/** The optional `tz`, `from` and `days` of getExpertAvailability, as the contract names them. */
export interface WindowQuery {
  tz?: string;
  from?: string;
  days?: number;
}

/** A checked query: the zone (null = the expert's) and how `from` was given. */
export interface CheckedWindow {
  zone: string | null;
  from: { kind: "now" } | { kind: "instant"; ms: number } | { kind: "date"; year: number; month: number; day: number };
  days: number;
}

const DAY = 86_400_000;
const MAX_DISTANCE = 366 * DAY;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * What the contract's schema cannot say: the zone exists, the date-time is a real instant, and
 * `from` is within a year of now. Throws the 400 naming each bad parameter.
 */
export function checkWindow(query: WindowQuery, now: number): CheckedWindow {
  const errors: FieldError[] = [];
  let zone: string | null = null;
  if (query.tz !== undefined) {
    zone = canonicalZone(query.tz);
    if (!zone) errors.push({ field: "tz", message: "is not a known IANA time zone (for example America/New_York or Europe/Berlin)" });
  }
  let from: CheckedWindow["from"] = { kind: "now" };
  if (query.from !== undefined) {
    const date = DATE.exec(query.from);
    const ms = date ? Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3])) : Date.parse(query.from);
    if (Number.isNaN(ms)) errors.push({ field: "from", message: "must be a date (2026-03-10) or an RFC 3339 date-time with offset" });
    else if (Math.abs(ms - now) > MAX_DISTANCE) errors.push({ field: "from", message: "must be within 366 days of now" });
    else from = date ? { kind: "date", year: Number(date[1]), month: Number(date[2]), day: Number(date[3]) } : { kind: "instant", ms };
  }
  if (errors.length) throw validationProblem(errors);
  return { zone, from, days: query.days ?? 7 };
}

/** The range [from, until) in epoch ms, `days` calendar days of `zone` long. */
export function windowRange(w: CheckedWindow, zone: string, now: number): { from: number; until: number } {
  const from =
    w.from.kind === "now" ? now
    : w.from.kind === "instant" ? w.from.ms
    : instantOf({ year: w.from.year, month: w.from.month, day: w.from.day, hour: 0, minute: 0, second: 0 }, zone);
  return { from, until: instantOf(addDays(wallAt(from, zone), w.days), zone) };
}
