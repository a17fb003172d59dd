import type { components } from "../../generated/agents.ts";
import { normalizeText, plainSpellings } from "./normalize.ts";
import { type PriceWords, priceInterpretation, readPriceWords } from "./price.ts";
import { isRole } from "./roles.ts";
import { isCommonEnglishWord, isCommonWord } from "./common-words.ts";
import { respelling } from "./respelling.ts";
import { ALPHABETIC_WORD, bigrams, type Token, tokenize } from "./tokenize.ts";
import { categoryToken, cityToken, countryToken, languageToken, subcategoryToken } from "./tokens.ts";
import { type Concept, conceptId, type Vocabulary } from "./vocabulary.ts";

export type QueryInterpretation = components["schemas"]["QueryInterpretation"];
type CategorySlug = components["schemas"]["CategorySlug"];

/** One way a query group can match: all `lexemes` present (prefixes when `prefix`), worth `factor`. */
export interface Alternative {
  lexemes: string[];
  prefix: boolean;
  factor: number;
  /** Another name of the recognised profession (synonymWords): searched only beside a narrowing filter. */
  expansion?: boolean;
}

/**
 * A query word or recognised phrase; it matches when any of its alternatives does. A concept's
 * `titleTerms` (its names in every locale) add a little when they are in the name or a title:
 * among accountants, the one whose title says "Accountant" first.
 */
export interface QueryGroup {
  label: string;
  alternatives: Alternative[];
  titleTerms?: Alternative[];
  /** How much the group counts: a recognised concept names the need, a leftover word may not. */
  weight: number;
  /** The categories and subcategories it stands for (sorted ids): one concept counts once. */
  concepts?: string;
  /** A word the vocabulary does not know (no concept, no synonym): the filler of a sentence, often. */
  plain?: boolean;
  /** A recognised phrase of several words as written: worth a little more where all its words are. */
  phrase?: Alternative;
  /** How, when or for whom ("online", "urgent", "for children"), not what: a constraint on the need, as a place is. */
  modifier?: boolean;
  /** A word no document and no vocabulary term holds, nor a near spelling of one: nobody has it. */
  unheard?: boolean;
  /** An everyday word that stands for professions (served-by.ts: "apartment", "contractor"), not a profession's own name. */
  everyday?: boolean;
  /** A profession nobody in the directory practises ("plumber", "personal trainer"): also `unheard`. */
  unlisted?: boolean;
  /**
   * An everyday word some unlisted activity is done to, by the vocabulary's own unlisted phrases
   * ("house" of "house cleaning", "Wohnung" of "Wohnung streichen"), or written right before one
   * ("rental" of "rental apartment"): beside an unlisted activity, its object (match.ts).
   */
  worked?: boolean;
}

/**
 * Everyday concepts that qualify a need rather than name one (vocabulary synonyms by key): an
 * expert who works online does not fit "a vet who could look at him online".
 */
const MODIFIERS = new Set([
  "online",
  "urgent",
  "price",
  "free consultation",
  "certified",
  "beginner",
  "children",
  "student",
]);

/** The vocabulary's synonym of the professions nobody in the directory practises ("personal trainer", "plumber"). */
const UNLISTED = "professions not listed";

/**
 * Words that are a pronoun written in lower case and a country's code in capitals: "help us" is
 * not the United States, "US tax return" is.
 */
const PRONOUN_CODES = new Set(["us"]);

/**
 * Weights of groups. What the expert does (a category, a subcategory) is the need itself and
 * counts double; where they are, what they speak, an everyday synonym or a plain word count
 * once: "a work permit for Canada" wants immigration experts before any Canadian.
 */
export const GROUP_WEIGHT = { profession: 2, word: 1, filler: 0.5 } as const;

/**
 * Match factors: exact words and concepts, another name of the same concept ("attorney" for
 * "lawyer", searched as text), word prefixes, typo corrections, a parent category. A parent
 * category stays below rank.ts's FULL_MATCH (0.5), so it covers a need only in part: two needs
 * met by an expert's categories alone must not outweigh one met itself.
 */
export const FACTOR = { exact: 1, plural: 0.9, synonym: 0.85, prefix: 0.85, fuzzy: 0.6, parent: 0.35 } as const;

