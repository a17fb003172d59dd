// The passes over a query once read: an everyday word qualifying an activity, one concept counted once, and how much each group weighs.
import type { Interpreter } from "./interpreter.ts";
import { dedupe, isPlainWord } from "./query-groups.ts";
import { type Alternative, FACTOR, GROUP_WEIGHT, type QueryGroup } from "./query-types.ts";
import { isRole } from "./roles.ts";
import { isSpecific, narrow } from "./specificity.ts";
import { tokenCountry } from "./tokens.ts";
import type { Vocabulary } from "./vocabulary.ts";

/**
 * An everyday word written right before an unlisted activity or what one is done to, no word
 * between, qualifies it rather than naming a need: "house cleaning for my rental apartment" is
 * the apartment's cleaning, "a DJ for our staff christmas party" (were "christmas party" listed)
 * the party's. (A qualifier comes first in English; German and Dutch write it into one word.)
 */
export function qualifyWorked(interpreter: Interpreter) {
  const { groups, spans } = interpreter;
  const startsAt = new Map([...spans].map(([g, span]) => [span.start, g]));
  for (const group of groups) {
    const span = spans.get(group);
    if (!group.everyday || group.worked || group.label.includes(" ") || !span) continue;
    const next = startsAt.get(span.end + 1);
    if (next?.worked || next?.unlisted) group.worked = true;
  }
}

/**
 * One concept counts once: two phrases of the query that stand for the same profession ("tax
 * advisor … taxes") become one group, their words its alternatives. And once the query names a
 * need, its leftover plain words are filler of a sentence more often than not ("someone to look
 * at my back taxes"): they count for half.
 */
export function settle(interpreter: Interpreter, codes: ReadonlySet<string>) {
  const { groups, vocabulary } = interpreter;
  // A thing with a name of its own ("precios de transferencia", "Blaue Karte": Vocabulary.isNamedThing)
  // is as specific as a code or a product's name, in whatever language it is written; what the
  // asker has or is (their "PME", "SME": query-types.ts CONTEXT) is their setting however they
  // write it, never a rare thing asked for by its code.
  const specific = new Set(
    groups.filter(
      (g) =>
        !g.context &&
        (isSpecific(g, withoutFieldCodes(vocabulary, g, codes)) ||
          (g.concepts !== undefined && (vocabulary.isName(g.label) || g.namedThing))),
    ),
  );
  const byConcept = new Map<string, QueryGroup>();
  const kept: QueryGroup[] = [];
  for (const group of groups) {
    const first = group.concepts ? byConcept.get(group.concepts) : undefined;
    if (!first) {
      if (group.concepts) byConcept.set(group.concepts, group);
      kept.push(group);
      continue;
    }
    // Merged, the group reads as the more specific of the two ("exam … IELTS" is IELTS).
    if (specific.has(group) && !specific.has(first)) {
      first.label = group.label;
      specific.add(first);
    }
    first.alternatives = dedupe([...first.alternatives, ...group.alternatives]);
    const at = interpreter.spans.get(group)?.start;
    if (at !== undefined) interpreter.alsoAt.set(first, [...(interpreter.alsoAt.get(first) ?? []), at]);
  }
  groups.splice(0, groups.length, ...kept);
  for (const group of kept) {
    if (!specific.has(group)) continue;
    narrow(group);
    // A named thing written as one ("Blaue Karte EU", "precios de transferencia") is found by its
    // names in every language too, as itself: a profile's tag "transfer pricing" is what the
    // Spanish asks for. Not an everyday need's few names ("rent"): its professions stand for it.
    if (group.thingNames) group.alternatives = dedupe([...group.alternatives, ...group.thingNames]);
  }
  // A need beside a generic role ("consultant", "advisor", "workshop") is the need: the role's
  // category then counts as a plain word does, the need double ("cybersecurity consultant",
  // "consultoria de marketing"). A category named as the profession itself ("contador", "IP") stays a need.
  const roleCategory = (g: QueryGroup) =>
    g.concepts !== undefined && !g.concepts.includes("subcategory\t") && isRole(g.label);
  // A role's category and a subcategory of it are one concept ("consulenza … strategia",
  // "strategy consultant"): counted once, as the subcategory, so that beside a third concept
  // ("… di proprietà intellettuale") the role does not count twice.
  for (const role of groups.filter(roleCategory)) {
    const child = groups.find(
      (g) => g !== role && subcategoriesOf(vocabulary, g).some((c) => role.concepts!.includes(`category\t${c}`)),
    );
    if (!child) continue;
    child.alternatives = dedupe([...child.alternatives, ...role.alternatives]);
    groups.splice(groups.indexOf(role), 1);
  }
  // The asker's setting is no other need: "une PME … un coach pour …" asks for the coach.
  if (groups.some((g) => g.concepts !== undefined && !roleCategory(g) && !g.context))
    for (const group of groups) if (roleCategory(group)) group.weight *= GROUP_WEIGHT.word / GROUP_WEIGHT.profession;
  // A profession named, not a city (which weighs as much): filler is filler beside a need.
  if (!groups.some((g) => g.concepts !== undefined && g.weight >= GROUP_WEIGHT.profession)) return;
  // Filler counts for half each, and all of it together for no more than half a need: a long
  // sentence's many leftover words ("discours", "mariage", "sœur", "peur") must not outweigh
  // the one profession it names.
  const filler = groups.filter((g) => g.weight === GROUP_WEIGHT.word && isPlainWord(g));
  const each = Math.min(GROUP_WEIGHT.filler, GROUP_WEIGHT.profession / 2 / filler.length);
  for (const group of filler) group.weight = each;
  // How, when or for whom ("online", "from scratch", "for children") qualifies the need: all of
  // it together counts as one word of filler, so that an expert who offers it beside a neighbour
  // of the need (another language's tutoring, a parent category) never passes one who meets the
  // need itself. Places stay as they are: law and property are local, a place there is the need.
  const modifiers = groups.filter((g) => g.modifier);
  for (const group of modifiers) group.weight = Math.min(group.weight, GROUP_WEIGHT.filler / modifiers.length);
}

