import type { Rng } from "./prng.ts";
import type { ExpertImportRecord } from "./record.ts";
import { clock } from "./text.ts";

type Slot = NonNullable<ExpertImportRecord["schedule"]>[number];

const h = (hours: number) => Math.round(hours * 60);

/** Countries where a long lunch break splits the working day. */
const LONG_LUNCH = new Set(["ES", "MX"]);

/**
 * A weekly schedule in the expert's own time zone: 3–6 days of typical working hours. Office
 * professionals work weekday office hours, some days split around lunch; tutors teach mornings
 * and evenings and often on the weekend.
 */
export function weeklySchedule(rng: Rng, opts: { tutor: boolean; country: string }): Slot[] {
  const slots: Slot[] = [];
  const add = (day: number, from: number, to: number) =>
    slots.push({ day_of_week: day, start_time: clock(from), end_time: clock(to) });
  const dayCount = rng.int(3, 6);

  if (opts.tutor && rng.chance(0.75)) {
    const weekend = rng.chance(0.5) ? [6] : rng.chance(0.5) ? [6, 0] : [];
    const weekdays = rng.sample([1, 2, 3, 4, 5], Math.max(1, Math.min(5, dayCount - weekend.length)));
    const eveningStart = rng.pick([h(16), h(17), h(17.5), h(18)]);
    const morning = rng.chance(0.4);
    for (const day of weekdays) {
      if (morning && day % 2 === 1) add(day, h(7.5), h(9.5));
      add(day, eveningStart, eveningStart + rng.pick([h(3), h(4)]));
    }
    for (const day of weekend) add(day, h(day === 0 ? 10 : 9), h(day === 0 ? 14 : 13));
  } else {
    const days = dayCount === 6 ? [1, 2, 3, 4, 5, 6] : rng.sample([1, 2, 3, 4, 5], dayCount);
    const start = rng.pick([h(8), h(8.5), h(9), h(9), h(9.5), h(10)]);
    const end = Math.min(start + rng.pick([h(8), h(8), h(8.5), h(9)]), h(19));
    const splitShare = LONG_LUNCH.has(opts.country) ? 0.8 : rng.pick([0, 0.3, 0.5]);
    const lunch = LONG_LUNCH.has(opts.country) ? [h(14), h(16)] : [h(12), rng.pick([h(13), h(13.5)])];
    const earlyFriday = rng.chance(0.35);
    for (const day of days) {
      if (day === 6) {
        add(day, h(9), h(13));
        continue;
      }
      const dayEnd = day === 5 && earlyFriday ? Math.min(end, h(15)) : end;
      if (rng.chance(splitShare) && dayEnd > h(15)) {
        add(day, start, lunch[0]);
        add(day, lunch[1], Math.max(dayEnd, lunch[1] + h(2)));
      } else {
        add(day, start, dayEnd);
      }
    }
  }
  return slots.sort((a, b) => a.day_of_week - b.day_of_week || a.start_time.localeCompare(b.start_time));
}
