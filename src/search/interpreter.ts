// The state of reading one query (its groups, ignored words, corrections, recognised concepts) and the reading of words and phrases into groups.
import { MAX_CORRECTED_WORDS } from "./bounds.ts";
import { isCommonEnglishWord, isCommonWord } from "./common-words.ts";
import { remembered, termAlternatives } from "./concept-memo.ts";
import { compoundSplit, professions, wordForms } from "./compound.ts";
import { otherGender } from "./gender.ts";
import { numberForms } from "./inflection.ts";
import { asProfession, conceptIds, dedupe, exact, isPlainWord, isShortPhrase, termLexemes } from "./query-groups.ts";
import {
  type Alternative,
  CONTEXT,
  HIRING,
  FACTOR,
  GROUP_WEIGHT,
  LATIN_WORD,
  type LexiconLookup,
  MAX_SYNONYM_WORDS,
  NAMED_THING_TERMS,
  MIN_FUZZY,
  MIN_FUZZY_NAME,
  MIN_PREFIX,
  MODIFIERS,
  type QueryGroup,
  UNLISTED,
} from "./query-types.ts";
import { isRole } from "./roles.ts";
import { categoryToken, cityToken, countryToken, languageToken, regionToken, subcategoryToken } from "./tokens.ts";
import { type Concept, conceptId, type Vocabulary } from "./vocabulary.ts";

/** A region's or a city's key (`US:TX`, `DE:Cologne`) as its country code and the rest. */
const placeKey = (key: string): [string, string] => [key.slice(0, 2), key.slice(3)];

/** Function words that are part of names ("de Boer", "van Dijk", "dos Santos", "bin Said"). */
const NAME_PARTICLES = new Set([
  "de",
  "del",
  "della",
  "der",
  "den",
  "di",
  "da",
  "das",
  "do",
  "dos",
  "du",
  "la",
  "le",
  "van",
  "von",
  "ten",
  "ter",
  "bin",
  "al",
  "el",
  "y",
  "e",
]);

export class Interpreter {
  readonly groups: QueryGroup[] = [];
  readonly ignored: string[] = [];
  readonly corrections: { from: string; to: string }[] = [];
  /**
   * Corrections sure enough to read the word as its spelling (a phrase may hold it): word → its
   * nearest spellings, equally near, the one reported first.
   */
  readonly sure = new Map<string, readonly string[]>();
  readonly recognized = {
    categories: new Set<string>(),
    subcategories: new Set<string>(),
    languages: new Set<string>(),
    countries: new Set<string>(),
    regions: new Set<string>(),
    cities: new Set<string>(),
  };
  /** The tokens each group was read from (first and last index): which words stand side by side. */
  readonly spans = new Map<QueryGroup, { start: number; end: number }>();
  /** Where else a group's concept was written, once merged into it (settle.ts: one concept counts once). */
  readonly alsoAt = new Map<QueryGroup, number[]>();
  /** Plain words that need the lexicon (typo correction), with the group each belongs to. */
  readonly pending: { word: string; group: QueryGroup }[] = [];
  /** Plain Latin words of three letters, never corrected: looked up in a short phrase only to say whether anyone has them (correct). */
  readonly short: { word: string; group: QueryGroup }[] = [];

  constructor(readonly vocabulary: Vocabulary) {}

  /**
   * Reads `group` as `concept`'s need, what a rule of the whole query found it to be (a spouse who
   * moves, a search engine one wants to be found on): the concept's alternatives beside the group's
   * own words, and the group weighs as a profession.
   */
  readAs(group: QueryGroup, concept: Concept) {
    group.alternatives = dedupe([...group.alternatives, ...this.conceptAlternatives(concept)]);
    asProfession(group, [concept]);
  }