/**
 * The codes of `q` less a field's own abbreviation ("HR", "IP", "PR") in a phrase of one of its
 * subcategories: written in capitals, "HR policies" is the HR field's everyday phrase, not a thing
 * of its own as "SOC 2" or "CPA exam" is. The field's abbreviation alone ("no HR person") stays as
 * written: a category named in capitals weighs as a specific term (tuning: three sentences lost
 * their HR experts' places when it did not).
 */
function withoutFieldCodes(vocabulary: Vocabulary, group: QueryGroup, codes: ReadonlySet<string>): ReadonlySet<string> {
  if (!codes.size || group.concepts === undefined) return codes;
  const fields = new Set(subcategoriesOf(vocabulary, group));
  const field = (word: string) => vocabulary.lookup(word).some((c) => c.kind === "category" && fields.has(c.key));
  return new Set([...codes].filter((word) => !field(word)));
}

/** The subcategories a group names, by key. */
export function subcategoryKeys(group: QueryGroup): string[] {
  return (group.concepts ?? "")
    .split(" ")
    .filter((id) => id.startsWith("subcategory\t"))
    .map((id) => id.slice("subcategory\t".length));
}

/** The categories of a group's subcategories. */
function subcategoriesOf(vocabulary: Vocabulary, group: QueryGroup): string[] {
  return subcategoryKeys(group).map((key) => vocabulary.categoryOfSubcategory.get(key) ?? "");
}

/** Words that make the place after them where the person comes from: "moving from London to Toronto". */
const ORIGIN_WORDS = new Set(["from", "aus", "uit", "fran", "из"]);

/** A city or a country the query names (its group holds the place's token beside the words as written). */
const isPlace = (g: QueryGroup) =>
  g.concepts === undefined &&
  !g.plain &&
  g.alternatives.some((a) => a.lexemes.length === 1 && /^(city|cc):/.test(a.lexemes[0]));

