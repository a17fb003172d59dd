import { QUERY_VOCABULARY_LOCALE } from "./builtin-vocabulary.ts";
import { phraseStem } from "./inflection.ts";
import { normalizeText, plainSpellings } from "./normalize.ts";
import { queryOnlyWrittenTerms } from "./query-only.ts";
import { UNLISTED } from "./query-types.ts";
import { SERVED_BY } from "./served-by.ts";
import { isCjk, tokenize } from "./tokenize.ts";

/** A word that begins in Hangul: Korean, whose particles end the word they mark. */
const HANGUL = /^\p{Script=Hangul}/u;
import type { VocabularyEntry, VocabularyKind } from "./vocabulary-file.ts";

/** What a vocabulary term stands for: a category, a language, a city… (`stop` never appears). */
export interface Concept {
  kind: Exclude<VocabularyKind, "stop">;
  key: string;
}

/**
 * A word written with a capital and then a small letter: a name ("Terraform", "HubSpot", "Blue
 * Card"). Not an acronym beside a generic word ("SEO consultant", "HR compliance"): that is the
 * subcategory's own name, which its experts stand for as fully as a profile that writes it; an
 * acronym typed in capitals is specific anyway (specificity.ts codeWords). Only the English file is read
 * so: German writes every noun with a capital.
 */
const NAMED = /\p{Lu}\p{Ll}/u;

/**
 * A synonym term of the English file (or a query-side one) written as a title, two words or more
 * each beginning with a capital or a digit ("EU Blue Card", "Transfer Pricing", "Permanent
 * Residence"): its row is a thing of its own (a visa route, a regime, a status), which some experts
 * carry as a tag, and a query that names it in any language ("precios de transferencia", "Blaue
 * Karte") is as specific as one written as a code (settle.ts). An everyday need's terms are written
 * in small letters, though a product may be among them ("online shop | … | Shopify", "iOS app").
 * (German writes every noun with a capital, so its file is not read so.)
 */
const NAMED_THING = /^[\p{Lu}\p{N}]\S*(?:\s+[\p{Lu}\p{N}]\S*)+$/u;

/** The longest term, in words (or CJK characters), the phrase matcher looks for. */
export const MAX_PHRASE = 6;

/** A term as the matcher compares it: its normalised words joined by one space. */
export function termKey(term: string): string {
  return tokenize(normalizeText(term))
    .map((t) => t.text)
    .join(" ");
}

/** The scripts inflection.ts stems (inflectionStem): a word of another is its own stem. */
const STEMMED_SCRIPT = /[\p{Script=Latin}\p{Script=Cyrillic}]/u;

/** Adds a concept to a term's concepts, once. */
function addConcept(map: Map<string, Concept[]>, term: string, concept: Concept) {
  const list = map.get(term) ?? [];
  if (!list.some((c) => c.kind === concept.kind && c.key === concept.key)) list.push(concept);
  map.set(term, list);
}

/** A normalised term and, when it holds Turkish ı, Polish ł or Russian ё, its spelling with the plain letter. */
export function termSpellings(key: string): string[] {
  return key ? plainSpellings(key) : [];
}

/**
 * Every word of the entries' terms (not stop words), as Vocabulary.words() gives them, without
 * compiling a vocabulary: the typo lexicon's words when a build's vocabulary is recorded
 * (vocabulary-store.ts), where a compiled copy was ~130 MiB of RSS more at the first start.
 */
export function termWordsOf(entries: Iterable<VocabularyEntry>): string[] {
  const all = new Set<string>();
  const add = (key: string) => {
    for (const spelt of termSpellings(key)) for (const w of spelt.split(" ")) all.add(w);
  };
  for (const entry of entries) {
    if (entry.kind === "stop") continue;
    const key = termKey(entry.term);
    add(key);
    // As the compiled vocabulary adds them: a city's English name, a profession's "…beratung".
    if (entry.kind === "city") add(termKey(cityName(entry.key)));
    const service = entry.kind === "category" || entry.kind === "subcategory" ? serviceNoun(key) : null;
    if (service) add(service);
  }
  return [...all];
}

/** A city's English name, which its key carries after the country ("DE:Cologne"). */
const cityName = (key: string) => key.slice(3);

/**
 * The service a German adviser's one-word name stands for ("Steuerberater" → "Steuerberatung"),
 * or null: Vocabulary.addServiceNouns adds it where no row writes it.
 */
function serviceNoun(key: string): string | null {
  if (key.includes(" ") || !key.endsWith("berater") || key.length < 11) return null;
  return `${key.slice(0, -"berater".length)}beratung`;
}

/**
 * The vocabulary compiled for matching: normalised terms → concepts, stop words, and per
 * concept its terms (synonyms are searched as text in every language they are written in).
 */
