// The vocabulary shipped in the executable, one file per locale, imported as text. A new locale
// (src/locales.ts) is its file and two lines here; the type below fails while one is missing.
import de from "./vocabulary/de.tsv" with { type: "text" };
import en from "./vocabulary/en.tsv" with { type: "text" };
import es from "./vocabulary/es.tsv" with { type: "text" };
import fr from "./vocabulary/fr.tsv" with { type: "text" };
import ja from "./vocabulary/ja.tsv" with { type: "text" };
import ko from "./vocabulary/ko.tsv" with { type: "text" };
import zh from "./vocabulary/zh.tsv" with { type: "text" };
import type { VocabularyLocale } from "./vocabulary-file.ts";

export const BUILTIN_VOCABULARY: Record<VocabularyLocale, string> = { en, ko, ja, zh, fr, de, es };
