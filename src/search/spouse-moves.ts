// A spouse who is to move to or live with the asker in another country ("Meine Frau kommt aus
// Brasilien und wir möchten, dass sie zu mir nach Deutschland ziehen darf", "my husband wants to
// join me in Toronto") is a family visa, though no word of it names one: the vocabulary holds the
// usual phrases ("spouse visa", "Familiennachzug", "zu meiner Frau ziehen"); this reads the rest, in
// any query language, by the spouse, a place and a word of moving or living together.
import type { Interpreter } from "./interpreter.ts";
import { isPlainWord } from "./query-groups.ts";
import { isNeed } from "./settle.ts";
import type { Concept } from "./vocabulary.ts";

/** A spouse or partner, as normalizeText writes it, in the query languages (not "man" or "make": English words). */
const SPOUSES = new Set(
  (
    "wife husband spouse fiance fiancee " +
    "frau mann ehefrau ehemann verlobte verlobter " +
    "femme mari epouse epoux " +
    "esposa esposo marido mujer " +
    "moglie marito fidanzata fidanzato " +
    "mulher " +
    "vrouw echtgenote echtgenoot " +
    "zona maz narzeczona narzeczony " +
    "жена муж супруга супруг жену мужа мужем женой " +
    "karim kocam esim " +
    "fru " +
    "زوجتي زوجي"
  ).split(" "),
);

/** Words of moving to or living with someone (as normalizeText writes them): "join me", "zu mir ziehen", "venir vivir". */
const MOVES = new Set(
  (
    "move moving relocate join bring live " +
    "ziehen nachziehen umziehen herziehen kommen leben " +
    "venir vivir mudarse mudar traer reunirnos vivre rejoindre " +
    "venire vivere trasferirsi trasferire raggiungere " +
    "viver mudar trazer morar " +
    "verhuizen wonen komen " +
    "przeprowadzic przyjechac mieszkac " +
    "переехать приехать жить переезд " +
    "flytta bo " +
    "tasinmak yasamak gelmek"
  ).split(" "),
);

const FAMILY_VISA: Concept = { kind: "subcategory", key: "family-immigration" };

/**
 * Reads the spouse's word as the family-visa need, when the query names no need of its own, a
 * place (a country, a region or a city) and a word of moving or living together: "my wife and I
 * live in London and are separating" has a need (a family lawyer's) and stays as it is.
 */
export function spouseMoves(interpreter: Interpreter, words: readonly string[]) {
  const { groups, recognized } = interpreter;
  if (groups.some(isNeed)) return;
  const placed = recognized.countries.size + recognized.regions.size + recognized.cities.size > 0;
  if (!placed || !words.some((w) => MOVES.has(w))) return;
  const spouse = groups.find((g) => isPlainWord(g) && SPOUSES.has(g.label));
  if (!spouse || !interpreter.vocabulary.categoryOfSubcategory.has(FAMILY_VISA.key)) return;
  interpreter.readAs(spouse, FAMILY_VISA);
}