  conceptAlternatives(concept: Concept, factor = 1): readonly Alternative[] {
    const scaled = (a: Alternative): Alternative => ({ ...a, factor: a.factor * factor });
    // The same alternatives as `scaled` would make (a factor times 1 is itself), shared.
    const all = (list: readonly Alternative[]) => (factor === 1 ? list : list.map(scaled));
    switch (concept.kind) {
      case "category":
        this.recognized.categories.add(concept.key);
        return all(this.token(concept, () => [exact(categoryToken(concept.key))]));
      case "subcategory": {
        this.recognized.subcategories.add(concept.key);
        return all(
          this.token(concept, () => {
            const parent = this.vocabulary.categoryOfSubcategory.get(concept.key);
            const alternatives: Alternative[] = [
              parent
                ? { ...exact(subcategoryToken(concept.key)), parent: categoryToken(parent) }
                : exact(subcategoryToken(concept.key)),
            ];
            if (parent) alternatives.push({ lexemes: [categoryToken(parent)], prefix: false, factor: FACTOR.parent });
            return alternatives;
          }),
        );
      }
      case "language":
        this.recognized.languages.add(concept.key);
        return all(this.token(concept, () => [exact(languageToken(concept.key))]));
      case "country":
        this.recognized.countries.add(concept.key);
        return all(this.token(concept, () => [exact(countryToken(concept.key))]));
      case "region": {
        const [country, code] = placeKey(concept.key);
        this.recognized.regions.add(`${code}, ${country}`);
        return all(this.token(concept, () => [exact(regionToken(country, code))]));
      }
      case "city": {
        const [country, name] = placeKey(concept.key);
        this.recognized.cities.add(`${name}, ${country}`);
        return all(
          remembered(this.vocabulary, `city\n${concept.key}`, () =>
            this.vocabulary.terms(concept).map((term) => exact(cityToken(country, term))),
          ),
        );
      }
      case "synonym":
        // A profession nobody here practises is read whole and searched as written, not as the
        // other unlisted professions its row holds: "plumber" is no dentist.
        if (concept.key === UNLISTED) return [];
        // Everyday words: searched as text, in every language the vocabulary writes them in.
        return all(termAlternatives(this.vocabulary, concept));
    }
  }

  /** A concept's token alternatives, made once per vocabulary (shared). */
  private token(concept: Concept, make: () => Alternative[]): readonly Alternative[] {
    return remembered(this.vocabulary, `token\n${conceptId(concept)}`, make);
  }

  addConceptGroup(label: string, recognized: Concept[]) {
    const concepts = [...recognized, ...recognized.flatMap((c) => this.vocabulary.linkedProfessions(c))];
    const named = concepts.filter((c) => c.kind === "category" || c.kind === "subcategory");
    // An everyday need that professions serve is searched as those professions (and the words the
    // user wrote), not as its words in every language: those added up to 48 alternatives a word
    // ("rent", "办公场地"), each a posting list to merge, and found no one the professions' tokens
    // miss (bench/results/search-after-merges-2026-11-26.md; relevance unchanged or better). A
    // need no profession serves ("online", "children") is still searched as its words.
    const served = (c: Concept) => c.kind === "synonym" && named.length > 0;
    const alternatives = [
      exact(...termLexemes(label)),
      // A service's name ("pitch deck") or an everyday need's noun phrase ("small company"), not a
      // place's or a language's ("new york", "på engelska"), nor a need's longer phrasing ("me quedo en blanco").
      ...(recognized.every(
        (c) =>
          c.kind === "category" || c.kind === "subcategory" || (c.kind === "synonym" && label.split(" ").length <= 3),
      )
        ? phraseNumberForms(label, (w) => this.vocabulary.isStopWord(w))
        : []),
      ...named.flatMap((c) => this.conceptAlternatives(c)),
      ...concepts.filter((c) => !named.includes(c) && !served(c)).flatMap((c) => this.conceptAlternatives(c)),
    ];
    // The professions' names in every locale, deduplicated once per set of professions (shared).
    const titleTerms = named.length
      ? remembered(this.vocabulary, `title\n${named.map(conceptId).join("\n")}`, () => {
          const all = named.flatMap((c) => termAlternatives(this.vocabulary, c));
          return all.length ? dedupe(all) : null;
        })
      : null;
    alternatives.push(
      ...this.synonymWords(label, named),
      ...otherGender(this.vocabulary, label, named),
      ...this.needNames(label, concepts.filter(served)),
    );
    // A named thing (a visa route, a card: "Blaue Karte EU") has its own names in every language,
    // searched as words when the query names it as a specific term (settle.ts): a profile's tag
    // "eu blue card" is what the German asks for, whatever that expert's subcategory. Only a
    // synonym of few names: an everyday need's many phrasings are left to its professions.
    const things = concepts.filter(
      (c) => served(c) && termAlternatives(this.vocabulary, c).length <= NAMED_THING_TERMS,
    );
    const thingNames = things.flatMap((c) => this.conceptAlternatives(c));
    const namedThing = things.some((c) => this.vocabulary.isNamedThing(c));
    // A city or a region ("Texas"): a place that narrows the need as much as a city does.
    const city = recognized.length > 0 && recognized.every((c) => c.kind === "city" || c.kind === "region");
    const weight = named.length ? GROUP_WEIGHT.profession : city ? GROUP_WEIGHT.city : GROUP_WEIGHT.word;
    const modifier = recognized.length > 0 && recognized.every((c) => c.kind === "synonym" && MODIFIERS.has(c.key));
    const everyday = named.length > 0 && recognized.every((c) => c.kind === "synonym");
    const hiring = recognized.some(
      (c) => (c.kind === "subcategory" && c.key === "recruiting") || (c.kind === "synonym" && HIRING.has(c.key)),
    );
    const context = everyday && recognized.every((c) => c.kind === "synonym" && CONTEXT.has(c.key));
    const ids = conceptIds(named);
    const phrase = label.includes(" ") ? { phrase: exact(...termLexemes(label)) } : {};
    // A profession nobody here practises ("plumber", "personal trainer") is a need nobody has.
    const unlisted = recognized.some((c) => c.kind === "synonym" && c.key === UNLISTED);
    // The word as written, or another form of it its concept holds ("квартире" of "покрасить
    // квартиру": the same word but its last letters): a word of the unlisted phrases.
    const unlistedRow = { kind: "synonym", key: UNLISTED } as const;
    const worked =
      everyday &&
      (this.vocabulary.holdsWord(unlistedRow, label) ||
        recognized.some(
          (c) =>
            c.kind === "synonym" &&
            this.vocabulary.terms(c).some((t) => isOtherForm(t, label) && this.vocabulary.holdsWord(unlistedRow, t)),
        ));
    this.groups.push({
      label,
      alternatives: dedupe(alternatives),
      weight,
      ...(ids ? { concepts: ids } : {}),
      ...(modifier ? { modifier } : {}),
      ...(everyday ? { everyday } : {}),
      ...(hiring ? { hiring } : {}),
      ...(context ? { context } : {}),
      ...(unlisted ? { unheard: true, unlisted } : {}),
      ...(worked ? { worked } : {}),
      ...phrase,
      ...(titleTerms ? { titleTerms } : {}),
      ...(thingNames.length ? { thingNames } : {}),
      ...(namedThing ? { namedThing } : {}),
    });
  }

