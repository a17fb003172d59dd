// Every locale's page text, one re-export per locale file (page-text.ts checks that the contract's
// Locale list and these agree): a new locale is its file and its line here.
export { de } from "./de.ts";
export { en } from "./en.ts";
export { es } from "./es.ts";
export { fr } from "./fr.ts";
export { ja } from "./ja.ts";
export { ko } from "./ko.ts";
export { zh } from "./zh.ts";
