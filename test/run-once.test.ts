import { describe, expect, it } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { RUN_ONCE } from "./support/run-once.ts";

// The files the PostgreSQL run leaves out (support/run-once.ts) must not reach the database under
// test, directly or through a helper: a listed file that did would silently lose its server run.
const root = resolve(import.meta.dir, "..");

/** The helpers of test/support that reach the run's database (TEST_DATABASE_URL's server or the template). */
const DATABASE_HELPERS = [
  "testApp",
  "api",
  "freshDatabase",
  "serverDatabase",
  "sharedCluster",
  "appWithCorpus",
  "cloneEmbedded",
  "cloneOnServer",
  "makeTemplate",
  "createTestKey",
  "spawnServer",
];
/** Where those helpers are defined: their own text is no call of them. */
const DEFINITIONS = new Set(["test/support/app.ts", "test/support/postgres-cluster.ts", "test/support/template.ts"]);

/** The file and every module of this repository it imports, statically or dynamically, transitively. */
function localModules(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(join(root, file), "utf8");
  for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
    const target = relative(root, resolve(root, dirname(file), spec!));
    if (/\.(ts|tsx|js|mjs)$/.test(target) && existsSync(join(root, target))) localModules(target, seen);
  }
  return seen;
}

/** What in `file`'s text could reach the run's database; empty when nothing. */
function databaseUses(file: string): string[] {
  const text = readFileSync(join(root, file), "utf8");
  const found: string[] = [];
  if (text.includes("TEST_DATABASE_URL") && !DEFINITIONS.has(file)) found.push("reads TEST_DATABASE_URL");
  if (!file.startsWith("test/") || DEFINITIONS.has(file)) return found;
  for (const helper of DATABASE_HELPERS) {
    if (new RegExp(`(?<![.\\w])${helper}\\(`).test(text)) found.push(`calls ${helper}()`);
  }
  // startApp() on an embedded database the file names itself is the one start that ignores the run's.
  for (const call of text.matchAll(/(?<![.\w])startApp\(([^;]*)/g)) {
    if (!/database:\s*\{\s*databaseUrl:\s*null\b/.test(call[1]!)) found.push("calls startApp() on the run's database");
  }
  return found;
}

describe("the files the PostgreSQL run leaves out", () => {
  it("exist, and each says why", () => {
    for (const [file, reason] of Object.entries(RUN_ONCE)) {
      expect(existsSync(join(root, file)), file).toBe(true);
      expect(reason.length, file).toBeGreaterThan(10);
    }
  });

  it("reach no database of the run, nor does any helper they import", () => {
    const offending: Record<string, string[]> = {};
    for (const file of Object.keys(RUN_ONCE)) {
      for (const module of localModules(file)) {
        const uses = databaseUses(module);
        if (uses.length) offending[file] = [...(offending[file] ?? []), ...uses.map((u) => `${module} ${u}`)];
      }
    }
    expect(offending).toEqual({});
  });

  it("would catch a suite that does", () => {
    // The check itself, on suites known to need the run's database.
    const uses = (file: string) => [...localModules(file)].flatMap(databaseUses);
    expect(uses("test/import.test.ts")).toContain("calls freshDatabase()");
    expect(uses("test/docs.test.ts")).toContain("calls testApp()");
    expect(uses("test/fill-hint.test.ts")).toContain("calls serverDatabase()");
    expect(uses("test/channel.test.ts")).toContain("reads TEST_DATABASE_URL");
    expect(uses("test/search-ranking.test.ts")).toContain("calls appWithCorpus()");
    expect(uses("test/ratelimit-redis.test.ts")).toContain("calls startApp() on the run's database");
    expect(uses("test/embedded.test.ts")).toEqual([]);
  });
});
