import type postgres from "postgres";

/**
 * Holds `lock table experts in access exclusive mode` in a transaction of `sql` (another session
 * than the app's), so any request reading experts waits until release(). Resolves once the lock is
 * held; release() lets go and waits for the transaction to end.
 */
export async function holdExpertsTable(sql: postgres.Sql): Promise<{ release(): Promise<void> }> {
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const lock = sql.begin(async (tx) => {
    await tx`lock table experts in access exclusive mode`;
    locked();
    await held;
  });
  await Promise.race([isLocked, lock]);
  return {
    async release() {
      letGo();
      await lock;
    },
  };
}

/** Resolves once some session waits for the experts table (a request is held by the lock). */
export async function someoneWaitsForExperts(sql: postgres.Sql): Promise<void> {
  for (let i = 0; i < 1500; i++) {
    const [{ n }] =
      await sql`select count(*)::int as n from pg_locks where relation = 'experts'::regclass and not granted`;
    if (n > 0) return;
    await Bun.sleep(20);
  }
  throw new Error("no session ever waited for the experts table");
}
