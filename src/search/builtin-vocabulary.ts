// The vocabulary shipped in the executable, one file per locale, imported as text. A new locale
// (src/locales.ts) is its file and two lines here; the type below fails while one is missing.
import de from "./vocabulary/de.tsv" with { type: "text" };
import en from "./vocabulary/en.tsv" with { type: "text" };
import es from "./vocabulary/es.tsv" with { type: "text" };
import fr from "./vocabulary/fr.tsv" with { type: "text" };
import ja from "./vocabulary/ja.tsv" with { type: "text" };
import ko from "./vocabulary/ko.tsv" with { type: "text" };
import zh from "./vocabulary/zh.tsv" with { type: "text" };
import queryAr from "./vocabulary/query-ar.tsv" with { type: "text" };
import queryCs from "./vocabulary/query-cs.tsv" with { type: "text" };
import queryDa from "./vocabulary/query-da.tsv" with { type: "text" };
import queryEl from "./vocabulary/query-el.tsv" with { type: "text" };
import queryEs from "./vocabulary/query-es.tsv" with { type: "text" };
import queryFi from "./vocabulary/query-fi.tsv" with { type: "text" };
import queryHi from "./vocabulary/query-hi.tsv" with { type: "text" };
import queryHu from "./vocabulary/query-hu.tsv" with { type: "text" };
import queryIt from "./vocabulary/query-it.tsv" with { type: "text" };
import queryNl from "./vocabulary/query-nl.tsv" with { type: "text" };
import queryNo from "./vocabulary/query-no.tsv" with { type: "text" };
import queryPl from "./vocabulary/query-pl.tsv" with { type: "text" };
import queryPt from "./vocabulary/query-pt.tsv" with { type: "text" };
import queryRo from "./vocabulary/query-ro.tsv" with { type: "text" };
import queryRu from "./vocabulary/query-ru.tsv" with { type: "text" };
import querySv from "./vocabulary/query-sv.tsv" with { type: "text" };
import queryTr from "./vocabulary/query-tr.tsv" with { type: "text" };
import queryUk from "./vocabulary/query-uk.tsv" with { type: "text" };
import queryVi from "./vocabulary/query-vi.tsv" with { type: "text" };
import type { VocabularyLocale } from "./vocabulary-file.ts";

export const BUILTIN_VOCABULARY: Record<VocabularyLocale, string> = { en, ko, ja, zh, fr, de, es };

/**
 * Query-side vocabulary of languages no profile is written in (agents pass their users' words
 * through): terms for the concepts and stop words, same format. Matching does not care which
 * locale a term came from, so they are stored with the English rows (`QUERY_VOCABULARY_LOCALE`)
 * and need no locale of their own in the database.
 */
export const QUERY_VOCABULARY: Record<string, string> = {
  es: queryEs,
  pt: queryPt,
  it: queryIt,
  nl: queryNl,
  tr: queryTr,
  pl: queryPl,
  ru: queryRu,
  sv: querySv,
  ar: queryAr,
  hi: queryHi,
  uk: queryUk,
  fi: queryFi,
  ro: queryRo,
  hu: queryHu,
  da: queryDa,
  no: queryNo,
  el: queryEl,
  cs: queryCs,
  vi: queryVi,
};
export const QUERY_VOCABULARY_LOCALE: VocabularyLocale = "en";
