import type { components } from "../../generated/agents.ts";
import type { Sql } from "../db/connect.ts";
import { type CheckedWindow, windowRange } from "./availability-window.ts";
import { upcomingChangesAt, upcomingSlots } from "./free-slots.ts";
import { type AvailabilitySlot, weeklySlotsColumn } from "./schedule.ts";
import { expertNotFound } from "./slug.ts";

export type ExpertAvailability = components["schemas"]["ExpertAvailability"];

const NEXT_WEEK: CheckedWindow = { zone: null, from: { kind: "now" }, days: 7 };

/**
 * The recurring weekly schedule of a public, verified expert, and its concrete intervals in the
 * window asked for (default: the next 7 days in the expert's zone); 404 otherwise. No intervals
 * are offered when they cannot be placed (zone unknown) or booked (not accepting, closed).
 */
export async function getExpertAvailability(
  sql: Sql,
  slug: string,
  window: CheckedWindow = NEXT_WEEK,
  now = Date.now(),
): Promise<ExpertAvailability> {
  return (await expertAvailabilityAt(sql, slug, window, now)).availability;
}

/**
 * getExpertAvailability, and until when its answer holds as time passes (`upcoming` is computed
 * from now): epoch ms, or null when nothing in it depends on the time (upcomingChangesAt).
 */
export async function expertAvailabilityAt(
  sql: Sql,
  slug: string,
  window: CheckedWindow,
  now: number,
): Promise<{ availability: ExpertAvailability; holdsUntil: number | null }> {
  const [row] = await sql<
    {
      timezone: string | null;
      availability_status: ExpertAvailability["availability_status"];
      booking_buffer_minutes: number | null;
      accepting_clients: boolean | null;
      slots: AvailabilitySlot[];
    }[]
  >`
    select e.timezone, e.availability_status, e.booking_buffer_minutes, e.accepting_clients,
      ${weeklySlotsColumn(sql, false)} as slots
    from experts e where e.slug = ${slug} and e.is_public and e.is_verified`;
  if (!row) throw expertNotFound(slug);
  const slots = row.slots;
  const zone = window.zone ?? row.timezone;
  const bookable = row.accepting_clients !== false && row.availability_status !== "closed";
  let upcoming: ExpertAvailability["upcoming"] = [];
  let holdsUntil: number | null = null;
  if (zone && row.timezone && bookable) {
    const range = windowRange(window, zone, now);
    const request = {
      schedule: slots,
      expertZone: row.timezone,
      zone,
      ...range,
      now,
      bufferMinutes: row.booking_buffer_minutes,
    };
    upcoming = upcomingSlots(request);
    const untilAt = window.from.kind === "now" ? (later: number) => windowRange(window, zone, later).until : undefined;
    holdsUntil = upcomingChangesAt(request, untilAt);
  }
  const availability = {
    slots,
    timezone: row.timezone,
    availability_status: row.availability_status,
    booking_buffer_minutes: row.booking_buffer_minutes,
    upcoming_timezone: zone,
    upcoming,
  };
  return { availability, holdsUntil };
}
