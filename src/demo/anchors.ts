import type { CategorySlug } from "./categories.ts";
import { fixedPerson, type Person } from "./people.ts";

/**
 * Fixed experts that tests and demos search for by name, title, city or language. Each takes the
 * first free slot of its category; everything not given here is generated as for anyone else,
 * except that anchors are always public, verified, rated, open and fully translated.
 */
export interface Anchor {
  category: CategorySlug;
  /** Index into the category's title variants (copy/*.ts). */
  title: number;
  place: string;
  person: Person;
  languages: string[];
}

export const ANCHORS: readonly Anchor[] = [
  // an immigration lawyer in Toronto
  {
    category: "immigration",
    title: 0,
    place: "toronto",
    person: fixedPerson("Sarah Thompson", "f", "anglo"),
    languages: ["en-CA", "fr-CA"],
  },
  // the import format's example slug: maria-gonzalez-immigration-lawyer
  {
    category: "immigration",
    title: 0,
    place: "miami",
    person: fixedPerson("María González", "f", "hispanic"),
    languages: ["es-US", "en-US"],
  },
  // a tax advisor in Berlin who speaks German and British English
  {
    category: "tax-advisory",
    title: 3,
    place: "berlin",
    person: fixedPerson("Katharina Weber", "f", "german"),
    languages: ["de", "en-GB"],
  },
  // an English tutor in London
  {
    category: "english-tutor",
    title: 3,
    place: "london",
    person: fixedPerson("Oliver Bennett", "m", "anglo"),
    languages: ["en-GB", "fr"],
  },
  // a "Kim" in Seoul
  {
    category: "technology",
    title: 0,
    place: "seoul",
    person: fixedPerson("Kim Seo-yeon", "f", "korean", { ko: "김서연" }),
    languages: ["ko", "en-US"],
  },
];
