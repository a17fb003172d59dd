import type { Pool } from "../db/connect.ts";
import { demoExperts } from "./demo/index.ts";
import { type ImportProgress, importExperts, validateImport } from "./import-file.ts";

/**
 * Loads the deterministic demo directory through the same validation and upsert as `import`, so
 * the demo can never hold a record the import would refuse. Running it again updates in place.
 */
export async function seedDemo(sql: Pool, onProgress?: (p: ImportProgress) => void) {
  const records = validateImport(demoExperts().map((value, i) => ({ at: `demo record ${i}`, value })));
  return importExperts(sql, records, { onProgress });
}
