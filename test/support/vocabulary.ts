import { join } from "node:path";
import type { LexiconLookup } from "../../src/search/query-types.ts";
import { builtinEntries } from "../../src/search/vocabulary-store.ts";
import { Vocabulary } from "../../src/search/vocabulary.ts";

/** Every subcategory's category, as sql/001_experts.sql seeds them. */
export async function subcategoryParents(): Promise<Map<string, string>> {
  const sql = await Bun.file(join(import.meta.dir, "..", "..", "sql", "001_experts.sql")).text();
  return new Map([...sql.matchAll(/^\s+\('([a-z-]+)', '([a-z-]+)', '/gm)].map((m) => [m[1], m[2]]));
}

/** The vocabulary the executable ships, compiled against the seeded categories (no database). */
export async function shippedVocabulary(): Promise<Vocabulary> {
  return new Vocabulary(builtinEntries(), await subcategoryParents());
}

/** A lexicon that knows every word: reading a query without typo correction. */
export const noLexicon: LexiconLookup = async (words) =>
  new Map(words.map((w) => [w, { known: true, near: [] as string[], edits: 0 }]));

/** A lexicon that knows every word but `typos`, each with its nearest spelling and its distance (one edit unless said). */
export function lexiconWithTypos(typos: Record<string, string | { near: string; edits: number }>): LexiconLookup {
  return async (words) =>
    new Map(
      words.map((w): [string, { known: boolean; near: string[]; edits: number }] => {
        const typo = typos[w];
        if (typo === undefined) return [w, { known: true, near: [], edits: 0 }];
        const { near, edits } = typeof typo === "string" ? { near: typo, edits: 1 } : typo;
        return [w, { known: false, near: [near], edits }];
      }),
    );
}
