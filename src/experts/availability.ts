import type { components } from "../../generated/agents.ts";
import type { Sql } from "../db/connect.ts";
import { weeklySlots } from "./schedule.ts";
import { expertNotFound } from "./slug.ts";

export type ExpertAvailability = components["schemas"]["ExpertAvailability"];

/** The recurring weekly schedule of a public, verified expert; 404 otherwise. */
export async function getExpertAvailability(sql: Sql, slug: string): Promise<ExpertAvailability> {
  const [row] = await sql<
    { id: string; timezone: string | null; availability_status: ExpertAvailability["availability_status"]; booking_buffer_minutes: number | null }[]
  >`
    select id, timezone, availability_status, booking_buffer_minutes
    from experts where slug = ${slug} and is_public and is_verified`;
  if (!row) throw expertNotFound(slug);
  return {
    slots: await weeklySlots(sql, row.id),
    timezone: row.timezone,
    availability_status: row.availability_status,
    booking_buffer_minutes: row.booking_buffer_minutes,
  };
}