  /**
   * An everyday need's own name (its row's key: "small business", "apartment"), searched as words
   * beside the user's: "small company" also finds the "Small Business Accountant". One alternative
   * a need, not its terms in every language (addConceptGroup). Tuning: 7 queries up, 2 down.
   */
  needNames(label: string, needs: readonly Concept[]): Alternative[] {
    const names = new Set(needs.map((c) => c.key.replace(/ \(\d+\)$/, "")));
    names.delete(label);
    return [...names].map((name) => exact(...termLexemes(name)));
  }

  /**
   * The recognised profession's other one-word names, searched as words: "lawyer" also finds the
   * expert whose title says "Attorney" but whose category is another ("Immigration Attorney").
   * Only words of the label's script that stand for this concept alone, and at most
   * MAX_SYNONYM_WORDS of them.
   */
  synonymWords(label: string, named: Concept[]): Alternative[] {
    if (named.length !== 1 || !LATIN_WORD.test(label.replace(/ /g, ""))) return [];
    // Not the label's own words or their inflections ("taxes" for "tax": the prefix finds them), nor plurals of another.
    const stems = label.split(" ").map((w) => w.slice(0, 4));
    // The concept's one-word names that are not plurals of another, each as its alternative (shared).
    const candidates = remembered(this.vocabulary, `synonyms\n${conceptId(named[0])}`, () => {
      const words = this.vocabulary
        .terms(named[0])
        .filter(
          (term) =>
            !term.includes(" ") &&
            term.length >= 4 &&
            LATIN_WORD.test(term) &&
            !this.vocabulary.isStopWord(term) &&
            this.vocabulary.lookup(term).length === 1,
        );
      const all = new Set(words);
      return words
        .filter((w) => !(w.endsWith("s") && all.has(w.slice(0, -1))))
        .map((word) => ({
          word,
          alternative: { lexemes: [word], prefix: false, factor: FACTOR.synonym, expansion: true },
        }));
    });
    return candidates
      .filter(({ word }) => !stems.some((stem) => word.startsWith(stem)))
      .slice(0, MAX_SYNONYM_WORDS)
      .map((c) => c.alternative);
  }

