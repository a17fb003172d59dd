import type { Locale } from "../record.ts";
import * as ALL from "./all.ts";
import type { LocaleCopy } from "./types.ts";

export type { CategoryCopy, LocaleCopy } from "./types.ts";

/** Per-category titles, taglines and bio templates in every display locale (a missing one fails the type check). */
export const COPY: Record<Locale, LocaleCopy> = ALL;
