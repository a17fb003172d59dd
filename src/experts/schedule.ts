import type { components } from "../../generated/agents.ts";
import type { Sql } from "../db/connect.ts";

export type AvailabilitySlot = components["schemas"]["AvailabilitySlot"];
export type ScheduleEntry = components["schemas"]["ScheduleEntry"];

const DAYS: ScheduleEntry["day"][] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** An expert's recurring weekly slots, Sunday first, in the expert's own timezone. */
export async function weeklySlots(sql: Sql, expertId: string): Promise<AvailabilitySlot[]> {
  return sql<AvailabilitySlot[]>`
    select day_of_week::int as day_of_week, start_time::text as start_time, end_time::text as end_time
    from schedule_slots where expert_id = ${expertId}
    order by day_of_week, start_time`;
}

export function toScheduleEntry(slot: AvailabilitySlot): ScheduleEntry {
  return { day: DAYS[slot.day_of_week], ...slot };
}