/**
 * A city named as where the person comes from, beside another place ("relocating from London to
 * Toronto", "Umzug aus München nach Wien"), is not where the need is: it weighs as a word, as a
 * country does, and the other place keeps the need's weight. Alone ("a lawyer from London") it
 * stays where the expert should be.
 */
export function originPlaces(interpreter: Interpreter, words: readonly string[]) {
  const places = interpreter.groups.filter(isPlace);
  for (const group of places) {
    const start = interpreter.spans.get(group)?.start ?? 0;
    if (start === 0 || !ORIGIN_WORDS.has(words[start - 1])) continue;
    group.origin = true;
    if (places.length >= 2) group.weight = Math.min(group.weight, GROUP_WEIGHT.word);
  }
}

/** Needs whose place is where the asker goes: a visa's country is not the one they come from. */
const TO_A_COUNTRY = new Set(["immigration"]);

/** Whether the group right before `place` names an expert of a field bound to a country: "visa lawyer from London" is where the lawyer is. */
function afterBoundExpert(interpreter: Interpreter, place: QueryGroup): boolean {
  const start = interpreter.spans.get(place)?.start ?? 0;
  let before: QueryGroup | undefined;
  for (const [g, span] of interpreter.spans)
    if (span.end < start && (!before || span.end > (interpreter.spans.get(before)?.end ?? -1))) before = g;
  return before !== undefined && categoriesOf(interpreter.vocabulary, before).some((c) => BOUND_TO_A_COUNTRY.has(c));
}

/** Categories whose work is bound to a country's law or market: tax, accounts, law, visas, property. */
export const BOUND_TO_A_COUNTRY: ReadonlySet<string> = new Set([
  "legal",
  "tax-advisory",
  "accounting",
  "immigration",
  "real-estate",
]);

/** The categories a group's concepts stand for: those it names, and its subcategories' (subcategoriesOf). */
export function categoriesOf(vocabulary: Vocabulary, group: QueryGroup): string[] {
  const named = (group.concepts ?? "")
    .split(" ")
    .filter((id) => id.startsWith("category\t"))
    .map((id) => id.slice("category\t".length));
  return [...named, ...subcategoriesOf(vocabulary, group)];
}

/**
 * The one country a query names, with no city, beside a need bound to a country's law or market
 * ("help with my PR application in Australia", "commercialista … in Italia") is where the need is,
 * as a city is: it weighs as much. Elsewhere a country is as often where the person comes from or
 * sells to, and weighs as a word.
 */
export function boundCountry(interpreter: Interpreter) {
  const places = interpreter.groups.filter(isPlace);
  if (places.length !== 1) return;
  const [place] = places;
  if (place.alternatives.some((a) => a.lexemes.some((l) => l.startsWith("city:") || l.startsWith("region:")))) return;
  if (boundToACountry(interpreter)) place.weight = Math.max(place.weight, GROUP_WEIGHT.city);
}

/**
 * The country of the one place a query names beside a need bound to a country's law or market
 * ("commercialista … in Italia": it, "공인중개사 … 서울": kr), lower case, or null: an expert in
 * another country does not meet that need, even in part (match.ts). Not with two places
 * ("relocating from London to Toronto"), where which one the need is bound to is not known. With
 * none, Japanese and Korean name their country (IMPLIED_COUNTRY; the ranking's LOCAL_COUNTRY_BONUS
 * reads every language so).
 */
export function boundPlace(interpreter: Interpreter, language: string | null = null): string | null {
  // Beside a visa need, the country the asker comes from is no place of the need ("Blaue Karte EU
  // beantragen als Softwareentwickler aus Indien": a German card, not an Indian one).
  const going = boundToACountry(interpreter, TO_A_COUNTRY);
  const places = interpreter.groups.filter(
    (g) => isPlace(g) && !(going && g.origin && !afterBoundExpert(interpreter, g)),
  );
  if (!places.length && language && IMPLIED_COUNTRY[language] && boundToACountry(interpreter, IMPLIED_BOUND))
    return IMPLIED_COUNTRY[language];
  if (places.length !== 1 || !boundToACountry(interpreter)) return null;
  const countries = new Set(places[0].alternatives.flatMap((a) => placeCountry(a) ?? []));
  return countries.size === 1 ? [...countries][0] : null;
}

