import type { components } from "../../generated/agents.ts";
import type { Sql } from "../db/connect.ts";

export type AvailabilitySlot = components["schemas"]["AvailabilitySlot"];
export type ScheduleEntry = components["schemas"]["ScheduleEntry"];

/**
 * The weekly slots of the expert `e` of the surrounding query, Sunday first, in the expert's own
 * timezone, as one JSON array column: read in the same statement as the expert rather than by a
 * second query, since each statement costs a round trip and the client's parsing of its rows.
 * With `named`, each slot also carries its day's English name (the profile's ScheduleEntry).
 */
export function weeklySlotsColumn(sql: Sql, named: boolean) {
  const day = named
    ? sql`'day', (array['Sunday','Monday','Tuesday','Wednesday','Thursday','Friday','Saturday'])[ss.day_of_week + 1],`
    : sql``;
  return sql`coalesce((
    select json_agg(json_build_object(${day}
             'day_of_week', ss.day_of_week, 'start_time', ss.start_time::text, 'end_time', ss.end_time::text)
           order by ss.day_of_week, ss.start_time)
    from schedule_slots ss where ss.expert_id = e.id), '[]')`;
}
