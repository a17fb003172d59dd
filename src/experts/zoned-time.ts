/**
 * Wall-clock arithmetic in IANA time zones with nothing but Intl.DateTimeFormat (no Temporal,
 * no time-zone database of our own): the offset of a zone at an instant, the instant of a wall
 * time, and RFC 3339 text with a zone's offset. Times are epoch milliseconds.
 */

import { Lru } from "../cache/lru.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface WallTime {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      era: "short",
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The canonical name of an IANA zone ("europe/berlin" → "Europe/Berlin"), or null if unknown. */
export function canonicalZone(name: string): string | null {
  // Offsets ("+01:00") are valid to Intl but are no IANA zone and have no daylight-saving rules.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

// Calendar arithmetic by integer formulas (H. Hinnant's days_from_civil and civil_from_days,
// proleptic Gregorian like Date): an availability answer converts a few hundred dates, and a Date
// object for each (with setUTCFullYear, for years 0-99) was a third of its CPU once the zone
// lookups were cached. Values out of their range (month 13, hour 24), which Date treats in its own ways, or (past ±8.64e15 ms) take
// the Date path, so the results are Date's in every case.
const MAX_MS = 8.64e15;

const inRange = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

/** Days since 1970-01-01 of a proleptic Gregorian date, month 1-12. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}

/** Milliseconds since the epoch of a wall time read as if it were UTC (years 0-99 included). */
export function wallAsUtc(w: WallTime): number {
  if (
    inRange(w.month, 1, 12) &&
    inRange(w.hour, 0, 23) &&
    inRange(w.minute, 0, 59) &&
    inRange(w.second, 0, 59) &&
    Number.isInteger(w.day)
  ) {
    const ms = daysFromCivil(w.year, w.month, w.day) * DAY + ((w.hour * 60 + w.minute) * 60 + w.second) * 1000;
    if (Math.abs(ms) <= MAX_MS) return ms;
  }
  const d = new Date(Date.UTC(2000, w.month - 1, w.day, w.hour, w.minute, w.second));
  d.setUTCFullYear(w.year, w.month - 1, w.day);
  return d.getTime();
}

export function wallOfUtc(instant: number): WallTime {
  const ms = Math.trunc(instant); // as Date does (TimeClip)
  if (!(Math.abs(ms) <= MAX_MS)) {
    const d = new Date(ms);
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
    };
  }
  const days = Math.floor(ms / DAY);
  const inDay = ms - days * DAY;
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  return {
    year: yoe + era * 400 + (month <= 2 ? 1 : 0),
    month,
    day: doy - Math.floor((153 * mp + 2) / 5) + 1,
    hour: Math.floor(inDay / 3_600_000),
    minute: Math.floor((inDay % 3_600_000) / 60_000),
    second: Math.floor((inDay % 60_000) / 1000),
  };
}

// formatToParts is most of an availability answer's CPU (each answer asks for a few hundred
// instants), and the same instants come back request after request: the day boundaries and
// window edges of the coming weeks. wallAt is a pure function of (instant, zone), so its answers
// are kept, frozen, in a map per zone. The maps of all zones share one budget per cache (a client
// choosing `tz` and `from` at random must not fill ~445 zones' worth): least recently used zones
// out first. An entry (a number key and a small frozen object or a 25-character string) is
// counted as ~160 bytes; 4 MiB is ~26,000 answers per cache, three caches (docs/operations.md, Bounds).
export const ZONE_CACHE_BYTES = 4 * 1024 * 1024;
const ZONE_ENTRY_BYTES = 160;

/** The caches of this module, for /metrics (src/metrics/cache-metrics.ts). */
export const zonedTimeCaches: Lru<string, Map<number, unknown>>[] = [];

/** Remembers a pure function of (number, zone), in maps per zone bounded together as above. */
function memoPerZone<V>(name: string, compute: (key: number, zone: string) => V): (key: number, zone: string) => V {
  const zones = new Lru<string, Map<number, V>>({
    name,
    maxEntries: 1000, // more than the IANA zones: the byte budget is what binds
    maxSize: ZONE_CACHE_BYTES,
    sizeOf: (known) => (known.size + 1) * ZONE_ENTRY_BYTES,
  });
  zonedTimeCaches.push(zones as Lru<string, Map<number, unknown>>);
  return (key, zone) => {
    let known = zones.touch(zone);
    let value = known?.get(key);
    zones.record(value !== undefined);
    if (value === undefined) {
      value = compute(key, zone);
      // Read again: computing may have used (and so reordered or evicted) this cache's zones.
      known = zones.touch(zone);
      if (!known) zones.set(zone, (known = new Map()));
      known.set(key, value);
      zones.resized(zone);
    }
    return value;
  };
}