export class Vocabulary {
  private readonly concepts = new Map<string, Concept[]>();
  /** Phrases of two words or more at their words' stems (inflection.ts): "shows up on google". */
  private readonly stemmed = new Map<string, Concept[]>();
  private readonly stops = new Set<string>();
  /** Phrases of function words between content words, at their content words alone (gappedPhrase). */
  private readonly contentOnly = new Map<string, Concept[]>();
  /** Subcategory terms the English file writes as a name (NAMED): a product, a standard, an exam. */
  private readonly names = new Set<string>();
  /** Synonym keys an English or query-side row writes a term of as a title (NAMED_THING): see isNamedThing. */
  private readonly namedThings = new Set<string>();
  private readonly termsOf = new Map<string, Set<string>>();
  /** Longest CJK term in characters, for forward maximum matching inside a run. */
  readonly maxCjkLength: number;

  /**
   * `categories` are the directory's category slugs and `categoryOfSubcategory` its subcategories
   * (both from the database): a vocabulary key outside them is searched but never reported.
   */
  constructor(
    entries: Iterable<VocabularyEntry>,
    readonly categoryOfSubcategory: ReadonlyMap<string, string> = new Map(),
    readonly categories: ReadonlySet<string> = new Set(categoryOfSubcategory.values()),
  ) {
    let maxCjk = 1;
    const queryWritten = queryOnlyWrittenTerms();
    // One object a concept, shared by its terms, not one an entry: the compiled vocabulary's heap
    // 75.0 → 68.8 MB with the query-side files of 19 languages (169,000 entries).
    const interned = new Map<string, Concept>();
    const conceptOf = (kind: Concept["kind"], key: string): Concept => {
      const id = `${kind}\t${key}`;
      const known = interned.get(id);
      if (known) return known;
      const concept = { kind, key };
      interned.set(id, concept);
      return concept;
    };
    const inDocuments = new Set<string>();
    for (const entry of entries) {
      const queryOnly = entry.locale === QUERY_VOCABULARY_LOCALE && queryWritten.has(entry.term);
      if (entry.kind === "synonym" && entry.locale === "en" && NAMED_THING.test(entry.term))
        this.namedThings.add(entry.key);
      for (const key of termSpellings(termKey(entry.term))) {
        if (entry.kind === "stop") {
          for (const word of key.split(" ")) this.stops.add(word);
          continue;
        }
        (queryOnly ? this.queryOnly : inDocuments).add(key);
        const concept = conceptOf(entry.kind, entry.key);
        if (entry.kind === "subcategory" && entry.locale === "en" && NAMED.test(entry.term)) this.names.add(key);
        addConcept(this.concepts, key, concept);
        const id = conceptId(concept);
        const terms = this.termsOf.get(id) ?? new Set<string>();
        terms.add(key);
        this.termsOf.set(id, terms);
        if (!key.includes(" ") && /^[^\p{Script=Latin}]+$/u.test(key))
          maxCjk = Math.max(maxCjk, Array.from(key).length);
      }
    }
    this.addServiceNouns();
    // A city is always called by the English name its key carries, and a country by its code.
    for (const id of this.termsOf.keys()) {
      const [kind, key] = splitConceptId(id);
      if (kind === "city") this.addTerm(conceptOf(kind, key), cityName(key));
    }
    this.maxCjkLength = Math.min(maxCjk, 12);
    for (const [key, concepts] of this.concepts) {
      if (!key.includes(" ")) continue;
      const words = key.split(" ");
      const stem = phraseStem(words);
      // Only where a query's other inflection can reach it: inflection.ts stems Latin and Cyrillic
      // words alone, so a phrase of neither script is its own stem and found as it is (a quarter
      // of the phrases: Greek, Arabic, Hindi, CJK; 3 MB of heap).
      if (stem !== key || STEMMED_SCRIPT.test(key))
        for (const concept of concepts) addConcept(this.stemmed, stem, concept);
      // Its content words, when it has function words between them: "present to the board" is
      // found in "present to our board", as "losing good people" is "losing people".
      const content = words.filter((w) => !this.stops.has(w));
      if (content.length >= 2 && content.length < words.length && !this.stops.has(words[0]))
        for (const concept of concepts) addConcept(this.contentOnly, content.join(" "), concept);
    }
    for (const key of inDocuments) this.queryOnly.delete(key);
    this.linkSynonyms();
    this.termWords = new Set(this.words());
  }

  /** Normalised terms only a query-side language writes (query-only.ts): read in `q`, not searched in documents. */
  private readonly queryOnly = new Set<string>();

  isQueryOnly(term: string): boolean {
    return this.queryOnly.has(term);
  }

  /** Every word of every term: what typo correction may turn a word of a sentence into. */
  private readonly termWords: ReadonlySet<string>;

  /** Whether a word is a word of some term (not only of a name or a text in the directory). */
  hasWord(word: string): boolean {
    return this.termWords.has(word);
  }

