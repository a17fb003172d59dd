import { relative } from "node:path";
import type { Database } from "../db/connect.ts";
import type { Logger } from "../log.ts";

const quoted = (word: string) => (/[\s"'$\\]/.test(word) ? `'${word.replaceAll("'", "'\\''")}'` : word);

/**
 * How the operator runs this program, to be pasted back into a shell: the executable's path, or
 * `bun src/main.ts` (relative to the working directory) when it runs from a checkout.
 */
export function commandName(): string {
  // A compiled executable runs its entry point from Bun's virtual file system.
  const compiled = Bun.main.startsWith("/$bunfs/") || Bun.main.includes("~BUN");
  if (compiled) return quoted(process.execPath);
  const script = relative(process.cwd(), Bun.main);
  return `bun ${quoted(script.startsWith("..") ? Bun.main : script)}`;
}

/**
 * On a PostgreSQL server nothing fills a new directory by itself (the embedded database gets the
 * demo): a server started on one without experts says, once, how to fill it, instead of serving
 * empty search results with no word. The commands carry no DATABASE_URL: it may hold a password.
 */
export async function hintWhenEmpty(db: Database, log: Logger): Promise<void> {
  if (db.kind !== "server") return;
  // A hint never stops a server: a failed look is only a debug line.
  const empty = await db.sql<{ empty: boolean }[]>`select not exists (select 1 from experts) as empty`.then(
    ([row]) => row.empty,
    (error: Error) => void log.debug("could not tell whether the directory is empty", { error: error.message }),
  );
  if (!empty) return;
  const command = commandName();
  const seed = `${command} seed --demo`;
  const load = `${command} import FILE`;
  log.warn(
    `the directory is empty: run "${seed}" for the demo directory, or "${load}" for your experts (FILE: a JSON array or NDJSON of ExpertImport records), with the same DATABASE_URL`,
    {
      seed_demo: seed,
      import: load,
    },
  );
}
