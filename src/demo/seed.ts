import type { Pool } from "../db/connect.ts";
import { fillOnce } from "../experts/filled.ts";
import { type ImportProgress, importExperts, validateImport } from "../experts/import-file.ts";
import { upsertExperts } from "../experts/upsert.ts";
import { demoExperts } from "./index.ts";

/** The demo records, checked like any import so the demo can never hold a record `import` would refuse. */
function demoRecords() {
  return validateImport(demoExperts().map((value, i) => ({ at: `demo record ${i}`, value })));
}

/**
 * Loads the deterministic demo directory through the same validation and upsert as `import`.
 * Running it again updates in place (`seed --demo`).
 */
export async function seedDemo(sql: Pool, onProgress?: (p: ImportProgress) => void) {
  return importExperts(sql, demoRecords(), { onProgress, how: "demo" });
}

/**
 * The first start's seed: the whole demo and the directory_filled marker in one transaction, and
 * only when the directory was never seeded or imported into. A process killed anywhere before the
 * commit leaves no marker, so the next start seeds; after it, never again. Returns the upsert's
 * counts, or null when the directory was already filled.
 */
export async function seedDemoIfNeverFilled(sql: Pool) {
  const records = demoRecords();
  let result: { inserted: number; updated: number } | null = null;
  await fillOnce(sql, async (tx) => {
    result = await upsertExperts(tx, records);
  });
  return result;
}