  addWord(word: string) {
    const alternatives = [exact(word)];
    const latin = LATIN_WORD.test(word);
    if (latin && word.length >= MIN_PREFIX) alternatives.push({ lexemes: [word], prefix: true, factor: FACTOR.prefix });
    if (latin && word.length > 4 && word.endsWith("s"))
      alternatives.push({ lexemes: [word.slice(0, -1)], prefix: false, factor: FACTOR.plural });
    for (const form of numberForms(word)) alternatives.push({ lexemes: [form], prefix: false, factor: FACTOR.plural });
    const group: QueryGroup = { label: word, alternatives, weight: GROUP_WEIGHT.word, plain: true };
    this.groups.push(group);
    if (latin && word.length >= MIN_FUZZY_NAME) this.pending.push({ word, group });
    else if (latin && word.length === MIN_FUZZY_NAME - 1) this.short.push({ word, group });
  }

  /** Adds typo corrections to the plain words the lexicon does not know. */
  async correct(lookup: LexiconLookup, capitals: ReadonlySet<string> = new Set(), language: string | null = null) {
    // A four-letter word is corrected only in a query that reads as a name (a short surname).
    const asName = this.readsAsName();
    // A capitalised word no language has, beside a profession in a short phrase, is a surname too
    // ("Rousseu SEO", "Webber tax"): spelt as some profile's word, though the vocabulary lacks it.
    const surname = (word: string) =>
      !asName && capitals.has(word) && this.isShortPhrase() && !isCommonWord(word, language);
    const pending = this.pending.filter((p) => p.word.length >= MIN_FUZZY || asName).slice(0, MAX_CORRECTED_WORDS);
    // A short word beside a profession in a short phrase ("instrutor de voo", "ski instructor") is
    // what is asked for, too short to correct: whether anyone has it says whether anyone fits
    // (unheard, as for a longer word below). Not a common word of the query's language, spelt as meant.
    const short =
      asName || !this.isShortPhrase()
        ? []
        : [...this.short, ...this.pending.filter((p) => p.word.length < MIN_FUZZY)].filter(
            (p) => !isCommonWord(p.word, language) && !this.vocabulary.hasWord(p.word),
          );
    if (!pending.length && !short.length) return;
    // With the words, in the same round trip, what a compound's last part may be ("antrags" → "antrag").
    const splits = new Map(pending.map((p) => [p.word, compoundSplit(this.vocabulary, p.word)]));
    const lasts = [...splits.values()].flatMap((s) => (s ? wordForms(s.last) : []));
    const found = await lookup([...new Set([...pending.map((p) => p.word), ...short.map((p) => p.word), ...lasts])]);
    for (const { word, group } of short) if (found.get(word)?.known === false) group.unheard = true;
    const known = (w: string) => found.get(w)?.known === true || this.vocabulary.hasWord(w) || isRole(w);
    for (const { word, group } of pending) {
      const entry = found.get(word);
      if (!entry || entry.known) continue;
      const split = splits.get(word);
      // Only where the rest is a word too, or a long part of a word no English speaker would know
      // ("Gehaltsstufen", "Visumverlängerung": the rest of a German compound that no profile
      // writes): "investigator" is not invest + "igator", nor "accountability" account + "ability".
      if (split && (wordForms(split.last).some(known) || (split.last.length >= 5 && !isCommonEnglishWord(word)))) {
        // It names a profession, as a recognised term does (addConceptGroup): the need, not filler.
        group.alternatives = dedupe([...group.alternatives, ...this.compoundAlternatives(split)]);
        asProfession(group, split.first);
        continue;
      }
      // Never "corrected" into a place the user did not write: a city or country is a filter of
      // meaning, and a near spelling of one is far more often a word the directory lacks.
      // Nor, in a query that does not read as a name, a word of up to seven letters into one the
      // vocabulary does not hold: near a short word, a name or a stray word of some profile is
      // as near as the word meant (edits already scale with length, lexicon.ts maxEdits).
      // A common word (of English or another query language) is spelt as meant: the directory lacks it ("paint my walls" is not
      // "pain" and "wills"). A name's parts are still corrected ("Katharina Webber").
      const meant = !asName && isCommonWord(word, language);
      const nearWords = entry.near.filter(
        (n) =>
          !meant &&
          !this.vocabulary.lookup(n).some((c) => c.kind === "city" || c.kind === "region" || c.kind === "country") &&
          // A function word of some language is never what was meant ("night" → "nicht", "sick" → "sich").
          !this.vocabulary.isStopWord(n) &&
          (asName || surname(word) || word.length >= 8 || this.vocabulary.hasWord(n)),
      );
      for (const near of nearWords) {
        group.alternatives.push({ lexemes: [near], prefix: false, factor: FACTOR.fuzzy });
        group.alternatives.push(
          ...this.vocabulary.lookup(near).flatMap((c) => this.conceptAlternatives(c, FACTOR.fuzzy)),
        );
      }
      if (nearWords.length) {
        this.corrections.push({ from: word, to: nearWords[0] });
        // A misspelt profession is the profession ("enterpreneur coaching", "acountant for my
        // shop"): the need, as the word written right would be (addConceptGroup), not a plain word
        // that a sentence's filler rule halves. Not in a name, whose parts may spell a term.
        // In a sentence, only a correction of one edit: two reach another language's word as often
        // as a typo ("paziente", Italian for patient, is two from "patente").
        const sure = this.isShortPhrase() || entry.edits <= 1;
        // In what reads as a name, a spelling the vocabulary holds is sure too: it is read again
        // only if that makes a phrase of it ("imigration lawer" is "immigration lawyer", two
        // misspelt words no name has), never a name's part spelt as a name (respelling.ts).
        if (sure && (!asName || this.vocabulary.hasWord(nearWords[0])))
          this.sure.set(
            word,
            nearWords.filter((n, i) => i === 0 || !asName || this.vocabulary.hasWord(n)),
          );
        const named = asName || !sure ? [] : professions(this.vocabulary, nearWords[0]);
        if (named.length) {
          asProfession(group, named);
        }
      }
      // Nobody has the word. A common word of a sentence is only its filler, as before unless no
      // near spelling existed at all; in a short phrase it is the need ("house painter").
      else group.unheard = !meant || entry.near.length === 0 || this.isShortPhrase();
      group.alternatives = dedupe(group.alternatives);
    }
  }

