// A tax need beside two countries or more ("I spend half the year in Spain and half in the
// Netherlands, my clients are in the US - which country do I actually owe tax to?") is a
// cross-border one, whatever its words: the vocabulary holds the usual phrases ("taxed twice",
// "tax in two countries"); this reads the rest, in any query language, by the places it names.
import type { Interpreter } from "./interpreter.ts";
import { dedupe } from "./query-groups.ts";
import { FACTOR } from "./query-types.ts";
import { categoriesOf, isNeed } from "./settle.ts";
import type { Concept } from "./vocabulary.ts";

const INTERNATIONAL_TAX: Concept = { kind: "subcategory", key: "international-tax" };

/** The countries a query names: its countries, and its cities' and regions' ("Berlin, DE", "TX, US"). */
function countriesNamed(interpreter: Interpreter): Set<string> {
  const { countries, cities, regions } = interpreter.recognized;
  return new Set([
    ...[...countries].map((c) => c.toUpperCase()),
    ...[...cities, ...regions].flatMap((place) => place.match(/, ([A-Z]{2})$/)?.[1] ?? []),
  ]);
}

/**
 * Each tax need of a query that names two countries or more is searched as international tax first:
 * its own alternatives (the personal or corporate tax it names) still match, at a synonym's factor,
 * so among tax advisers the cross-border ones come first.
 */
export function crossBorderTax(interpreter: Interpreter) {
  const { groups, vocabulary } = interpreter;
  if (!vocabulary.categoryOfSubcategory.has(INTERNATIONAL_TAX.key)) return;
  const taxNeeds = groups.filter((g) => isNeed(g) && categoriesOf(vocabulary, g).includes("tax-advisory"));
  if (!taxNeeds.length || countriesNamed(interpreter).size < 2) return;
  for (const group of taxNeeds)
    group.alternatives = dedupe([
      ...interpreter.conceptAlternatives(INTERNATIONAL_TAX),
      ...group.alternatives.map((a) => ({ ...a, factor: Math.min(a.factor, FACTOR.synonym) })),
    ]);
}
