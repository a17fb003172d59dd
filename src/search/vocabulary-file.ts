/**
 * The vocabulary's file format, one file per locale (src/search/vocabulary/<locale>.tsv, and the
 * files an operator loads with `vocabulary import`): `kind<TAB>key<TAB>term | term | …`, `#`
 * starts a comment. Kinds: category, subcategory (keys are the contract's slugs), language (ISO
 * 639-1), country (ISO 3166-1 alpha-2), region (`CC:code`, a state or province: `US:TX`), city (`CC:English name`),
 * synonym (an English word), stop.
 */

import { isLocale, LOCALES, type Locale } from "../locales.ts";

export { LOCALES };
export type VocabularyLocale = Locale;
export const KINDS = ["category", "subcategory", "language", "country", "region", "city", "synonym", "stop"] as const;
export type VocabularyKind = (typeof KINDS)[number];

export interface VocabularyEntry {
  locale: VocabularyLocale;
  kind: VocabularyKind;
  key: string;
  term: string;
}

export interface VocabularyFileError {
  line: number;
  message: string;
}

const KEY_RULES: Record<VocabularyKind, RegExp> = {
  category: /^[a-z][a-z-]{1,40}$/,
  subcategory: /^[a-z][a-z-]{1,40}$/,
  language: /^[a-z]{2,3}$/,
  country: /^[A-Z]{2}$/,
  region: /^[A-Z]{2}:[A-Z0-9]{1,3}$/,
  city: /^[A-Z]{2}:[^\t|]{1,100}$/,
  synonym: /^[^\t|]{1,100}$/,
  stop: /^-$/,
};

/** Entries of one file, or every line that is wrong (nothing is half-read). */
export function parseVocabularyFile(
  text: string,
  locale: VocabularyLocale,
): { entries: VocabularyEntry[]; errors: VocabularyFileError[] } {
  const entries: VocabularyEntry[] = [];
  const errors: VocabularyFileError[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = index + 1;
    if (!raw.trim() || raw.trimStart().startsWith("#")) continue;
    const columns = raw.split("\t");
    if (columns.length !== 3) {
      errors.push({ line, message: `expected 3 tab-separated columns (kind, key, terms), found ${columns.length}` });
      continue;
    }
    const [kind, key, terms] = columns.map((c) => c.trim());
    if (!(KINDS as readonly string[]).includes(kind)) {
      errors.push({ line, message: `unknown kind "${kind}"; one of ${KINDS.join(", ")}` });
      continue;
    }
    if (!KEY_RULES[kind as VocabularyKind].test(key)) {
      errors.push({ line, message: `bad key "${key}" for kind ${kind}` });
      continue;
    }
    const list = terms
      .split("|")
      .map((t) => t.trim())
      .filter(Boolean);
    if (!list.length) {
      errors.push({ line, message: "no terms" });
      continue;
    }
    const long = list.find((t) => t.length > 200 || t.includes("\u0000"));
    if (long) {
      errors.push({ line, message: "a term is longer than 200 characters or holds a NUL" });
      continue;
    }
    for (const term of new Set(list)) entries.push({ locale, kind: kind as VocabularyKind, key, term });
  }
  return { entries, errors };
}

/** An operator's file for one locale, checked whole: its entries, or every problem by line. */
export function readVocabularyImport(
  locale: string,
  text: string,
): { locale: VocabularyLocale; entries: VocabularyEntry[] } | { errors: string[] } {
  if (!isLocale(locale)) return { errors: [`Unknown locale "${locale}"; one of ${LOCALES.join(", ")}.`] };
  const { entries, errors } = parseVocabularyFile(text, locale as VocabularyLocale);
  if (errors.length) return { errors: errors.map((e) => `line ${e.line}: ${e.message}`) };
  if (!entries.length) return { errors: ["The file holds no entries."] };
  return { locale: locale as VocabularyLocale, entries };
}