  isShortPhrase(): boolean {
    return isShortPhrase(this.groups, this.ignored);
  }

  /** A compound's first part counts as the start of a word does (a prefix match); its last part's concepts ("…anwalt") as a broader category, which alone does not fit. */
  private compoundAlternatives(split: { first: Concept[]; last: string }): Alternative[] {
    const last = wordForms(split.last).flatMap((w) => professions(this.vocabulary, w));
    return [
      ...split.first.flatMap((c) => this.conceptAlternatives(c, FACTOR.prefix)),
      ...last.flatMap((c) => this.conceptAlternatives(c, FACTOR.parent)),
    ];
  }

  /**
   * Every group a plain word: "Lakshmi", "Da-hye Han" (a name may stand in a name field first).
   * Not with a function word beside them other than a name's particle: "gardener to mow my lawn"
   * is a sentence, "Joris de Boer" a name.
   */
  readsAsName(): boolean {
    return (
      this.groups.length > 0 &&
      this.groups.length <= 4 &&
      this.groups.every(isPlainWord) &&
      this.ignored.every((w) => NAME_PARTICLES.has(w))
    );
  }
}

/** Another form of one word: both single words of four letters or more that differ in at most their last two. */
function isOtherForm(term: string, word: string): boolean {
  if (term === word || term.includes(" ") || word.includes(" ")) return false;
  const shorter = Math.min(term.length, word.length);
  let common = 0;
  while (common < shorter && term[common] === word[common]) common++;
  return common >= 4 && common >= Math.max(term.length, word.length) - 2;
}

/**
 * A Latin phrase of two words or more in the other number of its last word, as profiles write it
 * ("pitch deck" → "pitch decks", "tax returns" → "tax return"): the index holds words as written,
 * and a tag in the plural is the service the query names in the singular. A plural's bare "-s" is
 * cut, a singular gets one (numberForms adds "-ies" ↔ "-y" and the Romance plurals).
 */
function phraseNumberForms(label: string, isStopWord: (word: string) => boolean): Alternative[] {
  const words = label.split(" ");
  const last = words.at(-1) ?? "";
  // A phrase with a function word is a clause ("buy an apartment", "entrevista de trabajo"), not a noun's name.
  if (words.length < 2 || last.length < 4 || !LATIN_WORD.test(last) || words.some(isStopWord)) return [];
  const forms = new Set(numberForms(last));
  if (last.endsWith("s") && !last.endsWith("ss")) forms.add(last.slice(0, -1));
  else if (!/[sxz]$/u.test(last)) forms.add(`${last}s`);
  const head = words.slice(0, -1).flatMap((w) => termLexemes(w));
  return [...forms].map((form) => ({ lexemes: [...head, form], prefix: false, factor: FACTOR.plural }));
}