  private readonly linked = new Map<string, Concept[]>();

  /**
   * An everyday synonym ("work permit") that shares a term with a category or subcategory
   * ("work permits" of work-visas), plurals aside, stands for it too: the vocabulary need not
   * repeat every phrase under every kind.
   */
  private linkSynonyms() {
    const stem = (term: string) =>
      term
        .split(" ")
        .map((w) => (w.length > 3 && w.endsWith("s") ? w.slice(0, -1) : w))
        .join(" ");
    const professions = new Map<string, Concept[]>();
    for (const [term, concepts] of this.concepts) {
      const named = concepts.filter((c) => c.kind === "category" || c.kind === "subcategory");
      if (named.length) professions.set(stem(term), [...(professions.get(stem(term)) ?? []), ...named]);
    }
    for (const [id, terms] of this.termsOf) {
      const [kind, key] = splitConceptId(id);
      // Professions nobody here practises stand for none, whatever term they share with one
      // ("notario": a notary is no lawyer here; linked, every unlisted profession was a lawyer).
      if (kind !== "synonym" || key === UNLISTED) continue;
      const served = this.servedBy(key);
      if (served) {
        this.linked.set(id, served);
        continue;
      }
      const found = [...terms].flatMap((t) => professions.get(stem(t)) ?? []);
      const unique = [...new Map(found.map((c) => [conceptId(c), c])).values()];
      if (unique.length) this.linked.set(conceptId({ kind, key }), unique);
    }
  }

  /** The professions SERVED_BY names for a synonym, as the vocabulary knows them; null when it names none. */
  private servedBy(key: string): Concept[] | null {
    const keys = SERVED_BY[key];
    if (!keys) return null;
    return keys.flatMap((slug) =>
      (["subcategory", "category"] as const)
        .map((kind) => ({ kind, key: slug }))
        .filter((c) => this.termsOf.has(conceptId(c)))
        .slice(0, 1),
    );
  }

  /** The categories and subcategories a synonym stands for (empty for other concepts). */
  linkedProfessions(concept: Concept): Concept[] {
    return this.linked.get(conceptId(concept)) ?? [];
  }

  /**
   * German names the service after the adviser ("Steuerberater" → "Steuerberatung",
   * "Sicherheitsberater" → "IT-Sicherheitsberatung"): a profession's "…berater" also answers to its
   * "…beratung" where no row writes that word, so the service is read as the profession whether or
   * not the file lists both.
   */
  private addServiceNouns() {
    for (const [key, concepts] of [...this.concepts]) {
      const service = serviceNoun(key);
      if (!service || this.concepts.has(service)) continue;
      for (const concept of concepts)
        if (concept.kind === "category" || concept.kind === "subcategory") this.addTerm(concept, service);
    }
  }

  private addTerm(concept: Concept, term: string) {
    const key = termKey(term);
    addConcept(this.concepts, key, concept);
    this.termsOf.get(conceptId(concept))!.add(key);
  }

  /**
   * Whether a normalised term is one a subcategory's English row writes as a name ("Terraform",
   * "QuickBooks", "Google Ads", "Express Entry"): a thing of its own, which the query reads as
   * specific however it is typed (settle.ts), so that a profile that names it comes before the
   * subcategory's other experts, as "SOC 2" or "IFRS" written as codes already do.
   */
  isName(term: string): boolean {
    return this.names.has(term);
  }

  /** Whether a synonym concept is a thing with a name of its own (NAMED_THING). */
  isNamedThing(concept: Concept): boolean {
    return concept.kind === "synonym" && this.namedThings.has(concept.key);
  }

  isStopWord(word: string): boolean {
    return this.stops.has(word);
  }

  /** Concepts a normalised term (words joined by a space, or a CJK string) stands for. */
  lookup(term: string): Concept[] {
    return this.concepts.get(term) ?? [];
  }

  /** Every normalised term of a concept, across every locale. */
  terms(concept: Concept): string[] {
    return [...(this.termsOf.get(conceptId(concept)) ?? [])];
  }

  private readonly wordsOf = new Map<string, { words: Set<string>; cjk: string[] }>();

  /**
   * Whether a normalised word is a word of one of a concept's terms, or a CJK word inside one (at
   * least two characters): "house" of "house cleaning", "wohnung" of "wohnung streichen", "厨房"
   * of "厨房装修". Kept per concept once asked.
   */
  holdsWord(concept: Concept, word: string): boolean {
    const id = conceptId(concept);
    let held = this.wordsOf.get(id);
    if (!held) {
      const terms = this.terms(concept);
      held = { words: new Set(terms.flatMap((t) => t.split(" "))), cjk: terms.filter(isCjk) };
      this.wordsOf.set(id, held);
    }
    if (held.words.has(word)) return true;
    return isCjk(word) && Array.from(word).length >= 2 && held.cjk.some((t) => t.includes(word));
  }

