import type { Locale } from "../experts/summary.ts";
import { de } from "./page-text/de.ts";
import { en, type PageText } from "./page-text/en.ts";
import { fr } from "./page-text/fr.ts";
import { ja } from "./page-text/ja.ts";
import { ko } from "./page-text/ko.ts";
import { zh } from "./page-text/zh.ts";

// The words of the public pages in the six locales of the API, one file per locale in page-text/.
// Expert data comes translated from the database; these are only the labels around it. `{x}`
// marks a value filled in by `fill`.

export type { PageText };

const TEXTS: Record<Locale, PageText> = { en, ko, ja, zh, fr, de };

export function pageText(locale: Locale): PageText {
  return TEXTS[locale];
}

/** Fills `{name}` placeholders with plain values (the html tag escapes the result). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
