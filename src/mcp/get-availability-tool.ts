import { type ExpertAvailability, getExpertAvailability } from "../experts/availability.ts";
import { checkWindow } from "../experts/availability-window.ts";
import { checkSlug } from "../experts/slug.ts";
import { SLUG_ARGUMENT, unknownExpertText } from "./get-expert-tool.ts";
import { contractTool } from "./tool-registry.ts";
import { toolResult } from "./tool-result.ts";

// A tool of its own rather than more inputs of get_expert: it answers exactly what REST's
// getExpertAvailability answers (same inputs, same output schema), and an agent asking "who is
// free on Tuesday afternoon, my time?" need not read whole profiles.

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** The intervals as lines an agent can read out: "Tue 2026-03-10 14:00–17:00 (-04:00)". */
export function renderAvailability(slug: string, a: ExpertAvailability): string {
  const weekly = a.slots.map((s) => `- ${DAYS[s.day_of_week]} ${s.start_time.slice(0, 5)}-${s.end_time.slice(0, 5)}`);
  const upcoming = a.upcoming.map((u) => {
    const day = DAYS[new Date(`${u.start.slice(0, 10)}T12:00:00Z`).getUTCDay()].slice(0, 3);
    return `- ${day} ${u.start.slice(0, 10)} ${u.start.slice(11, 16)} to ${u.end.slice(0, 10) === u.start.slice(0, 10) ? "" : `${u.end.slice(0, 10)} `}${u.end.slice(11, 16)} (UTC${u.start.slice(19)})`;
  });
  return [
    `Availability of ${slug}${a.availability_status ? ` (status ${a.availability_status})` : ""}.`,
    a.booking_buffer_minutes !== null ? `Needs ${a.booking_buffer_minutes} minutes' notice.` : null,
    `Weekly hours${a.timezone ? ` in ${a.timezone}` : ""}:`,
    ...(weekly.length ? weekly : ["- none published"]),
    `Free intervals${a.upcoming_timezone ? ` in ${a.upcoming_timezone}` : ""} (not yet booked sessions are not known; book through the profile's booking_url or submit_inquiry):`,
    ...(a.upcoming.length
      ? upcoming
      : ["- none in this window (not accepting clients, closed, unknown time zone, or no hours in the window)"]),
  ]
    .filter((l) => l !== null)
    .join("\n");
}

export const getAvailabilityTool = contractTool({
  name: "get_availability",
  title: "Get an expert's free times",
  description:
    "An expert's weekly hours (in the expert's time zone) and the concrete free intervals of the next days as " +
    "RFC 3339 times in the user's time zone (tz), correct across daylight-saving changes, leaving out the expert's " +
    'booking notice. Use it to answer "who can I see on Tuesday afternoon, my time?": pass the user\'s tz and that day as from.',
  operation: "getExpertAvailability",
  arguments: {
    slug: SLUG_ARGUMENT,
    tz: "The user's IANA time zone, e.g. America/New_York or Europe/Berlin: the upcoming intervals come with its UTC offset. Default: the expert's own zone.",
    from: "Start of the window: a date (2026-03-10, from midnight in tz) or an RFC 3339 date-time with offset. Default: now. At most 366 days away.",
    days: "Length of the window in days, 1 to 28 (default 7).",
  },
  annotations: { title: "Get an expert's free times", readOnlyHint: true, openWorldHint: false },
  wording: (p, { slug }) => (p.status === 404 ? unknownExpertText(slug) : undefined),
  handler:
    (deps) =>
    async ({ slug, ...query }, caller) => {
      await deps.rateLimit("availability", caller);
      const now = Date.now();
      const window = checkWindow(query, now);
      const availability = await getExpertAvailability(deps.sql, checkSlug(slug), window, now);
      return toolResult(availability, renderAvailability(slug, availability));
    },
});
