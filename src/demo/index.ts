/**
 * The deterministic demo directory: realistic experts in every category, spread over cities on
 * five continents, with real translations in every display locale for most of them.
 *
 * Same output on every call and every run: all randomness comes from a seeded PRNG (prng.ts),
 * created per call; nothing is random at import time and no clock is read.
 */
import { generateExperts } from "./generate.ts";
import type { ExpertImportRecord } from "./record.ts";

export type { ExpertImportRecord } from "./record.ts";

/** Seed of the demo data's PRNG. Changing it reshuffles the whole directory. */
export const DEMO_SEED = 20240917;

export function demoExperts(): ExpertImportRecord[] {
  return generateExperts(DEMO_SEED);
}