/** The country (lower case) a one-token alternative stands in, or null. */
export const placeCountry = (a: Alternative): string | null =>
  a.lexemes.length === 1 ? tokenCountry(a.lexemes[0]) : null;

/**
 * Beside a bound need's place, the field of a specific term narrowed to itself (specificity.ts
 * narrow: "PR application" in Australia) is searched again as its parent category, below the
 * term: there a country's immigration experts meet the need in part, as none elsewhere does.
 */
export function placedField(interpreter: Interpreter) {
  if (!boundPlace(interpreter)) return;
  for (const group of interpreter.groups) {
    if (!isNeed(group)) continue;
    const parents = new Set(group.alternatives.flatMap((a) => (a.parent ? [a.parent] : [])));
    if (!parents.size) continue;
    // Narrowed, the term keeps its parent at the last stand-in's factor (specificity.ts
    // PARENT_STAND_IN): here the parent's full factor, as a field the place binds.
    const isParent = (a: Alternative) => a.lexemes.length === 1 && parents.has(a.lexemes[0]);
    const missing = [...parents].filter((p) => !group.alternatives.some((a) => isParent(a) && a.lexemes[0] === p));
    group.alternatives = [
      ...group.alternatives.map((a) => (isParent(a) && a.factor < FACTOR.parent ? { ...a, factor: FACTOR.parent } : a)),
      ...missing.map((parent) => ({ lexemes: [parent], prefix: false, factor: FACTOR.parent })),
    ];
  }
}

/**
 * The country a query language names by itself, for a need bound to a country's law or market and
 * no place named: Japanese and Korean are one country's language, written to agents almost only
 * by its people. Not Italian or Polish, though also one country's: tuning, no-fit answering `none`
 * +1 but two fitting requests `none` (IFRS accounts in Italian, an incidental word of bills in a
 * Polish cloud request); Japanese and Korean: +1, none.
 */
const IMPLIED_COUNTRY: Record<string, string> = { ja: "jp", ko: "kr" };
/** Needs the language of one country implies that country for: not visas, which the asker's language says they leave. */
const IMPLIED_BOUND = new Set(["legal", "tax-advisory", "accounting", "real-estate"]);

/** Whether the query names a need bound to a country's law or market (BOUND_TO_A_COUNTRY). */
export function boundToACountry(interpreter: Interpreter, bound: ReadonlySet<string> = BOUND_TO_A_COUNTRY): boolean {
  const { groups, vocabulary } = interpreter;
  return groups.some(
    (g) =>
      !isPlace(g) &&
      g.weight >= GROUP_WEIGHT.profession &&
      !g.context &&
      categoriesOf(vocabulary, g).some((c) => bound.has(c)),
  );
}

/** A recognised need at a need's weight: a concept, neither the asker's setting nor how, when or for whom. */
export const isNeed = (g: QueryGroup) =>
  g.concepts !== undefined && g.weight >= GROUP_WEIGHT.profession && !g.context && !g.modifier;

/**
 * What the asker has or is (query-types.ts CONTEXT: their app, website, startup, employer), beside
 * a need of another kind, is its setting: it weighs as filler, so that the trademark lawyer asked
 * for comes before the app developer who shares the setting. (As a word it weighed 1 and the
 * setting still won as often: summed over the tuning queries, +1.59 nDCG@10 at filler's weight, +1.18 at a word's.)
 */
export function contextThings(interpreter: Interpreter, words: readonly string[] = []) {
  const { groups } = interpreter;
  if (!groups.some(isNeed)) return;
  for (const group of groups) if (group.context) group.weight = Math.min(group.weight, GROUP_WEIGHT.filler);
  forWhom(interpreter, words, isNeed);
  askerIs(interpreter, words, isNeed);
  askerRuns(interpreter, words, isNeed);
  askerWas(interpreter, words, isNeed);
  askerMoved(interpreter, words);
  hiredRoles(interpreter);
  heldAccounts(interpreter);
  employersHr(interpreter);
}

