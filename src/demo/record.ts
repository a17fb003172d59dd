import type { components } from "../../generated/agents.ts";

/** The demo produces exactly what `import` accepts: the contract's ExpertImport record. */
export type ExpertImportRecord = components["schemas"]["ExpertImport"];
export type Tr = components["schemas"]["ExpertTranslation"];
export type Locale = components["schemas"]["Locale"];

export const LOCALES = ["en", "ko", "ja", "zh", "fr", "de"] as const satisfies readonly Locale[];