/**
 * At most this many other names of a concept are searched as words beside its tokens: enough for
 * the professions' main names ("attorney", "solicitor" for "lawyer"), bounded so one concept
 * never becomes hundreds of index probes.
 */
export const MAX_SYNONYM_WORDS = 2;

/** What typo correction needs from the database: known words, and near ones for the unknown. */
/** Per word: whether the lexicon holds it, else its nearest spellings and how many edits away they are (a sound-alike counts one). */
export type LexiconLookup = (
  words: string[],
) => Promise<Map<string, { known: boolean; near: string[]; edits: number }>>;

const LATIN_WORD = /^[\p{Script=Latin}]+$/u;
/** A run that begins in Hangul: Korean, whose particles follow the word they mark and never begin a run. */
const HANGUL = /^\p{Script=Hangul}/u;

/** Shortest word that gets a prefix match, and shortest that gets typo correction (the issue's five letters). */
const MIN_PREFIX = 3;
export const MIN_FUZZY = 5;
/** In a query that reads as a name, a surname this short still gets a fuzzy match ("Parkr" → "Parker", "Khim" → "Kim"). */
const MIN_FUZZY_NAME = 4;
/**
 * Words of learning and teaching, in the languages queries come in, with the case forms a
 * sentence puts them in (ru, pl, tr) and the definite forms of sv: beside a language they ask for its tutor ("преподавателя
 * испанского", "nauczyciela niemieckiego"). Normalised as `q` is (accents dropped; ı, ł, ё also plain).
 */
const TEACHING_WORDS = new Set(
  (
    "teach teaching learn learning study studying practice practise practising practicing improve tutor tutors " +
    "tutoring teacher teachers lesson lessons class classes course courses " +
    "aprender ensenar estudiar clases clase profesor profesora profesores curso cursos " +
    "apprendre enseigner etudier cours professeur professeure prof lecon lecons " +
    "lernen lehren unterricht lehrer lehrerin nachhilfe kurs kurse " +
    "imparare insegnare studiare lezione lezioni insegnante professore professoressa corso corsi ripetizioni " +
    "aula aulas professor professora ensinar estudar " +
    "leren lessen les bijles leraar lerares docent cursus " +
    "учить выучить изучать изучить урок уроки уроков занятия репетитор репетитора репетитором " +
    "преподаватель преподавателя преподавателем учитель учителя учителем курс курсы курсов " +
    "uczyć nauczyć nauka nauki lekcja lekcje lekcji kurs kursu nauczyciel nauczyciela nauczycielka nauczycielki " +
    "korepetycje korepetytor korepetytora lektor lektora " +
    "ders dersi dersleri ders almak öğrenmek öğretmen öğretmeni öğretmene kurs kursu hoca hocası " +
    "lära plugga studera öva undervisning lärare läraren lärarna lektion lektionen lektioner kursen kurser " +
    "privatlärare"
  )
    .split(" ")
    .flatMap((w) => plainSpellings(normalizeText(w))),
);

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

/** A compound's last part and the forms it has alone (German and Dutch endings dropped or added): "antrags" → "antrag". */
function wordForms(part: string): string[] {
  const forms = [part, `${part}en`, `${part}n`];
  for (const ending of ["s", "es", "en", "n", "e"])
    if (part.endsWith(ending) && part.length - ending.length >= 4) forms.push(part.slice(0, -ending.length));
  return forms;
}

/** A group's `concepts`: the sorted ids of the professions it stands for, each once. */
/**
 * Endings that turn a profession's word into the other gender (es, pt, it: abogado/abogada,
 * asesor/asesora; fr: avocat/avocate, conseiller/conseillère, traducteur/traductrice; de:
 * Berater/Beraterin), as written once accents are dropped. Either way round.
 */
const GENDER_ENDINGS: readonly [string, string][] = [
  ["o", "a"],
  ["a", "o"],
  ["os", "as"],
  ["as", "os"],
  ["or", "ora"],
  ["ora", "or"],
  ["ore", "rice"],
  ["rice", "ore"],
  ["eur", "euse"],
  ["euse", "eur"],
  ["eur", "rice"],
  ["rice", "eur"],
  ["er", "ere"],
  ["ere", "er"],
  ["ien", "ienne"],
  ["ienne", "ien"],
  ["at", "ate"],
  ["ate", "at"],
  ["ant", "ante"],
  ["ante", "ant"],
  ["er", "erin"],
  ["erin", "er"],
  ["t", "tin"],
  ["tin", "t"],
];

