import { DATE_OR_DATE_TIME } from "../contract/index.ts";
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
// The contract's pattern of `from` lets through what only a calendar can refuse (2026-02-30T25:00Z).
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2})))?$/;

type GivenFrom = Exclude<CheckedWindow["from"], { kind: "now" }>;

/** `from` as a date or an instant, or null when it names no real day or time. */
function parseFrom(text: string): GivenFrom | null {
  const m = DATE_TIME.exec(text);
  if (!m) return null;
  const [year, month, day] = [m[1], m[2], m[3]].map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (m[4] === undefined) return { kind: "date", year, month, day };
  const [hour, minute, second, offsetHours, offsetMinutes] = [m[4], m[5], m[6], m[9] ?? "0", m[10] ?? "0"].map(Number);
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return null;
  const fraction = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000) : 0;
  const offset = (m[8] === "-" ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  return { kind: "instant", ms: Date.UTC(year, month - 1, day, hour, minute, second, fraction) - offset };
}

const fromMs = (f: GivenFrom) => (f.kind === "instant" ? f.ms : Date.UTC(f.year, f.month - 1, f.day));

/**
 * What the contract's schema cannot say: the zone exists, the date-time is a real instant, and
 * `from` is within a year of now. Throws the 400 naming each bad parameter.
 */
export function checkWindow(query: WindowQuery, now: number): CheckedWindow {
  const errors: FieldError[] = [];
  let zone: string | null = null;
  if (query.tz !== undefined) {
    zone = canonicalZone(query.tz);
    if (!zone)
      errors.push({
        field: "tz",
        message: "is not a known IANA time zone (for example America/New_York or Europe/Berlin)",
      });
  }
  let from: CheckedWindow["from"] = { kind: "now" };
  if (query.from !== undefined) {
    const parsed = parseFrom(query.from);
    if (!parsed) errors.push({ field: "from", message: DATE_OR_DATE_TIME });
    else if (Math.abs(fromMs(parsed) - now) > MAX_DISTANCE)
      errors.push({ field: "from", message: "must be within 366 days of now" });
    else from = parsed;
  }
  if (errors.length) throw validationProblem(errors);
  return { zone, from, days: query.days ?? 7 };
}

/** The range [from, until) in epoch ms, `days` calendar days of `zone` long. */
export function windowRange(w: CheckedWindow, zone: string, now: number): { from: number; until: number } {
  const from =
    w.from.kind === "now"
      ? now
      : w.from.kind === "instant"
        ? w.from.ms
        : instantOf({ year: w.from.year, month: w.from.month, day: w.from.day, hour: 0, minute: 0, second: 0 }, zone);
  return { from, until: instantOf(addDays(wallAt(from, zone), w.days), zone) };
}
