import type { components } from "../../generated/agents.ts";

type Location = components["schemas"]["Location"];

const regionNames = new Map<string, Intl.DisplayNames>();

function countryName(code: string, locale: string): string {
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
