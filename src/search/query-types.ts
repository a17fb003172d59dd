// The shapes a parsed query takes and the weights and limits its reading goes by: shared by the reader and by every file that searches with a parse.
import type { components } from "../../generated/agents.ts";
import type { PriceWords } from "./price.ts";

export type QueryInterpretation = components["schemas"]["QueryInterpretation"];

/** One way a query group can match: all `lexemes` present (prefixes when `prefix`), worth `factor`. */
export interface Alternative {
  lexemes: string[];
  prefix: boolean;
  factor: number;
  /** Another name of the recognised profession (synonymWords): searched only beside a narrowing filter. */
  expansion?: boolean;
  /**
   * A subcategory's token: its category's token (rank.ts). Listed second, the subcategory counts
   * as a title (B) only where that category is the expert's first; elsewhere it is a side line.
   */
  parent?: string;
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
  /** Hiring people, as an employer does (recruiting named, or the everyday needs of hiring; not a candidate's CV or job interview): settle.ts hiredRoles. */
  hiring?: boolean;
  /** What the asker has, is or faces (their app, employer, an exam; a freelancer): beside a need, its setting (settle.ts). */
  context?: boolean;
  /** A place written after "from" ("aus Indien", "moving from London"): where the asker comes from (settle.ts originPlaces). */
  origin?: boolean;
  /** The names in every language of a named thing the group stands for ("EU Blue Card"), searched when it reads as specific (settle.ts). */
  thingNames?: readonly Alternative[];
  /** One of them is a thing with a name of its own (Vocabulary.isNamedThing): the query names it as specifically as a code. */
  namedThing?: boolean;
  /** Written as a code or a named thing and searched as itself first (specificity.ts narrow): "SEO", "IFRS", "H-1B". */
  specific?: boolean;
  /** A profession nobody in the directory practises ("plumber", "personal trainer"): also `unheard`. */
  unlisted?: boolean;
  /** An unlisted profession the asker is looking for ("je cherche un avocat pénaliste"): sought.ts. */
  sought?: boolean;
  /**
   * An everyday word some unlisted activity is done to, by the vocabulary's own unlisted phrases
   * ("house" of "house cleaning", "Wohnung" of "Wohnung streichen"), or written right before one
   * ("rental" of "rental apartment"): beside an unlisted activity, its object (match.ts).
   */
  worked?: boolean;
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
  /** The language `q` is written in (query-language.ts), or null: its speakers first among equals. */
  language: string | null;
  /** A need bound to a country's law or market (settle.ts boundToACountry): the language `q` is written in says which country, often. */
  local?: boolean;
  /** The country (lower case) of the one place named beside a need bound to a country (settle.ts boundPlace): only experts there meet it. */
  boundPlace?: string | null;
  /** The query's neighbouring words (pairs.ts queryPairs): found side by side in a title, a tag or a service's name, they weigh more (rank.ts). */
  pairs?: [string, string][];
}

/** What typo correction needs from the database: known words, and near ones for the unknown. */
/** Per word: whether the lexicon holds it, else its nearest spellings and how many edits away they are (a sound-alike counts one). */
export type LexiconLookup = (
  words: string[],
) => Promise<Map<string, { known: boolean; near: string[]; edits: number }>>;

/**
 * Weights of groups. What the expert does (a category, a subcategory) is the need itself and
 * counts double; a country, what they speak, an everyday synonym or a plain word count once: "a
 * work permit for Canada" wants immigration experts before any Canadian (a country is as often
 * where the person goes as where the expert should be). A city counts as the need does: a
 * request that names one ("a lease in Amsterdam", "my tea shop in Sydney") is bound to it (its
 * law, its market, meeting in person), and an expert elsewhere answers it only in part.
 */
export const GROUP_WEIGHT = { profession: 2, city: 2, word: 1, filler: 0.5 } as const;

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

/**
 * A served synonym of at most this many names in all languages is a named thing ("EU Blue Card":
 * 30), searched as its names too (interpreter.ts); an everyday need has more ("rent": 48).
 */
export const NAMED_THING_TERMS = 40;

/**
 * Everyday concepts that qualify a need rather than name one (vocabulary synonyms by key): an
 * expert who works online does not fit "a vet who could look at him online".
 */
export const MODIFIERS = new Set([
  "online",
  "urgent",
  "price",
  "free consultation",
  "certified",
  "beginner",
  "children",
  "student",
  "review",
]);

/**
 * Everyday concepts (vocabulary synonyms by key) that name what the asker has, is or faces rather
 * than what they ask for: beside another need they are its setting ("Sto lanciando un'app e
 * vorrei proteggere il nome", "my employer gave me stock options … owe tax", "I'm a freelancer and
 * haven't filed my taxes", "Prüfung der Patentfähigkeit": a patentability check, not an exam,
 * "contador para mi pequeña empresa": an accountant, not a small-business advisor, "what to eat
 * while training for a marathon": a nutritionist, the race its setting) and
 * weigh as filler (settle.ts contextThings). Alone they are the need ("app developer", "help
 * preparing for an exam"). Not a home or a company: buying a flat or founding a company is the need.
 */
export const CONTEXT = new Set([
  "small business",
  "app",
  "website",
  "online shop",
  "startup",
  "employer",
  "freelancer",
  "self-employed",
  "exam",
  "endurance sport",
]);

/**
 * Everyday concepts (vocabulary synonyms by key) of hiring people as an employer ("candidates",
 * "Entwickler einstellen", "staff keep quitting"), as against a candidate's (a CV, a job interview,
 * finding work): beside them another profession is the role hired for (settle.ts hiredRoles).
 */
export const HIRING = new Set(["hiring", "hiring (2)", "staff turnover", "staff turnover (2)", "staff turnover (3)"]);

/** The vocabulary's synonym of the professions nobody in the directory practises ("personal trainer", "plumber"). */
export const UNLISTED = "professions not listed";

export const LATIN_WORD = /^[\p{Script=Latin}]+$/u;

/** Shortest word that gets a prefix match, and shortest that gets typo correction (the five letters). */
export const MIN_PREFIX = 3;
export const MIN_FUZZY = 5;
/** In a query that reads as a name, a surname this short still gets a fuzzy match ("Parkr" → "Parker", "Khim" → "Kim"). */
export const MIN_FUZZY_NAME = 4;
