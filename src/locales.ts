import type { components } from "../generated/agents.ts";
// Bun imports YAML as data (and `bun build --compile` carries it), so the list is read from the
// contract itself rather than copied: the enum there is the one place a locale is added.
import contractDocument from "../openapi/agents.yaml";

/** A display locale of the API, pages, MCP tools, demo data and search vocabulary. */
export type Locale = components["schemas"]["Locale"];

/** Every locale, in the contract's order (English first: the fallback of every other one). */
export const LOCALES: readonly Locale[] = Object.freeze(
  (
    contractDocument as { components: { schemas: { Locale: { enum: Locale[] } } } }
  ).components.schemas.Locale.enum.slice(),
);

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** "en, ko, ja, zh, fr or de": the list as the tool descriptions and the CLI's usage word it. */
export function localeList(conjunction = "or"): string {
  return `${LOCALES.slice(0, -1).join(", ")} ${conjunction} ${LOCALES[LOCALES.length - 1]}`;
}
