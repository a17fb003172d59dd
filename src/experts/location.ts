import type { components } from "../../generated/agents.ts";

type Location = components["schemas"]["Location"];

const regionNames = new Map<string, Intl.DisplayNames>();
// Intl.DisplayNames#of costs about 10 µs a call, once per expert of every answer; the names are
// a few hundred codes per locale (the locales the contract knows), so each is looked up once.
const countryNames = new Map<string, string>();

function countryName(code: string, locale: string): string {
  const key = `${locale}\n${code}`;
  let name = countryNames.get(key);
  if (name === undefined) {
    name = lookUpCountryName(code, locale);
    if (countryNames.size < 10_000) countryNames.set(key, name);
  }
  return name;
}

function lookUpCountryName(code: string, locale: string): string {
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale, "en"], { type: "region" });
    regionNames.set(locale, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Toronto, ON, Canada" (the country named in the reader's locale); null when nothing is known. */
export function displayLocation(
  city: string | null,
  stateCode: string | null,
  countryCode: string | null,
  locale: string,
): string | null {
  const parts = [city, stateCode, countryCode ? countryName(countryCode, locale) : null].filter(Boolean);
  return parts.length ? parts.join(", ") : null;
}

export function summaryLocation(
  row: { city: string | null; state_code: string | null; country_code: string | null },
  locale: string,
): Location {
  return {
    city: row.city,
    state_code: row.state_code,
    country_code: row.country_code,
    display: displayLocation(row.city, row.state_code, row.country_code, locale),
  };
}
