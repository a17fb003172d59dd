import type { Locale } from "../locales.ts";
import * as ALL from "./page-text/all.ts";
import type { PageText } from "./page-text/en.ts";

// The words of the public pages in every locale of the API (src/locales.ts), one file per locale
// in page-text/ listed in page-text/all.ts. Expert data comes translated from the database; these
// are only the labels around it. `{x}` marks a value filled in by `fill`. A new key goes into
// page-text/en.ts (whose shape is PageText) and every other locale's file: one missing fails the
// type check.

export type { PageText };

const TEXTS: Record<Locale, PageText> = ALL;

export function pageText(locale: Locale): PageText {
  return TEXTS[locale];
}

/** Fills `{name}` placeholders with plain values (the html tag escapes the result). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
