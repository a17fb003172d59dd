// What a tax need is on: shares, a flat or a house being sold ("left me some shares and a flat. If I
// sell them, how much tax …", "CGT on selling an investment flat", "Steuern beim Verkauf meiner
// Wohnung") is the tax's object, not a second need for an investment adviser or an estate agent.
import type { Interpreter } from "./interpreter.ts";
import { GROUP_WEIGHT } from "./query-types.ts";
import { categoriesOf, isNeed, subcategoryKeys } from "./settle.ts";

/** Selling, in the query languages (normalizeText's forms): the sale is what makes the gain taxed. */
const SELLING = new Set(
  (
    "sell sells selling sold sale " +
    "vender vendo vendi vendiendo venta " +
    "vendre vends vendu vente " +
    "verkaufen verkaufe verkauft verkauf " +
    "venda vendendo vendere vendo venduto vendita " +
    "verkopen verkoop verkocht " +
    "sprzedac sprzedam sprzedaz sprzedazy " +
    "salja saljer salde " +
    "продать продаю продажа продажи продаже продажу продал"
  ).split(" "),
);

/** Fields whose needs are assets a sale is taxed on: an investment, a home or premises. */
const ASSETS: ReadonlySet<string> = new Set(["investment", "residential", "commercial"]);

/**
 * Beside a tax need and a word of selling, a need that is only an asset (shares, a flat: ASSETS)
 * is what is sold: it weighs as filler and is the tax's setting, so that the tax advisers asked
 * about come before the estate agents and investment advisers who share the asset's word.
 */
export function taxedAssets(interpreter: Interpreter, words: readonly string[]) {
  const { groups, vocabulary } = interpreter;
  if (!words.some((w) => SELLING.has(w))) return;
  const tax = groups.filter((g) => isNeed(g) && categoriesOf(vocabulary, g).includes("tax-advisory"));
  if (!tax.length) return;
  for (const group of groups) {
    if (tax.includes(group) || !isNeed(group)) continue;
    const subs = subcategoryKeys(group);
    if (subs.length && subs.every((s) => ASSETS.has(s))) {
      group.weight = Math.min(group.weight, GROUP_WEIGHT.filler);
      group.context = true;
    }
  }
}