const HOUR = 3_600_000;

/** The wall time in `zone` at an instant. */
export function wallAt(instant: number, zone: string): Readonly<WallTime> {
  // Instants that move with the clock (now, now + a week) would miss the cache every time: they
  // are read from the offsets at the two ends of their hour, which are cached, whenever those are
  // equal. No zone changes its offset twice within an hour, so equal ends mean no change between.
  const hour = Math.floor(instant / HOUR) * HOUR;
  if (hour !== instant && Number.isFinite(instant)) {
    const offset = offsetAt(hour, zone);
    if (offsetAt(hour + HOUR, zone) === offset) return wallOfUtc(instant + offset);
  }
  return exactWallAt(instant, zone);
}

const exactWallAt = memoPerZone(
  "zoned-time:wall",
  (instant, zone): Readonly<WallTime> => Object.freeze(formatWall(instant, zone)),
);

function formatWall(instant: number, zone: string): WallTime {
  const parts: Record<string, string> = {};
  for (const p of formatter(zone).formatToParts(new Date(instant))) parts[p.type] = p.value;
  const year = Number(parts.year);
  return {
    year: parts.era === "BC" ? 1 - year : year,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The UTC offset of `zone` at an instant, in milliseconds (east positive), to the whole second. */
export function offsetAt(instant: number, zone: string): number {
  const floored = Math.floor(instant / 1000) * 1000;
  return wallAsUtc(wallAt(floored, zone)) - floored;
}

/**
 * The instant a wall time happens in `zone`, resolved as Temporal's "compatible" does: a time
 * that happens twice (clocks turned back) is the earlier one; a time that never happens (clocks
 * turned forward) is moved forward by the gap, so 02:30 on the morning New York springs forward
 * is 03:30 EDT. Assumes at most one transition within a day either side, as every zone has.
 */
export function instantOf(w: WallTime, zone: string): number {
  // Pure in (local, zone), and asked for the same window edges on every request (see wallAt).
  return resolvedInstant(wallAsUtc(w), zone);
}

const resolvedInstant = memoPerZone("zoned-time:instant", resolveInstant);

function resolveInstant(local: number, zone: string): number {
  const before = offsetAt(local - DAY, zone);
  const after = offsetAt(local + DAY, zone);
  const candidates = [...new Set([before, after])]
    .map((offset) => local - offset)
    .filter((instant) => wallAsUtc(wallAt(instant, zone)) === local)
    .sort((a, b) => a - b);
  if (candidates.length) return candidates[0];
  return local - before; // in the gap: read with the offset from before the jump
}

function pad(n: number, width = 2): string {
  return String(Math.abs(n)).padStart(width, "0");
}

/** RFC 3339 text of an instant with the offset `zone` has then: 2026-03-08T09:00:00-04:00. */
export function formatInZone(instant: number, zone: string): string {
  // The edges of the coming weeks' intervals, asked again on every request (see wallAt).
  return offsetTimeText(instant, zone);
}

const offsetTimeText = memoPerZone("zoned-time:text", formatOffsetTime);

function formatOffsetTime(instant: number, zone: string): string {
  const offset = offsetAt(instant, zone);
  const w = wallOfUtc(Math.floor(instant / 1000) * 1000 + offset);
  const minutes = Math.round(Math.abs(offset) / MINUTE);
  const sign = offset < 0 ? "-" : "+";
  const year = w.year < 0 ? `-${pad(w.year, 6)}` : pad(w.year, 4);
  return `${year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The wall date `days` calendar days after `w` (the time of day is kept). */
export function addDays(w: WallTime, days: number): WallTime {
  return wallOfUtc(wallAsUtc(w) + days * DAY);
}

/** 0 = Sunday … 6 = Saturday, of a wall date. */
export function weekday(w: WallTime): number {
  const days = Math.floor(wallAsUtc({ ...w, hour: 12, minute: 0, second: 0 }) / DAY);
  return Number.isNaN(days) ? NaN : (((days + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}
