import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../src/db/connect.ts";
import { expertUrls } from "../src/experts/urls.ts";
import { BUILTIN_VOCABULARY } from "../src/search/builtin-vocabulary.ts";
import { CATEGORY_SLUGS } from "../src/demo/categories.ts";
import { LOCALES, parseVocabularyFile } from "../src/search/vocabulary-file.ts";
import { searchExperts } from "../src/search/search.ts";
import { syncBuiltinVocabulary, VocabularyCache } from "../src/search/vocabulary-store.ts";
import { freshDatabase } from "./support/app.ts";
import { searchDepsFor } from "./support/search.ts";
import { runCli } from "./support/cli.ts";

// The search vocabulary: shipped as data (src/search/vocabulary/*.tsv), loaded by the server,
// extended by the operator with `vocabulary import` without a rebuild.

describe("the shipped vocabulary", () => {
  it("parses cleanly in every locale", () => {
    for (const locale of LOCALES) expect(parseVocabularyFile(BUILTIN_VOCABULARY[locale], locale).errors).toEqual([]);
  });

  it("names every category and subcategory of the contract in every locale", async () => {
    const sql = await Bun.file(join(import.meta.dir, "..", "sql", "001_experts.sql")).text();
    const subcategories = [...sql.matchAll(/^\s+\('([a-z-]+)', '[a-z-]+', '/gm)].map((m) => m[1]);
    expect(subcategories.length).toBeGreaterThan(40);
    for (const locale of LOCALES) {
      const { entries } = parseVocabularyFile(BUILTIN_VOCABULARY[locale], locale);
      const keys = (kind: string) => new Set(entries.filter((e) => e.kind === kind).map((e) => e.key));
      for (const slug of CATEGORY_SLUGS) expect(keys("category").has(slug), `${locale} category ${slug}`).toBe(true);
      for (const slug of subcategories)
        expect(keys("subcategory").has(slug), `${locale} subcategory ${slug}`).toBe(true);
      expect(entries.some((e) => e.kind === "stop")).toBe(true);
    }
  });

  // The query-side files of 2026-11-28 (docs/search.md "Nine more languages"): every file's stop
  // words are dropped from every query, so none may be another file's term or an English word.
  it("has query-side files that pass scripts/check-vocabulary.ts", () => {
    const languages = ["da", "no", "fi", "cs", "hu", "ro", "vi", "el", "uk"];
    const run = Bun.spawnSync(["bun", "scripts/check-vocabulary.ts", ...languages], { stdout: "pipe", stderr: "pipe" });
    const problems = run.stdout
      .toString()
      .split("\n")
      .filter((line) => line.startsWith("PROBLEM"));
    expect({ problems, exitCode: run.exitCode }).toEqual({ problems: [], exitCode: 0 });
  });

  it("reports a bad line by number", () => {
    const { errors } = parseVocabularyFile("category\tlegal\tlawyer\nnonsense line\ncity\tlyon\tLyon\n", "en");
    expect(errors.map((e) => e.line)).toEqual([2, 3]);
  });
});

describe("vocabulary import LOCALE FILE", () => {
  const dir = mkdtempSync(join(tmpdir(), "ed-vocab-"));
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    database = await freshDatabase();
    env = database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : { DATA_DIR: join(dir, "data") };
    const record = {
      slug: "voc-plumber",
      name: "Pat Pipe",
      email: "pat@example.com",
      categories: ["professional-instructor"],
      is_verified: true,
      translations: { en: { title: "Pipefitting instructor" } },
    };
    writeFileSync(join(dir, "one.json"), JSON.stringify([record]));
    expect((await runCli(["import", join(dir, "one.json")], env)).code).toBe(0);
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a bad file naming each bad line, and changes nothing", async () => {
    writeFileSync(join(dir, "bad.tsv"), "synonym\tpipefitting\tplumbing\nbroken\n");
    const result = await runCli(["vocabulary", "import", "en", join(dir, "bad.tsv")], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("line 2");
    expect((await runCli(["vocabulary", "import", "xx", join(dir, "bad.tsv")], env)).stderr).toContain(
      "Unknown locale",
    );
  });

  it("adds the operator's own terms, which search uses without a rebuild", async () => {
    const db = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: join(dir, "data") });
    const urls = expertUrls(() => "http://test.invalid");
    try {
      expect((await searchExperts(searchDepsFor(db.sql, urls), { q: "plumbing" })).total).toBe(0);
    } finally {
      await db.close();
    }
    writeFileSync(join(dir, "mine.tsv"), "# my words\nsynonym\tpipefitting\tplumbing | pipefitting\n");
    const result = await runCli(["vocabulary", "import", "en", join(dir, "mine.tsv")], env);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const again = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: join(dir, "data") });
    try {
      const found = await searchExperts(searchDepsFor(again.sql, urls), { q: "plumbing" });
      expect(found.experts.map((e) => e.slug)).toEqual(["voc-plumber"]);
      const [{ count }] =
        await again.sql`select count(*)::int as count from search_vocabulary where source = 'operator'`;
      expect(count).toBe(2);
      // A new build's vocabulary replaces only the built-in rows; the cache sees the new version.
      const concepts = (await new VocabularyCache().get(again.sql)).lookup("plumbing");
      expect(concepts.filter((c) => c.key === "pipefitting")).toHaveLength(1);
    } finally {
      await again.close();
    }
  });

  it("reads the shipped vocabulary from the executable, and records a new build's by its hash", async () => {
    const db = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: join(dir, "data") });
    try {
      // Nothing of the shipped vocabulary is stored, yet it is what the compiled copy holds.
      const stored = async () =>
        (
          await db.sql<
            { count: number }[]
          >`select count(*)::int as count from search_vocabulary where source = 'builtin'`
        )[0].count;
      expect(await stored()).toBe(0);
      expect((await new VocabularyCache().get(db.sql)).lookup("rechtsanwalt").map((c) => c.key)).toContain("legal");
      // An earlier build stored its rows: a build with another vocabulary deletes them, records its
      // hash and moves the version (so every process compiles again); the same build does nothing.
      await db.sql`insert into search_vocabulary (locale, kind, key, term, source) values ('en', 'synonym', 'old', 'zzold', 'builtin')`;
      await db.sql`update search_vocabulary_state set builtin_hash = 'an earlier build'`;
      const [before] = await db.sql<{ version: string }[]>`select version::text from search_vocabulary_state`;
      expect(await syncBuiltinVocabulary(db.sql)).toBe(true);
      expect(await stored()).toBe(0);
      const [after] = await db.sql<{ version: string; builtin_hash: string }[]>`
        select version::text, builtin_hash from search_vocabulary_state`;
      expect(BigInt(after.version)).toBeGreaterThan(BigInt(before.version));
      expect(after.builtin_hash).not.toBe("an earlier build");
      expect(await syncBuiltinVocabulary(db.sql)).toBe(false);
      // Its words are the typo lexicon's (a word of the Finnish file, written by no profile).
      const [{ known }] = await db.sql<{ known: boolean }[]>`
        select exists (select 1 from search_lexicon where word = 'veroneuvoja') as known`;
      expect(known).toBe(true);
    } finally {
      await db.close();
    }
  });
});