/** The word "accounts" in the query languages (normalizeText's forms), where it names the accounting field. */
const ACCOUNTS = new Set(["accounts", "account", "comptes", "cuentas", "contas", "conti", "konten"]);

/**
 * HR beside a dismissal the asker went through ("I got let go … HR is pushing me to sign a
 * settlement", an everyday need of employment law) is the other side, the employer's, not a need:
 * it weighs as filler, so the employment lawyers come before the HR consultants.
 */
function employersHr(interpreter: Interpreter) {
  const dismissed = interpreter.groups.some(
    (g) => isNeed(g) && g.everyday && (g.concepts ?? "").split(" ").includes("subcategory\temployment-law"),
  );
  if (!dismissed) return;
  for (const group of interpreter.groups)
    if (group.concepts === "category\thuman-resources") {
      group.weight = Math.min(group.weight, GROUP_WEIGHT.filler);
      group.context = true;
    }
}

/**
 * "Accounts" beside a need of the finance field ("my savings are spread over a bunch of accounts",
 * "his savings are scattered across accounts and he has no retirement plan") are the asker's bank or
 * pension accounts, not the books an accountant keeps: the asker's setting, as their app or
 * website is. Alone, or beside a need of another field ("my company's accounts are a mess"), they
 * stay the accounting field.
 */
function heldAccounts(interpreter: Interpreter) {
  const { groups, vocabulary } = interpreter;
  if (!groups.some((g) => isNeed(g) && categoriesOf(vocabulary, g).includes("finance"))) return;
  for (const group of groups)
    if (group.concepts === "category\taccounting" && ACCOUNTS.has(group.label)) {
      group.weight = Math.min(group.weight, GROUP_WEIGHT.filler);
      group.context = true;
    }
}

/** "Just" or "recently" in the query languages, as normalizeText writes them, before a move that is done. */
const JUST_DONE = new Set([
  "just",
  "recently",
  "acabo",
  "acabamos",
  "acabei",
  "recien",
  "recem",
  "viens",
  "venons",
  "vient",
  "recemment",
  "gerade",
  "kurzlich",
  "appena",
  "net",
  "onlangs",
  "wlasnie",
  "niedawno",
  "yeni",
  "недавно",
  "только",
]);

/** The words that may stand between "just" and the move: "acabo de mudarme", "właśnie się przeprowadziłem". */
const JUST_LINKS = new Set(["de", "se", "sie", "me"]);

/**
 * Whether "just" (JUST_DONE) stands right before `group`, but for JUST_LINKS: not across other
 * words, so "we just need to relocate" is a move still to make.
 */
function justBefore(interpreter: Interpreter, group: QueryGroup, words: readonly string[]): boolean {
  const start = interpreter.spans.get(group)?.start;
  if (start === undefined) return false;
  let i = start - 1;
  while (i >= 0 && start - i <= 3 && JUST_LINKS.has(words[i])) i--;
  return i >= 0 && JUST_DONE.has(words[i]);
}

/** A business started (abrir una empresa, start a business): done, the asker's (askerMoved). */
const STARTED = "subcategory\tstartups";

/**
 * A move that is done ("je viens de m'installer à Montréal", "acabo de mudarme a Madrid", "I just
 * relocated to Berlin") is where the asker now lives, not a need of immigration, beside another
 * need (a retirement plan, a tax adviser): the everyday word of moving weighs as filler, as a
 * business just started does.
 */
function askerMoved(interpreter: Interpreter, words: readonly string[]) {
  const { groups, vocabulary } = interpreter;
  // So is a business just started ("acabei de abrir uma empresa e um fornecedor me mandou um
  // contrato"): the asker's, beside the contract they ask about.
  const moved = groups.filter(
    (g) =>
      isNeed(g) &&
      ((g.everyday && categoriesOf(vocabulary, g).includes("immigration")) || g.concepts === STARTED) &&
      justBefore(interpreter, g, words),
  );
  // The other need may weigh less beside the move (an everyday word's share): with the move set
  // aside, it is the need, as askerIs restores the profession asked for.
  const other = groups.filter(
    (g) => g.concepts !== undefined && !moved.includes(g) && !g.context && !g.modifier && !isPlace(g),
  );
  if (!moved.length || !other.length) return;
  for (const group of moved) group.weight = Math.min(group.weight, GROUP_WEIGHT.filler);
  if (!groups.some(isNeed)) for (const group of other) group.weight = Math.max(group.weight, GROUP_WEIGHT.profession);
}

