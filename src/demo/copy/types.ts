import type { CategorySlug } from "../categories.ts";

/**
 * One category's texts in one locale. Arrays are aligned across locales: variant i of `titles`
 * in ko.ts is the translation of variant i in en.ts, and likewise for taglines and bios.
 *
 * - titles: "masculine|feminine" where the language inflects the title for gender (fr, de).
 * - bios: templates with {name}, {city} and {years}; 2–4 sentences.
 */
export interface CategoryCopy {
  titles: string[];
  taglines: string[];
  bios: string[];
}

export type LocaleCopy = Record<CategorySlug, CategoryCopy>;
