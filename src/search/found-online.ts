// A search engine beside a word of being found or showing up ("quando la gente cerca su Google
// nella mia zona non ci trova mai", "we never show up when people google us") is the need to be
// found there: search engine optimisation, though no phrase of it is written together. The
// vocabulary holds the usual phrases ("show up on google", "comparire su google"); this reads the
// rest, in any query language, by the search engine's word and a word of finding anywhere in it.
import type { Interpreter } from "./interpreter.ts";
import { isPlainWord } from "./query-groups.ts";
import type { QueryGroup } from "./query-types.ts";
import { categoriesOf, isNeed } from "./settle.ts";
import { writesAny } from "./tokenize.ts";
import type { Concept } from "./vocabulary.ts";

/** Search engines and their common name, as normalizeText writes them. */
const ENGINES = new Set([
  "google",
  "bing",
  "googlen",
  "googeln",
  "suchmaschine",
  "suchmaschinen",
  "buscador",
  "buscadores",
]);

/**
 * Words of being found, showing up or ranking, as normalizeText writes them, in the query
 * languages; in Chinese, Japanese and Korean found inside a run. Not "search" or "cerca": the
 * people searching are there either way.
 */
const FOUND_WORDS = new Set(
  (
    "find finds found finding appear appears appearing show shows showing visible visibility invisible rank ranks ranking " +
    "trova trovano trovare trovarci comparire compare compariamo apparire appare visibile visibilita posizionamento " +
    "encuentra encuentran encontrar encontrarnos aparecer aparece aparecemos visibilidad posicionamiento " +
    "trouve trouvent trouver apparaitre apparait apparaissons visibilite referencement classement " +
    "findet finden gefunden erscheinen erscheint auftauchen tauchen sichtbar sichtbarkeit ranking " +
    "acha acham achar encontra encontram aparecemos aparece visivel visibilidade " +
    "vindt vinden gevonden verschijnen verschijnt zichtbaar zichtbaarheid " +
    "znajduje znajduja znalezc pojawiamy pojawia widoczni widocznosc " +
    "hittar hitta syns synas synlig synlighet " +
    "bulamiyor bulamiyorlar bulunmak gorunmuyoruz gorunmek cikmiyoruz " +
    "находят найти находит появляемся видно видимость " +
    "يجدنا يجدوننا نظهر يظهر"
  ).split(" "),
);
const CJK_FOUND = [
  "見つけ",
  "表示され",
  "出てこない",
  "検索順位",
  "找不到",
  "搜不到",
  "排名",
  "검색해도",
  "노출",
  "안 나와",
];

const SEO: Concept = { kind: "subcategory", key: "seo" };

/**
 * Reads the search engine's word as the SEO need where a word of being found is in the query too,
 * and no need of another field: "I found a tax advisor on Google" asks for the tax advisor; beside
 * paid ads ("só com anúncio pago … no Google orgânico ninguém acha a gente") it is marketing's too.
 */
export function foundOnline(interpreter: Interpreter, words: readonly string[]) {
  const { groups, vocabulary } = interpreter;
  const otherField = (g: QueryGroup) => isNeed(g) && !categoriesOf(vocabulary, g).includes("marketing");
  if (!vocabulary.categoryOfSubcategory.has(SEO.key) || groups.some(otherField)) return;
  const engine = groups.find((g) => isPlainWord(g) && ENGINES.has(g.label));
  if (!engine) return;
  if (!writesAny(words, FOUND_WORDS, CJK_FOUND)) return;
  interpreter.readAs(engine, SEO);
}