/**
 * Beside a need of hiring as an employer (query-types.ts HIRING, or recruiting named: "채용",
 * "Entwickler einstellen", "losing candidates"), another profession is the role hired for ("10
 * developers", "a CFO"), not the need: it weighs as a word, so that the recruiters come before the
 * developers and the CFOs. Not beside a candidate's job interview ("j'ai un entretien d'embauche …
 * travailler mon anglais": the English tutor is the need).
 */
function hiredRoles(interpreter: Interpreter) {
  const { groups, vocabulary } = interpreter;
  if (!groups.some((g) => isNeed(g) && g.hiring)) return;
  // The role hired for weighs as a word, and its parts together as one ("a senior backend
  // engineer": backend and engineer, each a word, outweighed the headhunter asked for).
  const roles = groups.filter(
    (g) =>
      g.concepts !== undefined &&
      !g.hiring &&
      !g.context &&
      !isPlace(g) &&
      !categoriesOf(vocabulary, g).includes("human-resources"),
  );
  for (const group of roles) group.weight = Math.min(group.weight, GROUP_WEIGHT.word / roles.length);
}

/**
 * A profession right after "from" beside another need ("moving from engineer to managing a team",
 * "switching from teacher to UX") is what the asker was, as a city after it is where they come
 * from (originPlaces): it weighs as filler.
 */
function askerWas(interpreter: Interpreter, words: readonly string[], need: (g: QueryGroup) => boolean) {
  const { groups } = interpreter;
  // A product or a code after "from" is the tool a migration leaves ("moving our books from
  // QuickBooks Desktop to Xero"): as much the need as the one it goes to, no former trade.
  const was = groups.filter(
    (group) => need(group) && !group.specific && markerBefore(interpreter, group, words, ORIGIN_WORDS) >= 0,
  );
  if (!was.length || !groups.some((g) => need(g) && !was.includes(g))) return;
  for (const group of was) group.weight = Math.min(group.weight, GROUP_WEIGHT.filler);
}

/** "I am" in the query languages, as normalizeText writes them ("i'm": im; "är": ar). */
const I_AM = new Set(["im", "am", "suis", "bin", "soy", "sou", "sono", "ben", "jestem", "ar", "я"]);

/**
 * Whether the "I am" at `at` is one: Swedish "är" is written "ar" once its accent is dropped, as "år"
 * (year) is, so it counts only after "jag" or "vi" ("jag är revisor", not "i tio år … en revisor").
 */
const isAskersAm = (words: readonly string[], at: number) =>
  at >= 0 && (words[at] !== "ar" || words[at - 1] === "jag" || words[at - 1] === "vi");

/** "As" of a role in the query languages ("I work as a designer", "trabajo como", "ich arbeite als"). */
const AS_WORDS = new Set(["as", "como", "comme", "als", "come", "jako", "som"]);

/** "I" in the query languages, as normalizeText writes it. */
const I_WORDS = new Set(["i", "im", "ive", "je", "ich", "yo", "eu", "io", "ik", "ja", "jag"]);

/** A verb of working right before "as" ("I work as", "went freelance as", "trabajo como", "pracuję jako"). */
const WORKING = new Set([
  ...["work", "working", "worked", "freelance", "freelancing", "employed", "hired"],
  ...["trabajo", "trabajando", "trabalho", "trabalhando", "travaille", "arbeite", "lavoro", "werk", "pracuje"],
  ...["jobbar", "arbetar"],
  // Worked as, for years ("jag har jobbat som ingenjör i femton år", "j'ai travaillé comme").
  ...["jobbat", "jobbade", "arbetat", "arbetade", "trabajado", "trabaje", "trabalhei", "gearbeitet"],
  ...["lavorato", "gewerkt", "pracowalem", "pracowalam"],
]);

