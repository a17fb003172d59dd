// Terms only the query-side files of languages no profile is written in hold (every query-<lang>.tsv but query-es): read in `q`, never searched for in a document.
import { BUILTIN_VOCABULARY, QUERY_VOCABULARY } from "./builtin-vocabulary.ts";
import { LOCALES } from "./vocabulary-file.ts";

/** A vocabulary file's terms as written (trimmed), without checking it: parseVocabularyFile has, at start. */
function writtenTerms(text: string): string[] {
  return text.split(/\r?\n/).flatMap((line) => {
    const columns = line.split("\t");
    if (columns.length !== 3 || line.trimStart().startsWith("#") || columns[0].trim() === "stop") return [];
    return columns[2].split("|").map((t) => t.trim());
  });
}

let queryOnly: ReadonlySet<string> | null = null;

/**
 * The terms, as written, of the query-side files of languages no profile is written in (not
 * query-es: Spanish documents exist) that en.tsv does not write too. Their rows are stored with
 * the English ones (builtin-vocabulary.ts), so this is how the compiled vocabulary tells them
 * apart (Vocabulary.isQueryOnly, by normalised term, after removing any another row also gives).
 * No document holds such a term but by chance: a concept's expansion into every language's terms
 * ("online", a review, a profession's names in the title bonus) need not search them, while the
 * user's own words still are; without them a profession's names are about a third fewer and the
 * PostgreSQL CPU of a unique search ~6% lower (BENCHMARKS.md). Read once from the files this
 * build ships, with no normalising: a few milliseconds when the first vocabulary is compiled.
 */
export function queryOnlyWrittenTerms(): ReadonlySet<string> {
  if (queryOnly) return queryOnly;
  const english = new Set(writtenTerms(BUILTIN_VOCABULARY.en));
  const terms = Object.entries(QUERY_VOCABULARY)
    .filter(([language]) => !(LOCALES as readonly string[]).includes(language))
    .flatMap(([, text]) => writtenTerms(text))
    .filter((term) => !english.has(term));
  queryOnly = new Set(terms);
  return queryOnly;
}
