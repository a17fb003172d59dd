// Reading a free-text query into a parse (parseQuery), and what the search does with a parse as a whole (its LIKE pattern, its expansions).
import type { components } from "../../generated/agents.ts";
import { MAX_PATTERN_CHARS } from "./bounds.ts";
import { animalPatients } from "./animal-patients.ts";
import { addCjkRun } from "./cjk-run.ts";
import { Interpreter } from "./interpreter.ts";
import { normalizeText } from "./normalize.ts";
import { queryPairs } from "./pairs.ts";
import { priceInterpretation, readPriceWords } from "./price.ts";
import { ownFunctionWords, queryLanguage } from "./query-language.ts";
import type { Alternative, LexiconLookup, ParsedQuery } from "./query-types.ts";
import { respelling } from "./respelling.ts";
import {
  boundCountry,
  boundPlace,
  boundToACountry,
  placedField,
  contextThings,
  originPlaces,
  qualifyWorked,
  settle,
} from "./settle.ts";
import { capitalised, codeWords } from "./specificity.ts";
import { spouseMoves } from "./spouse-moves.ts";
import { audience } from "./audience.ts";
import { brandCopied } from "./brand-copied.ts";
import { taxedAssets } from "./taxed-assets.ts";
import { crossBorderTax } from "./cross-border-tax.ts";
import { foundOnline } from "./found-online.ts";
import { prenup } from "./prenup.ts";
import { soughtNeeds, soughtProfessions } from "./sought.ts";
import { countryLanguage, teachLanguages } from "./teaching.ts";
import { type Token, tokenize } from "./tokenize.ts";
import type { Vocabulary } from "./vocabulary.ts";

type CategorySlug = components["schemas"]["CategorySlug"];

/**
 * Words that are a pronoun written in lower case and a country's code in capitals: "help us" is
 * not the United States, "US tax return" is.
 */
const PRONOUN_CODES = new Set(["us"]);

/**
 * A city's name in some language that is a common word in another ("seul", French for alone, is
 * Polish for Seoul; "nice"; "haga", Spanish "do", is Polish for The Hague; "soul"; "lagos" and
 * "rio", lakes and river; "canton"; "porto", Italian "I bring"; "palma", Spanish for a palm): the
 * city only when `q` writes it capitalised ("Nice", "Seul"). A named city weighs as the need does,
 * so a stray one in a sentence ("je suis seul et je cherche un psychologue") put Seoul's experts
 * beside the psychologists.
 */
const COMMON_WORD_PLACES = new Set([
  "seul",
  "nice",
  "haga",
  "soul",
  "lagos",
  "rio",
  "canton",
  "porto",
  "aman",
  "abo",
  "bale",
  "riad",
  "lima",
  "palma",
]);

/**
 * The query without those of its professions' other names that `keep` refuses: what a search
 * reads. Without a narrowing filter it keeps none: at a million experts they are frequent words
 * ("benefits", "custody"), and a query that matched broadly but never whole walked the rating
 * index through every expert (4 s for "payroll specialist who speaks Japanese"). Beside a filter
 * (a language, a country) it keeps the rarer ones, which find the attorney "lawyer" alone would
 * miss within the filter's few (plan.ts).
 */
export function withoutExpansion(parsed: ParsedQuery, keep: (a: Alternative) => boolean = () => false): ParsedQuery {
  if (!parsed.groups.some((g) => g.alternatives.some((a) => a.expansion && !keep(a)))) return parsed;
  return {
    ...parsed,
    groups: parsed.groups.map((g) => ({ ...g, alternatives: g.alternatives.filter((a) => !a.expansion || keep(a)) })),
  };
}

/**
 * Normalised text as a literal substring of the normalised name, titles and taglines (LIKE's
 * wildcards escaped): the contract's partial match, and a bonus when a phrase appears verbatim.
 * Below three characters it would scan everything for little meaning, so it is left out, and
 * past MAX_PATTERN_CHARS it would match nothing at a cost.
 */