/** Words that make the one working someone else ("someone who works as a CFO"). */
const RELATIVE = new Set(["who", "someone", "somebody", "anyone", "que", "qui", "der", "die", "che", "kto", "som"]);

/**
 * Whether `group` follows "as" (AS_WORDS) right after a verb of working, with "I" and no "who"
 * within the five words before: the asker's own role ("I just went freelance as a graphic designer").
 */
function asAskersRole(interpreter: Interpreter, group: QueryGroup, words: readonly string[]): boolean {
  const at = markerBefore(interpreter, group, words, AS_WORDS);
  if (at < 1 || !WORKING.has(words[at - 1])) return false;
  const before = words.slice(Math.max(0, at - 5), at);
  return before.some((w) => I_WORDS.has(w)) && !before.some((w) => RELATIVE.has(w));
}

/**
 * A profession right after "I am" ("I'm a freelance designer", "Jestem programistą", "je suis
 * infirmière"), or after the asker's "as" ("I work as a designer", "I just went freelance as a
 * graphic designer", "ich arbeite als"), is who the asker is, beside the need they ask about: it
 * weighs as filler, as their app or their startup does. Tuning: 2 queries up, none down; at a
 * word's weight one of them less. The asker's "as": one more up (0.63 → 1.00), none down ("… as a
 * graphic designer in Paris … declare my income" put the branding experts before the tax adviser).
 */
function askerIs(interpreter: Interpreter, words: readonly string[], need: (g: QueryGroup) => boolean) {
  const { groups } = interpreter;
  // The asker's "as" says it is no need even where nothing else is recognised ("… as a graphic
  // designer … declare my income"): the words of the need then rank.
  const role = groups.filter((group) => need(group) && asAskersRole(interpreter, group, words));
  if (role.length && groups.some((g) => !role.includes(g) && !isPlace(g)))
    for (const group of role) group.weight = Math.min(group.weight, GROUP_WEIGHT.filler);
  const asker = groups.filter(
    (group) => need(group) && isAskersAm(words, markerBefore(interpreter, group, words, I_AM)),
  );
  // The profession asked for may be one a role word names ("… looking for an accountant"), which
  // settle counted as a word beside the asker's trade: with the trade set aside, it is the need.
  const asked = groups.filter((g) => g.concepts !== undefined && !asker.includes(g) && !g.context && !g.modifier);
  if (!asker.length || !asked.length) return;
  for (const group of asker) group.weight = Math.min(group.weight, GROUP_WEIGHT.filler);
  if (!groups.some(need)) for (const group of asked) group.weight = Math.max(group.weight, GROUP_WEIGHT.profession);
}

/**
 * Running a business in the query languages, as normalizeText writes them: verbs of the first
 * person by their ending, and "run" after "I" or "we". "Have" or "own" only before a business noun
 * (hasBusiness): alone, what one has is as often the need ("tengo una entrevista de trabajo", "I
 * own a flat I want to sell").
 */
const RUNS = new Set([
  "prowadze",
  "prowadzimy",
  "betreibe",
  "betreiben",
  "gestisco",
  "gestiamo",
  "dirijo",
  "dirigimos",
]);
const RUN_AFTER_I = new Set(["run", "runs"]);

/**
 * A profession's field named within the three words after "I run" ("prowadzę jednoosobową firmę
 * IT", "I run a small marketing agency", "betreibe eine IT-Firma") is the asker's own business
 * beside the need they ask about ("… ogarnie podatki w dwóch krajach"): it weighs as filler, as
 * their trade after "I am" does (askerIs), when another need is there.
 */
function askerRuns(interpreter: Interpreter, words: readonly string[], need: (g: QueryGroup) => boolean) {
  const { groups } = interpreter;
  const runs = (at: number) =>
    RUNS.has(words[at]) || (RUN_AFTER_I.has(words[at]) && (words[at - 1] === "i" || words[at - 1] === "we"));
  const own = groups.filter((group) => {
    const span = interpreter.spans.get(group);
    if (span === undefined || !need(group)) return false;
    for (let at = span.start - 1; at >= Math.max(0, span.start - 3); at--) if (runs(at)) return true;
    return hasBusiness(words, span.start, span.end);
  });
  if (!own.length || !groups.some((g) => need(g) && !own.includes(g))) return;
  for (const group of own) group.weight = Math.min(group.weight, GROUP_WEIGHT.filler);
}