  /**
   * The longest vocabulary phrase starting at `words[start]`: its length in words and concepts,
   * or null. Multi-word phrases win over stop words ("buy a flat"), single words do not ("us").
   * A phrase of two words or more is also found in another inflection ("keeps quitting"), and in
   * Korean with the particle its last word carries for the whole ("형사 사건을": 형사 사건 and 을),
   * which is then `particle`.
   */
  longestPhrase(words: string[], start: number): { length: number; concepts: Concept[]; particle?: string } | null {
    const gapped = this.gappedPhrase(words, start);
    for (let length = Math.min(MAX_PHRASE, words.length - start); length >= 2; length--) {
      const slice = words.slice(start, start + length);
      let concepts = this.phrase(slice);
      const last = slice.at(-1)!;
      let bare = concepts.length || !HANGUL.test(last) ? last : this.withoutParticle(last);
      if (bare !== last) concepts = this.lookup([...slice.slice(0, -1), bare].join(" "));
      if (!concepts.length && HANGUL.test(last)) ({ bare, concepts } = this.verbStem(slice));
      const particle = concepts.length && bare !== last ? { particle: last.slice(bare.length) } : {};
      // The phrase of more words wins: "cash flow is a problem" is "cash flow problems", not "cash flow".
      if (concepts.length) return gapped && gapped.words > length ? gapped : { length, concepts, ...particle };
    }
    if (gapped) return gapped;
    const concepts = start < words.length && !this.isStopWord(words[start]) ? this.lookup(words[start]) : [];
    return concepts.length ? { length: 1, concepts } : null;
  }

  /** The concepts of a phrase of two words or more, as written or in another inflection. */
  private phrase(slice: string[]): Concept[] {
    const concepts = this.lookup(slice.join(" "));
    return concepts.length ? concepts : (this.stemmed.get(phraseStem(slice)) ?? []);
  }

  /**
   * A Korean phrase whose last word is a verb the file writes as its stem and the request
   * conjugates ("월급을 못 받" in "월급을 못 받고 있어요", "계약을 어겼" in "계약을 어겼어요"): the
   * last word without one to three final syllables of its ending, one syllable left at least.
   */
  private verbStem(slice: string[]): { bare: string; concepts: Concept[] } {
    const last = Array.from(slice.at(-1)!);
    for (let n = 1; n <= 3 && last.length - n >= 1; n++) {
      const bare = last.slice(0, -n).join("");
      const concepts = this.lookup([...slice.slice(0, -1), bare].join(" "));
      if (concepts.length) return { bare, concepts };
    }
    return { bare: slice.at(-1)!, concepts: [] };
  }

  /** A Korean word without a particle of one or two syllables that ends it, two syllables left at least. */
  withoutParticle(word: string): string {
    const chars = Array.from(word);
    for (const n of [2, 1]) {
      if (chars.length - n < 2) continue;
      if (this.isStopWord(chars.slice(-n).join(""))) return chars.slice(0, -n).join("");
    }
    return word;
  }

  /**
   * A phrase with function words between its words that the vocabulary writes without them, or
   * with others: "losing _good_ people" is "losing people", "perdere _qualche_ chilo" "perdere
   * chilo", "present to _our_ board" "present to the board". The
   * phrase begins and ends with a word that is no stop word; the longest such phrase wins.
   */
  private gappedPhrase(words: string[], start: number): { length: number; words: number; concepts: Concept[] } | null {
    if (this.isStopWord(words[start] ?? "")) return null;
    const at: number[] = [start];
    for (let i = start + 1; i < words.length && at.length < MAX_PHRASE && i - start < MAX_PHRASE + 2; i++)
      if (!this.isStopWord(words[i])) at.push(i);
    for (let k = at.length; k >= 2; k--) {
      // Only where a word was skipped: without a gap it is the phrase already looked for.
      if (at[k - 1] - start + 1 === k) continue;
      const content = at.slice(0, k).map((i) => words[i]);
      const concepts = this.phrase(content);
      const found = concepts.length ? concepts : (this.contentOnly.get(content.join(" ")) ?? []);
      if (found.length) return { length: at[k - 1] - start + 1, words: k, concepts: found };
    }
    return null;
  }

  /** Every word of every term (for the typo lexicon). */
  words(): string[] {
    const all = new Set<string>();
    for (const key of this.concepts.keys()) for (const w of key.split(" ")) all.add(w);
    return [...all];
  }

  get size() {
    return this.concepts.size;
  }
}

export function conceptId(concept: Concept): string {
  return `${concept.kind}\t${concept.key}`;
}

function splitConceptId(id: string): [Concept["kind"], string] {
  const [kind, key] = id.split("\t");
  return [kind as Concept["kind"], key];
}
