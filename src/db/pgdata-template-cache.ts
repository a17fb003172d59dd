/**
 * The data directory template for a run from a checkout (`bun run start`, the tests), which has no
 * template embedded. PGlite's initdb peaks near 920 MiB and, run inside the server, leaves it at
 * 470–640 MiB once ready instead of ~300 (bench/memory.ts --source, docs/operations.md "Memory"): so it runs
 * once per installed PGlite, in a process of its own that exits (pgdata-template.ts), and the
 * result is kept in node_modules/.cache, where `bun install` of another PGlite version finds none.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { TEMPLATE_NAME } from "./pgdata-template.ts";

const root = join(import.meta.dir, "..", "..");

/** Where this checkout keeps the template of its PGlite version; null when there is no node_modules. */
export function checkoutTemplatePath(): string | null {
  try {
    const { version } = JSON.parse(readFileSync(join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8"));
    return join(root, "node_modules/.cache/expert-directory", `pgdata-template-pglite-${version}.tar.gz`);
  } catch {
    return null;
  }
}

/** True in a compiled executable, whose modules live in Bun's virtual file system. */
const compiled = () => import.meta.dir.startsWith("/$bunfs") || import.meta.dir.includes("~BUN");

/**
 * The checkout's template, made first when missing (by a child process, written under a temporary
 * name and renamed, so starts at the same moment each get a whole file). Null in an executable, or
 * when it cannot be made: PGlite then runs initdb itself, as it always did.
 */
export async function checkoutPgdataTemplate(): Promise<Blob | null> {
  const path = compiled() ? null : checkoutTemplatePath();
  if (!path) return null;
  if (!existsSync(path)) {
    const cache = join(path, "..");
    mkdirSync(cache, { recursive: true });
    const scratch = mkdtempSync(join(cache, "making-"));
    try {
      const made = Bun.spawn(
        [process.execPath, join(import.meta.dir, "pgdata-template.ts"), join(scratch, TEMPLATE_NAME)],
        {
          stdout: "ignore",
          stderr: "pipe",
          env: { PATH: process.env.PATH, HOME: process.env.HOME },
        },
      );
      if ((await made.exited) !== 0) return null;
      renameSync(join(scratch, TEMPLATE_NAME), path);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  return Bun.file(path);
}