/** Having, in the first person ("we have", "avem", "tenemos", "wir haben"), as normalizeText writes it: not English "am". */
const HAVE = new Set(
  "have own tengo tenemos tenho temos ho abbiamo avons habe haben heb hebben mam mamy avem har".split(" "),
);
/** A business, as what one has ("a small company", "o firmă mică", "une petite entreprise"). */
const BUSINESS = new Set(
  (
    "company firm business agency startup empresa firma firme firmy entreprise societe azienda societa bedrijf " +
    "foretag sirket фирма фирму компания компанию"
  ).split(" "),
);

/** Whether the word at `at` is a business noun, in one of its case forms ("firmă", "firmę", "firmy"). */
const isBusiness = (word: string | undefined) =>
  word !== undefined && [...BUSINESS].some((b) => word === b || (word.startsWith(b) && word.length <= b.length + 2));

/**
 * Whether the field written from `start` to `end` is the business the asker has: "avem o firmă
 * mică de software" (a business noun after a HAVE word, then at most two words, then the field),
 * or "we have a software company" (the field between the HAVE word and the business noun).
 */
function hasBusiness(words: readonly string[], start: number, end: number): boolean {
  const had = (noun: number) => [1, 2].some((k) => HAVE.has(words[noun - k] ?? ""));
  for (let at = start - 1; at >= Math.max(1, start - 3); at--) if (isBusiness(words[at])) return had(at);
  return isBusiness(words[end + 1]) && [1, 2].some((k) => HAVE.has(words[start - k] ?? ""));
}

/** "for" in the query languages, as normalizeText writes it (für, för: fur, for). */
const FOR_WORDS = new Set(["for", "pour", "fur", "para", "per", "voor", "dla", "для"]);

/**
 * A need written after "for" that follows another need is whom or what that one is for ("salary
 * benchmarking for startups", "inglese per i colloqui di lavoro"): it weighs as a word, so that the
 * experts who sell the first come before those who only serve the second. Stop words may stand
 * between ("for our startup"). Tuning: 2 queries up (0.62 → 0.85, 0.65 → 0.86), none down; at
 * filler's weight one went down.
 */
function forWhom(interpreter: Interpreter, words: readonly string[], need: (g: QueryGroup) => boolean) {
  const { groups, spans } = interpreter;
  for (const group of groups) {
    const at = need(group) ? markerBefore(interpreter, group, words, FOR_WORDS) : -1;
    if (at < 0) continue;
    const follows = groups.some((g) => g !== group && need(g) && (spans.get(g)?.end ?? Number.POSITIVE_INFINITY) < at);
    if (follows) group.weight = Math.min(group.weight, GROUP_WEIGHT.word);
  }
}

/**
 * Where one of `markers` stands right before `group` ("for", "I am"), with at most three stop words
 * between ("for our", "I'm a") and the words of what the asker has or is ("I'm a freelance graphic
 * designer": CONTEXT's freelancer), or -1.
 */
function markerBefore(
  interpreter: Interpreter,
  group: QueryGroup,
  words: readonly string[],
  markers: ReadonlySet<string>,
): number {
  const start = interpreter.spans.get(group)?.start;
  if (start === undefined) return -1;
  const setting = new Set<number>();
  for (const [g, span] of interpreter.spans) if (g.context) for (let k = span.start; k <= span.end; k++) setting.add(k);
  let i = start - 1;
  let stops = 0;
  while (i >= 0 && !markers.has(words[i])) {
    if (setting.has(i)) i--;
    else if (stops < 3 && interpreter.vocabulary.isStopWord(words[i])) {
      stops++;
      i--;
    } else break;
  }
  return i >= 0 && markers.has(words[i]) ? i : -1;
}
