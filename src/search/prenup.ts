// A marriage beside what the couple owns ("we're getting married next spring and want something in
// writing about who keeps the apartment and the savings if it ever falls apart", "vamos a casarnos y
// quiero proteger mi piso") is a prenuptial agreement, a family lawyer's, though no word names it:
// the vocabulary reads "prenup" and its names; marriage alone is left to no profession on purpose
// (served-by.ts: "wedding" asks for a photographer far more often than for a lawyer). This reads the
// rest, in any query language, by the marriage, a home, savings or investments beside it and a word
// of keeping them apart.
import type { Interpreter } from "./interpreter.ts";
import { GROUP_WEIGHT, type QueryGroup } from "./query-types.ts";
import { categoriesOf, isNeed } from "./settle.ts";
import type { Concept } from "./vocabulary.ts";

const FAMILY_LAW: Concept = { kind: "subcategory", key: "family-law" };

/** What a couple owns: a home (real estate) or money (finance). */
const OWNED = new Set(["real-estate", "finance"]);

/**
 * Words of keeping apart what is one's own, in the query languages (normalizeText's forms): a couple
 * buying a flat together after the wedding wants an agent, not a contract about who keeps it.
 */
const KEEPING = new Set(
  (
    "keep keeps keeping protect protecting split divide separate separation divorce agreement contract writing apart belongs " +
    "proteger quedarse quedaria separacion divorcio acuerdo contrato capitulaciones " +
    "proteger garder separation divorce contrat accord " +
    "schutzen behalten trennung scheidung vertrag vereinbarung ehevertrag " +
    "ficar separacao divorcio acordo pacto " +
    "proteggere tenere separazione divorzio contratto accordo"
  ).split(" "),
);

/**
 * Reads the marriage (the vocabulary's "marriage" need, in any language) as family law when a need of
 * what one owns and a word of keeping it apart stand beside it; those needs are then what the
 * agreement is about, its setting.
 */
export function prenup(interpreter: Interpreter, words: readonly string[]) {
  const { groups, vocabulary } = interpreter;
  if (!vocabulary.categoryOfSubcategory.has(FAMILY_LAW.key) || !words.some((w) => KEEPING.has(w))) return;
  const marriage = groups.find(
    (g) =>
      g.concepts === undefined && g.alternatives.some((a) => a.lexemes.length === 1 && a.lexemes[0] === "marriage"),
  );
  if (!marriage) return;
  const owned = groups.filter((g: QueryGroup) => isNeed(g) && categoriesOf(vocabulary, g).some((c) => OWNED.has(c)));
  if (!owned.length || groups.some((g) => isNeed(g) && !owned.includes(g))) return;
  interpreter.readAs(marriage, FAMILY_LAW);
  for (const group of owned) {
    group.weight = Math.min(group.weight, GROUP_WEIGHT.filler);
    group.context = true;
  }
}
