// A brand's name or logo that someone else copies or uses the same of ("a bigger chain opened with
// almost the same name and logo as my bakery", "quero garantir que ninguém possa copiar o nome e o
// logotipo da minha marca", "ha copiato il nostro codice e anche il logo") is a trademark lawyer's
// matter, though its words name branding: the vocabulary holds the usual phrases ("copied our logo",
// "same name as us"); this reads the rest, in any query language, by the brand's word beside a word
// of copying, confusion or protecting anywhere in the query.
import type { Interpreter } from "./interpreter.ts";
import { asProfession, dedupe, exact, termLexemes } from "./query-groups.ts";
import { FACTOR } from "./query-types.ts";
import { categoriesOf } from "./settle.ts";
import { writesAny } from "./tokenize.ts";
import type { Concept } from "./vocabulary.ts";

/**
 * Words of copying, imitating, stealing or being mistaken for one another, as normalizeText writes
 * them (accents dropped, lower case), in the query languages. Not "copy" or "copie" alone: a
 * website's or an ad's copy is text a marketer writes ("rewrite our copy and logo"); not "same" or
 * "similar": "a logo that looks the same on web and print" is a designer's brief.
 */
const COPY_WORDS = new Set(
  (
    "copied copying copies copycat imitate imitates imitated imitating imitation " +
    "knockoff knockoffs confuse confused confusing confusion mixing stole stolen steal stealing " +
    "copiee copier imite imitent imitation confondre confondent vole " +
    "kopiert kopieren kopiere geklaut klaut nachgemacht verwechseln verwechselt " +
    "copiado copiada copiaron copiar copian imitan confunden robado robaron " +
    "copiaram copiou confundem roubaram imitaram " +
    "copiato copiata copiare copiano copiando confondono rubato imitato " +
    "gekopieerd kopieert nagemaakt verwarren verward " +
    "skopiowal skopiowali kopiuje kopiuja podrobka " +
    "kopierat kopierar kopierade forvaxlar forvaxla " +
    "kopyaladi kopyalamis kopyaliyor taklit " +
    "скопировали скопировал копируют путают подделка подделку " +
    "نسخ نسخوا قلد قلدوا تقليد"
  ).split(" "),
);

/**
 * Words of protecting, in the query languages (normalizeText's forms): a brand's name or logo to
 * protect is registered as a trademark ("das Logo meiner Kosmetikmarke schützen", "proteger mi marca").
 */
const PROTECT_WORDS = new Set(
  (
    "protect protecting protected protection proteger protegerla protegerlo " +
    "schutzen schutz absichern proteggere tutelare beschermen ochranit chranit ochronic chronic zastrzec " +
    "skydda beskytte suojata korumak защитить защищать"
  ).split(" "),
);

/** The same in Chinese, Japanese and Korean, found inside a run. */
const CJK_COPY = ["真似", "パクリ", "パクら", "模仿", "抄袭", "盗用", "山寨", "베꼈", "베낀", "도용"];

const TRADEMARKS: Concept = { kind: "subcategory", key: "trademarks" };

/**
 * Reads a group that names only branding (its subcategory: "logo", "logotipo", "Marke") as the
 * trademark need, when the query has a word of copying or confusion, or an everyday need that
 * intellectual property lawyers serve ("copiato", "proteger el nombre"): not beside a profession of
 * their own ("a trademark registration and a new logo" asks for both). The brand's own word still
 * matches, as a category's parent does.
 */
export function brandCopied(interpreter: Interpreter, words: readonly string[]) {
  const { groups, vocabulary } = interpreter;
  if (!vocabulary.categoryOfSubcategory.has(TRADEMARKS.key)) return;
  // Every such group: "the name and logo of my cosmetics brand" names branding twice, and one
  // left as branding ranked the brand strategists beside the trademark lawyers.
  const brands = groups.filter((g) => g.concepts === "subcategory\tbranding");
  if (!brands.length) return;
  const copied =
    writesAny(words, COPY_WORDS, CJK_COPY) ||
    words.some((w) => PROTECT_WORDS.has(w)) ||
    groups.some(
      (g) => !brands.includes(g) && g.everyday && categoriesOf(vocabulary, g).includes("intellectual-property"),
    );
  if (!copied) return;
  for (const brand of brands) {
    brand.alternatives = dedupe([
      ...interpreter.conceptAlternatives(TRADEMARKS),
      { ...exact(...termLexemes(brand.label)), factor: FACTOR.parent },
    ]);
    delete brand.titleTerms;
    asProfession(brand, [TRADEMARKS]);
  }
}