function conceptIds(concepts: Concept[]): string {
  return [...new Set(concepts.map(conceptId))].sort().join(" ");
}

/** A plain word read as the professions it names after all (a compound, a correction, a taught language): the need. */
function asProfession(group: QueryGroup, concepts: Concept[]) {
  group.weight = GROUP_WEIGHT.profession;
  group.plain = false;
  group.concepts = conceptIds(concepts);
}

function exact(...lexemes: string[]): Alternative {
  return { lexemes, prefix: false, factor: FACTOR.exact };
}

/** The text of a term as lexemes that must all be present: its words, or a CJK term's pairs. */
function termLexemes(term: string): string[] {
  return tokenize(term).flatMap((t: Token) => (t.cjk ? bigrams(t.text) : [t.text]));
}

/**
 * What reading a concept always gives with one compiled vocabulary, kept beside it: a profession
 * named in every locale is hundreds of terms, and writing each as lexemes again for every query
 * that names it was the largest part of reading a query nobody asked before (BENCHMARKS.md). The
 * alternatives are shared by every query that names the concept, which is safe because nothing
 * changes an alternative once made (groups are rebuilt, their alternatives replaced, never
 * edited), and lets rank.ts reuse their tsquery texts across queries.
 */
const conceptMemo = new WeakMap<Vocabulary, Map<string, unknown>>();

function remembered<T>(vocabulary: Vocabulary, key: string, make: () => T): T {
  let memo = conceptMemo.get(vocabulary);
  if (!memo) conceptMemo.set(vocabulary, (memo = new Map()));
  if (memo.has(key)) return memo.get(key) as T;
  const value = make();
  memo.set(key, value);
  return value;
}

/** A concept's terms in every locale, each as the exact alternative of its lexemes (shared: do not change). */
function termAlternatives(vocabulary: Vocabulary, concept: Concept): readonly Alternative[] {
  return remembered(vocabulary, `terms\n${conceptId(concept)}`, () =>
    vocabulary.terms(concept).map((term) => exact(...termLexemes(term))),
  );
}

class Interpreter {
  readonly groups: QueryGroup[] = [];
  readonly ignored: string[] = [];
  readonly corrections: { from: string; to: string }[] = [];
  /** Corrections sure enough to read the word as its spelling (a phrase may hold it): word → spelling. */
  readonly sure = new Map<string, string>();
  readonly recognized = {
    categories: new Set<string>(),
    subcategories: new Set<string>(),
    languages: new Set<string>(),
    countries: new Set<string>(),
    cities: new Set<string>(),
  };
  /** The tokens each group was read from (first and last index): which words stand side by side. */
  readonly spans = new Map<QueryGroup, { start: number; end: number }>();
  /** Plain words that need the lexicon (typo correction), with the group each belongs to. */
  readonly pending: { word: string; group: QueryGroup }[] = [];

