import { isLocale, type Locale } from "../locales.ts";

export { LOCALES } from "../locales.ts";

/**
 * The page's language: `?locale=` when it names one of LOCALES, else the best of the browser's
 * Accept-Language (by q-value, matched on the primary subtag: `de-AT` → de, `zh-Hant` → zh), else
 * English. A malformed header is read as far as it makes sense and never fails the page.
 */
export function pickLocale(queryLocale: string | null, acceptLanguage: string | null): Locale {
  if (queryLocale && isLocale(queryLocale)) return queryLocale;
  const ranked = (acceptLanguage ?? "")
    .slice(0, 1000)
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([01](\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.trim().toLowerCase().split("-")[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked.find((x) => isLocale(x.primary))?.primary as Locale | undefined) ?? "en";
}
