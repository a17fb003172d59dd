import type { Locale } from "../record.ts";
import { de } from "./de.ts";
import { en } from "./en.ts";
import { fr } from "./fr.ts";
import { ja } from "./ja.ts";
import { ko } from "./ko.ts";
import type { LocaleCopy } from "./types.ts";
import { zh } from "./zh.ts";

export type { CategoryCopy, LocaleCopy } from "./types.ts";

/** Per-category titles, taglines and bio templates in every display locale. */
export const COPY: Record<Locale, LocaleCopy> = { en, ko, ja, zh, fr, de };