export function likePattern(normalized: string): string | null {
  const text = normalized.trim();
  if (text.length < 3 || text.length > MAX_PATTERN_CHARS) return null;
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Reads a free-text query: vocabulary phrases (the longest first) become concept groups, stop
 * words are dropped, other words match as words, prefixes and (when unknown) their nearest
 * spellings. Every group counts for ranking; none is required, so one word that matches nothing
 * lowers a candidate's rank instead of emptying the list.
 */
export async function parseQuery(q: string, vocabulary: Vocabulary, lookup: LexiconLookup): Promise<ParsedQuery> {
  // The one normalisation of `q`: the words and the LIKE pattern are both read from it, once its
  // price words ("under $150", "cheap") are taken out into bounds (price.ts).
  const { price, rest: written } = readPriceWords(normalizeText(q));
  const codes = codeWords(q);
  let text = written;
  let tokens = tokenize(text);
  // Read twice when respelt: the second reading asks the lexicon only what the first did not.
  const lexicon = answeredOnce(lookup);
  const capitals = capitalised(q);
  // The language its function words alone say (before any term is read): its own function words
  // drop, and its common words are spelt as meant.
  const writtenIn = queryLanguage(q, tokens);
  let interpreter = await interpret(tokens, vocabulary, codes, lexicon, Boolean(price), capitals, writtenIn);
  // A misspelt word of a phrase ("imigration lawyer") is read again spelt right, so that the
  // phrase is found as it would be written ("immigration lawyer": one concept, not a corrected
  // word beside the role's whole category). The corrections stay those of the words as written.
  const respelt = respelling(tokens, interpreter.sure, vocabulary);
  if (respelt) {
    const { corrections } = interpreter;
    text = respelt.text(text);
    tokens = respelt.tokens;
    interpreter = await interpret(tokens, vocabulary, codes, lexicon, Boolean(price), capitals, writtenIn);
    interpreter.corrections.unshift(
      ...corrections
        .filter((c) => !interpreter.corrections.some((k) => k.from === c.from))
        .map((c) => ({ ...c, to: respelt.spelt.get(c.from) ?? c.to })),
    );
  }
  const words = tokens.map((t) => t.text);
  const language = queryLanguage(
    q,
    tokens,
    interpreter.groups.map((g) => g.label),
  );
  teachLanguages(interpreter, words, language, countryLanguage(interpreter, words));
  spouseMoves(interpreter, words);
  brandCopied(interpreter, words);
  foundOnline(interpreter, words);
  prenup(interpreter, words);
  qualifyWorked(interpreter);
  const readsAsName = interpreter.readsAsName();
  settle(interpreter, codes);
  crossBorderTax(interpreter);
  originPlaces(interpreter, words);
  contextThings(interpreter, words);
  taxedAssets(interpreter, words);
  audience(interpreter, words);
  boundCountry(interpreter);
  placedField(interpreter);
  soughtProfessions(interpreter, words);
  soughtNeeds(interpreter, words);
  animalPatients(interpreter, words);
  const r = interpreter.recognized;
  return {
    groups: interpreter.groups,
    readsAsName,
    interpretation: {
      terms: interpreter.groups.map((g) => g.label),
      ignored: interpreter.ignored,
      corrections: interpreter.corrections,
      recognized: {
        categories: [...r.categories].filter((slug) => vocabulary.categories.has(slug)) as CategorySlug[],
        subcategories: [...r.subcategories],
        languages: [...r.languages],
        countries: [...r.countries],
        regions: [...r.regions],
        cities: [...r.cities],
      },
      price: price && priceInterpretation(price, null),
    },
    pattern: likePattern(text),
    price,
    language,
    local: boundToACountry(interpreter),
    boundPlace: boundPlace(interpreter, language),
    pairs: queryPairs(tokens, (word) => vocabulary.isStopWord(word)),
  };
}

/** `lookup`, asking the lexicon only for words it has not answered yet (one statement for a query read twice). */
function answeredOnce(lookup: LexiconLookup): LexiconLookup {
  const answered = new Map<string, { known: boolean; near: string[]; edits: number }>();
  return async (words) => {
    const asked = words.filter((w) => !answered.has(w));
    if (asked.length) for (const [word, entry] of await lookup(asked)) answered.set(word, entry);
    return new Map(words.flatMap((w) => (answered.has(w) ? [[w, answered.get(w)!] as const] : [])));
  };
}

/** The query's words read into groups (vocabulary phrases, stop words, plain words) and corrected. */
async function interpret(
  tokens: Token[],
  vocabulary: Vocabulary,
  codes: ReadonlySet<string>,
  lookup: LexiconLookup,
  priced: boolean,
  capitals: ReadonlySet<string>,
  written: string | null,
): Promise<Interpreter> {
  const own = ownFunctionWords(written);
  const interpreter = new Interpreter(vocabulary);
  const words = tokens.map((t) => t.text);
  for (let i = 0; i < tokens.length; ) {
    const [start, before] = [i, interpreter.groups.length];
    // A CJK run is segmented on its own, unless it begins a vocabulary phrase of several runs
    // (Korean spaces its phrases: "개인 트레이너", "인테리어 디자이너").
    const found = vocabulary.longestPhrase(words, i);
    const pronoun = (PRONOUN_CODES.has(words[i]) && !codes.has(words[i])) || own.has(words[i]);
    const commonWord =
      found?.length === 1 &&
      COMMON_WORD_PLACES.has(words[i]) &&
      !capitals.has(words[i]) &&
      found.concepts.every((c) => c.kind === "city");
    // A phrase it begins ("us gaap") is still read; the word alone is the pronoun (or the common word).
    const phrase = (pronoun || commonWord) && found?.length === 1 ? null : found;
    if (tokens[i].cjk && !(found && found.length > 1)) addCjkRun(interpreter, tokens[i++].text);
    else if (phrase) {
      const written = words.slice(i, i + phrase.length).join(" ");
      interpreter.addConceptGroup(
        phrase.particle ? written.slice(0, -phrase.particle.length) : written,
        phrase.concepts,
      );
      if (phrase.particle) interpreter.ignored.push(phrase.particle);
      i += phrase.length;
    } else if (vocabulary.isStopWord(words[i]) || pronoun) {
      interpreter.ignored.push(words[i++]);
    } else interpreter.addWord(words[i++]);
    for (const group of interpreter.groups.slice(before)) interpreter.spans.set(group, { start, end: i - 1 });
  }
  // A query of stop words only ("an", "the who") is searched as it is rather than not at all.
  if (!interpreter.groups.length && !priced)
    for (const word of interpreter.ignored.splice(0)) interpreter.addWord(word);
  await interpreter.correct(lookup, capitals, written);
  return interpreter;
}
