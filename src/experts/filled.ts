import type { Pool, Sql } from "../db/connect.ts";

/** Records, inside the caller's transaction, that the directory holds data (table directory_filled). */
export async function markDirectoryFilled(tx: Sql, how: "demo" | "import"): Promise<void> {
  await tx`insert into directory_filled (how) values (${how}) on conflict (singleton) do nothing`;
}

/**
 * Runs `fill` in one transaction with the marker, only when the directory was never filled. The
 * marker row is inserted first: a second process starting at the same moment waits on it and then
 * finds it taken, so the demo is laid down once. Returns whether `fill` ran.
 */
export async function fillOnce(sql: Pool, fill: (tx: Sql) => Promise<unknown>): Promise<boolean> {
  return await sql.begin(async (tx) => {
    const claimed =
      await tx`insert into directory_filled (how) values ('demo') on conflict (singleton) do nothing returning 1`;
    if (!claimed.length) return false;
    await fill(tx);
    return true;
  });
}
