// Terms only the query-side vocabularies of languages no profile is written in hold (pt, it, nl, tr, pl, ru, sv): read in `q`, never searched for in a document.
import { BUILTIN_VOCABULARY, QUERY_VOCABULARY, QUERY_VOCABULARY_LOCALE } from "./builtin-vocabulary.ts";
import { LOCALES, parseVocabularyFile } from "./vocabulary-file.ts";
import { termKey, termSpellings } from "./vocabulary.ts";

let queryOnly: ReadonlySet<string> | null = null;

/**
 * The normalised terms of the query-side files that no profile locale's file writes too. No
 * profile is written in those languages, so a document holds such a term only by chance: a
 * concept's expansion into every language's terms ("online", a review, a profession's names in
 * the title bonus) need not search them; the user's own words still are. Without them a
 * profession's names in every locale are about a third fewer, the longest text of a search
 * (rank.ts titleQuery). Made once from the files this build ships; an operator's rows are never
 * among them.
 */
export function queryOnlyTerms(): ReadonlySet<string> {
  if (queryOnly) return queryOnly;
  const keys = (text: string, locale: (typeof LOCALES)[number]) =>
    parseVocabularyFile(text, locale).entries.flatMap((e) => termSpellings(termKey(e.term)));
  const inProfiles = new Set(LOCALES.flatMap((locale) => keys(BUILTIN_VOCABULARY[locale], locale)));
  // A query-side file of a profile locale (query-es: Spanish documents exist) is no query-only language.
  const onlyInQueries = Object.entries(QUERY_VOCABULARY)
    .filter(([language]) => !(LOCALES as readonly string[]).includes(language))
    .flatMap(([, text]) => keys(text, QUERY_VOCABULARY_LOCALE))
    .filter((key) => !inProfiles.has(key));
  queryOnly = new Set(onlyInQueries);
  return queryOnly;
}
