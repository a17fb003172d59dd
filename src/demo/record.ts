import type { components } from "../../generated/agents.ts";

/** The demo produces exactly what `import` accepts: the contract's ExpertImport record. */
export type ExpertImportRecord = components["schemas"]["ExpertImport"];
export type Tr = components["schemas"]["ExpertTranslation"];
export { LOCALES, type Locale } from "../locales.ts";