  constructor(private readonly vocabulary: Vocabulary) {}

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
            const alternatives = [exact(subcategoryToken(concept.key))];
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
      case "city": {
        const [country, name] = [concept.key.slice(0, 2), concept.key.slice(3)];
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
    alternatives.push(...this.synonymWords(label, named), ...this.otherGender(label, named));
    const weight = named.length ? GROUP_WEIGHT.profession : GROUP_WEIGHT.word;
    const modifier = recognized.length > 0 && recognized.every((c) => c.kind === "synonym" && MODIFIERS.has(c.key));
    const everyday = named.length > 0 && recognized.every((c) => c.kind === "synonym");
    const ids = conceptIds(named);
    const phrase = label.includes(" ") ? { phrase: exact(...termLexemes(label)) } : {};
    // A profession nobody here practises ("plumber", "personal trainer") is a need nobody has.
    const unlisted = recognized.some((c) => c.kind === "synonym" && c.key === UNLISTED);
    const worked = everyday && this.vocabulary.holdsWord({ kind: "synonym", key: UNLISTED }, label);
    this.groups.push({
      label,
      alternatives: dedupe(alternatives),
      weight,
      ...(ids ? { concepts: ids } : {}),
      ...(modifier ? { modifier } : {}),
      ...(everyday ? { everyday } : {}),
      ...(unlisted ? { unheard: true, unlisted } : {}),
      ...(worked ? { worked } : {}),
      ...phrase,
      ...(titleTerms ? { titleTerms } : {}),
    });
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

  /**
   * The profession's word in the other gender, when its names hold it: "abogado" also finds the
   * title "Abogada de marcas", "avocat" "Avocate", "Berater" "Beraterin". A title names its expert
   * in the expert's gender, a query mostly in the masculine; synonymWords leaves these out (they
   * share the label's stem) and a recognised word has no prefix match. Only the endings that make
   * a gender (GENDER_ENDINGS), not any word of the same stem: "consulting" is not "consultant".
   */
  otherGender(label: string, named: Concept[]): Alternative[] {
    if (!named.length || label.length < 5 || !LATIN_WORD.test(label)) return [];
    const forms = GENDER_ENDINGS.flatMap(([from, to]) =>
      label.endsWith(from) ? [label.slice(0, label.length - from.length) + to] : [],
    ).filter((form) => named.some((concept) => this.vocabulary.holdsWord(concept, form)));
    return [...new Set(forms)].map((form) => ({ lexemes: [form], prefix: false, factor: FACTOR.plural }));
  }

  addWord(word: string) {
    const alternatives = [exact(word)];
    const latin = LATIN_WORD.test(word);
    if (latin && word.length >= MIN_PREFIX) alternatives.push({ lexemes: [word], prefix: true, factor: FACTOR.prefix });
    if (latin && word.length > 4 && word.endsWith("s"))
      alternatives.push({ lexemes: [word.slice(0, -1)], prefix: false, factor: FACTOR.plural });
    const group: QueryGroup = { label: word, alternatives, weight: GROUP_WEIGHT.word, plain: true };
    this.groups.push(group);
    if (latin && word.length >= MIN_FUZZY_NAME) this.pending.push({ word, group });
  }

  /**
   * A CJK run: the whole as a term, else its terms by longest match (forward maximum matching),
   * particles dropped, the rest as character pairs. A Korean particle follows the word it marks
   * within the run ("변호사가", "회사에서"), so a run's first syllable is never one: "에어컨" is not
   * the particle 에 and "어컨".
   */
  addCjkRun(written: string) {
    const run = this.withoutParticle(written);
    const whole = this.vocabulary.lookup(run);
    if (whole.length) return this.addConceptGroup(run, whole);
    // A particle inside a term ("英語の家庭教師" for 英語家庭教師): the run without its one-character stop words.
    const compact = Array.from(run)
      .filter((c) => !this.vocabulary.isStopWord(c))
      .join("");
    const joined = compact !== run && compact ? this.vocabulary.lookup(compact) : [];
    if (joined.length) return this.addConceptGroup(compact, joined);
    const chars = Array.from(run);
    let unknown = "";
    const flush = (alone: boolean) => {
      // A stray single character between recognised terms is a particle or noise; alone it may be a surname.
      if (unknown && (Array.from(unknown).length > 1 || alone))
        this.groups.push({
          label: unknown,
          alternatives: [exact(...bigrams(unknown))],
          weight: GROUP_WEIGHT.word,
          plain: true,
        });
      unknown = "";
    };
    for (let pos = 0; pos < chars.length; ) {
      let matched = false;
      for (let length = Math.min(this.vocabulary.maxCjkLength, chars.length - pos); length >= 1 && !matched; length--) {
        const piece = chars.slice(pos, pos + length).join("");
        const concepts = this.vocabulary.lookup(piece);
        if (concepts.length && (length > 1 || chars.length === 1)) {
          flush(false);
          this.addConceptGroup(piece, concepts);
        } else if (this.vocabulary.isStopWord(piece) && (pos > 0 || !HANGUL.test(piece))) {
          flush(false);
          this.ignored.push(piece);
        } else continue;
        pos += length;
        matched = true;
      }
      if (!matched) unknown += chars[pos++];
    }
    flush(this.groups.length === 0);
  }

  /**
   * A Korean run without the particle that ends it ("수리가": 수리 and 가), the particle ignored, so
   * that the word is read whole and not as a term found inside it (리가, Riga). A run of two
   * syllables or fewer is left as it is: it may be a word that ends like a particle.
   */
  private withoutParticle(run: string): string {
    if (!HANGUL.test(run) || this.vocabulary.lookup(run).length) return run;
    const chars = Array.from(run);
    for (const n of [2, 1]) {
      if (chars.length - n < 2) continue;
      const particle = chars.slice(-n).join("");
      if (!this.vocabulary.isStopWord(particle)) continue;
      this.ignored.push(particle);
      return chars.slice(0, -n).join("");
    }
    return run;
  }

  /** Adds typo corrections to the plain words the lexicon does not know. */
  async correct(lookup: LexiconLookup) {
    // A four-letter word is corrected only in a query that reads as a name (a short surname).
    const asName = this.readsAsName();
    const pending = this.pending.filter((p) => p.word.length >= MIN_FUZZY || asName);
    if (!pending.length) return;
    // With the words, in the same round trip, what a compound's last part may be ("antrags" → "antrag").
    const splits = new Map(pending.map((p) => [p.word, this.compoundSplit(p.word)]));
    const lasts = [...splits.values()].flatMap((s) => (s ? wordForms(s.last) : []));
    const found = await lookup([...new Set([...pending.map((p) => p.word), ...lasts])]);
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
      const meant = !asName && isCommonWord(word);
      const nearWords = entry.near.filter(
        (n) =>
          !meant &&
          !this.vocabulary.lookup(n).some((c) => c.kind === "city" || c.kind === "country") &&
          // A function word of some language is never what was meant ("night" → "nicht", "sick" → "sich").
          !this.vocabulary.isStopWord(n) &&
          (asName || word.length >= 8 || this.vocabulary.hasWord(n)),
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
        if (sure && !asName) this.sure.set(word, nearWords[0]);
        const named = asName || !sure ? [] : this.professions(nearWords[0]);
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

  /**
   * An everyday word written right before an unlisted activity or what one is done to, no word
   * between, qualifies it rather than naming a need: "house cleaning for my rental apartment" is
   * the apartment's cleaning, "a DJ for our staff christmas party" (were "christmas party" listed)
   * the party's. (A qualifier comes first in English; German and Dutch write it into one word.)
   */
  qualifyWorked() {
    const startsAt = new Map([...this.spans].map(([g, span]) => [span.start, g]));
    for (const group of this.groups) {
      const span = this.spans.get(group);
      if (!group.everyday || group.worked || group.label.includes(" ") || !span) continue;
      const next = startsAt.get(span.end + 1);
      if (next?.worked || next?.unlisted) group.worked = true;
    }
  }

  /**
   * A language beside a word of teaching ("teach me japanese", "practice my French", "clases de
   * alemán") is its tutoring, not only the language an expert speaks: the language's group then
   * also stands for the subcategory that teaches it (found as its "learn …" term) and names the need.
   */
  teachLanguages(words: string[]) {
    if (!words.some((w) => TEACHING_WORDS.has(w))) return;
    for (const group of this.groups) {
      if (group.concepts !== undefined) continue;
      const languages = group.alternatives.flatMap((a) =>
        a.lexemes.length === 1 && a.lexemes[0].startsWith("lang:") ? [a.lexemes[0].slice("lang:".length)] : [],
      );
      const taught = languages.flatMap((key) =>
        this.vocabulary
          .terms({ kind: "language", key })
          .flatMap((term) => this.vocabulary.lookup(`learn ${term}`))
          .filter((c) => c.kind === "subcategory"),
      );
      const unique = [...new Map(taught.map((c) => [c.key, c])).values()];
      if (!unique.length) continue;
      group.alternatives = dedupe([...group.alternatives, ...unique.flatMap((c) => this.conceptAlternatives(c))]);
      asProfession(group, unique);
    }
  }

  /**
   * A compound nobody wrote whole ("Patentfähigkeit", "Visumantrags", "belastingaangifte"), read
   * by its first part, a term of the vocabulary's (as German and Dutch join a need to what is
   * done about it), when its last part is a word as well (correct() asks the lexicon). The longest
   * first part wins; a linking "s" ("Finanzierungs|runde") is dropped. Words of eight letters or
   * fewer are left to typo correction.
   */
  private compoundSplit(word: string): { first: Concept[]; last: string } | null {
    const chars = Array.from(word);
    if (chars.length < 9 || !LATIN_WORD.test(word)) return null;
    // A first part of four letters ("huur|appartement", "Miet|vertrag") only in a word no English
    // speaker writes: "carefully" is no care + "fully".
    const shortest = isCommonEnglishWord(word) ? 5 : 4;
    for (let cut = chars.length - 4; cut >= shortest; cut--) {
      const first = chars.slice(0, cut).join("");
      if (this.vocabulary.isStopWord(first)) continue;
      const concepts = this.professions(first);
      const linked = concepts.length || !first.endsWith("s") ? concepts : this.professions(first.slice(0, -1));
      if (linked.length) return { first: linked, last: chars.slice(cut).join("") };
    }
    return null;
  }

  /** A compound's first part counts as the start of a word does (a prefix match); its last part's concepts ("…anwalt") as a broader category, which alone does not fit. */
  private compoundAlternatives(split: { first: Concept[]; last: string }): Alternative[] {
    const last = wordForms(split.last).flatMap((w) => this.professions(w));
    return [
      ...split.first.flatMap((c) => this.conceptAlternatives(c, FACTOR.prefix)),
      ...last.flatMap((c) => this.conceptAlternatives(c, FACTOR.parent)),
    ];
  }

  /** The categories of a group's subcategories. */
  private subcategoriesOf(group: QueryGroup): string[] {
    return (group.concepts ?? "")
      .split(" ")
      .filter((id) => id.startsWith("subcategory\t"))
      .map((id) => this.vocabulary.categoryOfSubcategory.get(id.slice("subcategory\t".length)) ?? "");
  }

  /**
   * The professions a term names: its categories and subcategories, and those that serve an
   * everyday word ("visum" → immigration). Not the everyday word's own text: in "Kinderarzt" or
   * "weddingplanner" the first part says for whom or what, and nobody here serves it.
   */
  private professions(term: string): Concept[] {
    const found = this.vocabulary.lookup(term);
    return [
      ...found.filter((c) => c.kind === "category" || c.kind === "subcategory"),
      ...found.filter((c) => !MODIFIERS.has(c.key)).flatMap((c) => this.vocabulary.linkedProfessions(c)),
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

  /**
   * One concept counts once: two phrases of the query that stand for the same profession ("tax
   * advisor … taxes") become one group, their words its alternatives. And once the query names a
   * need, its leftover plain words are filler of a sentence more often than not ("someone to look
   * at my back taxes"): they count for half.
   */
  settle(codes: ReadonlySet<string>) {
    const specific = new Set(
      this.groups.filter((g) => isSpecific(g, codes) || (g.concepts !== undefined && this.vocabulary.isName(g.label))),
    );
    const byConcept = new Map<string, QueryGroup>();
    const kept: QueryGroup[] = [];
    for (const group of this.groups) {
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
    }
    this.groups.splice(0, this.groups.length, ...kept);
    for (const group of kept) if (specific.has(group)) narrow(group);
    // A need beside a generic role ("consultant", "advisor", "workshop") is the need: the role's
    // category then counts as a plain word does, the need double ("cybersecurity consultant",
    // "consultoria de marketing"). A category named as the profession itself ("contador", "IP") stays a need.
    const roleCategory = (g: QueryGroup) =>
      g.concepts !== undefined && !g.concepts.includes("subcategory\t") && isRole(g.label);
    // A role's category and a subcategory of it are one concept ("consulenza … strategia",
    // "strategy consultant"): counted once, as the subcategory, so that beside a third concept
    // ("… di proprietà intellettuale") the role does not count twice.
    for (const role of this.groups.filter(roleCategory)) {
      const child = this.groups.find(
        (g) => g !== role && this.subcategoriesOf(g).some((c) => role.concepts!.includes(`category\t${c}`)),
      );
      if (!child) continue;
      child.alternatives = dedupe([...child.alternatives, ...role.alternatives]);
      this.groups.splice(this.groups.indexOf(role), 1);
    }
    if (this.groups.some((g) => g.concepts !== undefined && !roleCategory(g)))
      for (const group of this.groups)
        if (roleCategory(group)) group.weight *= GROUP_WEIGHT.word / GROUP_WEIGHT.profession;
    if (!this.groups.some((g) => g.weight >= GROUP_WEIGHT.profession)) return;
    // Filler counts for half each, and all of it together for no more than half a need: a long
    // sentence's many leftover words ("discours", "mariage", "sœur", "peur") must not outweigh
    // the one profession it names.
    const filler = this.groups.filter((g) => g.weight === GROUP_WEIGHT.word && isPlainWord(g));
    const each = Math.min(GROUP_WEIGHT.filler, GROUP_WEIGHT.profession / 2 / filler.length);
    for (const group of filler) group.weight = each;
    // How, when or for whom ("online", "from scratch", "for children") qualifies the need: all of
    // it together counts as one word of filler, so that an expert who offers it beside a neighbour
    // of the need (another language's tutoring, a parent category) never passes one who meets the
    // need itself. Places stay as they are: law and property are local, a place there is the need.
    const modifiers = this.groups.filter((g) => g.modifier);
    for (const group of modifiers) group.weight = Math.min(group.weight, GROUP_WEIGHT.filler / modifiers.length);
  }
}

/** A query of three terms at most and no stop words: a phrase ("roofing contractor"), not a sentence. */
export function isShortPhrase(groups: readonly QueryGroup[], ignored: readonly string[]): boolean {
  return groups.length <= 3 && ignored.length === 0;
}

/**
 * How much more a specific term counts than a generic one (an exam, a standard, a product: "SOC 2
 * audit" is about SOC 2). Document frequencies are not known when a query is read, so what a user
 * writes as a code stands for rarity: a term with a digit, or written in capitals.
 */
const SPECIFIC = 2;
/** A concept's token stands in for a specific term below the term itself, even as a first subcategory (A, document.ts) against the term in a tag (B). */
const STAND_IN = 0.75;

/** The words of `q` written as codes: capitals of two letters or more ("IFRS", "PMP"), or letters with digits ("H-1B"), not an amount ("50k"). */
function codeWords(q: string): Set<string> {
  const words = q.normalize("NFKC").match(ALPHABETIC_WORD) ?? [];
  return new Set(
    words
      .filter((w) => /^\p{Lu}{2,}$/u.test(w) || (/\p{N}/u.test(w) && /\p{L}/u.test(w) && !AMOUNT_WORD.test(w)))
      .map((w) => normalizeText(w)),
  );
}

/** An amount written short ("50k", "2m", "1.5M", "10bn"): a number, not a code. */
const AMOUNT_WORD = /^\d+(?:[.,]\d+)?(?:k|m|mn|bn|mio|mrd)$/iu;

/** A profession's term or a plain word, with a code among its words or a number beside a word ("ISO 27001"). */
function isSpecific(group: QueryGroup, codes: ReadonlySet<string>): boolean {
  const isPlace = group.alternatives.some((a) => a.lexemes.some((l) => /^(lang|cc|city):/.test(l)));
  if (isPlace || (!group.concepts && !isPlainWord(group))) return false;
  const words = group.label.split(" ");
  return (
    words.some((w) => codes.has(w)) ||
    (group.concepts !== undefined && words.length > 1 && words.some((w) => /\p{N}/u.test(w)))
  );
}

/**
 * A specific term is what it says: found as itself first, its concept's token just below, and
 * neither the parent category nor the concept's other names stand in for it ("SOC 2" is not any
 * technology expert).
 */
function narrow(group: QueryGroup) {
  group.weight *= SPECIFIC;
  const literal = termLexemes(group.label).join("\t");
  group.alternatives = group.alternatives
    .filter((a) => a.factor > FACTOR.parent && !a.expansion)
    .map((a) => (a.lexemes.join("\t") === literal ? a : { ...a, factor: a.factor * STAND_IN }));
}

/** A group of one query word with no concept behind it (not a place, a language, a synonym). */
function isPlainWord(group: QueryGroup): boolean {
  return (
    group.plain === true &&
    !group.titleTerms &&
    group.alternatives.every((a) => !a.lexemes.some((l) => l.includes(":")))
  );
}

function dedupe(alternatives: Alternative[]): Alternative[] {
  const best = new Map<string, Alternative>();
  for (const a of alternatives) {
    const key = `${a.prefix}\t${a.lexemes.join("\t")}`;
    if ((best.get(key)?.factor ?? -1) < a.factor) best.set(key, a);
  }
  return [...best.values()].filter((a) => a.lexemes.length > 0);
}

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

/** Whether a parsed query holds any profession's other names (then plan.ts wants the statistics). */
export function hasExpansion(parsed: ParsedQuery): boolean {
  return parsed.groups.some((g) => g.alternatives.some((a) => a.expansion));
}

export interface ParsedQuery {
  groups: QueryGroup[];
  /** Only plain words, as a name is: a match in the name counts in full (else less than a tag's). */
  readsAsName: boolean;
  interpretation: QueryInterpretation;
  /** The whole query as a LIKE pattern of its normalised text (likePattern), or null. */
  pattern: string | null;
  /** Price words, taken out of the searched text (price.ts). */
  price: PriceWords | null;
}

/**
 * Normalised text as a literal substring of the normalised name, titles and taglines (LIKE's
 * wildcards escaped): the contract's partial match, and a bonus when a phrase appears verbatim.
 * Below three characters it would scan everything for little meaning, so it is left out.
 */
export function likePattern(normalized: string): string | null {
  const text = normalized.trim();
  if (text.length < 3) return null;
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
  let interpreter = await interpret(tokens, vocabulary, codes, lexicon, Boolean(price));
  // A misspelt word of a phrase ("imigration lawyer") is read again spelt right, so that the
  // phrase is found as it would be written ("immigration lawyer": one concept, not a corrected
  // word beside the role's whole category). The corrections stay those of the words as written.
  const respelt = respelling(tokens, interpreter.sure, vocabulary);
  if (respelt) {
    const { corrections } = interpreter;
    text = respelt.text(text);
    tokens = respelt.tokens;
    interpreter = await interpret(tokens, vocabulary, codes, lexicon, Boolean(price));
    interpreter.corrections.unshift(
      ...corrections.filter((c) => !interpreter.corrections.some((k) => k.from === c.from)),
    );
  }
  const words = tokens.map((t) => t.text);
  interpreter.teachLanguages(words);
  interpreter.qualifyWorked();
  const readsAsName = interpreter.readsAsName();
  interpreter.settle(codes);
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
        cities: [...r.cities],
      },
      price: price && priceInterpretation(price, null),
    },
    pattern: likePattern(text),
    price,
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
): Promise<Interpreter> {
  const interpreter = new Interpreter(vocabulary);
  const words = tokens.map((t) => t.text);
  for (let i = 0; i < tokens.length; ) {
    const [start, before] = [i, interpreter.groups.length];
    // A CJK run is segmented on its own, unless it begins a vocabulary phrase of several runs
    // (Korean spaces its phrases: "개인 트레이너", "인테리어 디자이너").
    const found = vocabulary.longestPhrase(words, i);
    const pronoun = PRONOUN_CODES.has(words[i]) && !codes.has(words[i]);
    // A phrase it begins ("us gaap") is still read; the word alone is the pronoun.
    const phrase = pronoun && found?.length === 1 ? null : found;
    if (tokens[i].cjk && !(found && found.length > 1)) interpreter.addCjkRun(tokens[i++].text);
    else if (phrase) {
      interpreter.addConceptGroup(words.slice(i, i + phrase.length).join(" "), phrase.concepts);
      i += phrase.length;
    } else if (vocabulary.isStopWord(words[i]) || pronoun) {
      interpreter.ignored.push(words[i++]);
    } else interpreter.addWord(words[i++]);
    for (const group of interpreter.groups.slice(before)) interpreter.spans.set(group, { start, end: i - 1 });
  }
  // A query of stop words only ("an", "the who") is searched as it is rather than not at all.
  if (!interpreter.groups.length && !priced)
    for (const word of interpreter.ignored.splice(0)) interpreter.addWord(word);
  await interpreter.correct(lookup);
  return interpreter;
}
