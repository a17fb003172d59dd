import type { Pool } from "../db/connect.ts";
import type { Logger } from "../log.ts";
import { reindexStale, restoreDeferred } from "./reindex.ts";
import { syncBuiltinVocabulary } from "./vocabulary-store.ts";

/**
 * After the migrations: loads this build's vocabulary if the database holds another, rebuilds
 * the search documents an older build wrote (all of them, the first time), logging progress, and
 * puts back the search indexes a bulk import took down if it was killed before it could.
 */
export async function prepareSearch(sql: Pool, log: Logger): Promise<void> {
  if (await syncBuiltinVocabulary(sql)) log.info("search vocabulary loaded");
  let lastLog = 0;
  const rebuilt = await reindexStale(sql, (done, total) => {
    if (done === total || performance.now() - lastLog > 2000) {
      lastLog = performance.now();
      log.info("rebuilding search documents", { done, total });
    }
  });
  if (rebuilt) log.info("search documents rebuilt", { experts: rebuilt });
  const session = await sql.reserve();
  try {
    await restoreDeferred(session, {
      onRestore: (name) => log.info("restoring what an interrupted import took down", { name }),
    });
  } finally {
    session.release();
  }
}
