import type { Sql } from "../db/connect.ts";
import { CHILD_TABLES, childRows, EXPERT_COLUMNS, type ExpertImport, expertRow } from "./import-rows.ts";

export type { ExpertImport } from "./import-rows.ts";

export interface UpsertCounts {
  inserted: number;
  updated: number;
  /** Records whose content was already stored as it is (same digest): left untouched. */
  unchanged: number;
}

/**
 * `col = excluded.col` for every column but the slug. Column names come from EXPERT_COLUMNS,
 * never from input, so building this list is safe.
 */
export const REPLACED_COLUMNS = EXPERT_COLUMNS.filter((c) => c !== "slug")
  .map((c) => `${c} = excluded.${c}`)
  .join(", ");

/** Adds the words of written documents to the typo lexicon (src/search/lexicon.ts). */
export async function addLexiconWords(sql: Sql, words: Iterable<string>): Promise<void> {
  const list = [...new Set(words)].sort();
  if (list.length) await sql`insert into search_lexicon (word) select unnest(${list}::text[]) on conflict do nothing`;
}

/**
 * Writes a batch of valid import records with multi-row inserts: new slugs are inserted, changed
 * ones replaced whole (texts, services, schedule, categories, search documents), unchanged ones
 * (same digest) skipped. Run it inside a transaction so a batch lands whole or not at all. Slugs
 * must be unique within the batch. The embedded database and the demo seed write this way; a
 * PostgreSQL server gets COPY (import-copy.ts), with the same rows.
 */
export async function upsertExperts(sql: Sql, records: ExpertImport[]): Promise<UpsertCounts> {
  if (records.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  const built = records.map((r) => expertRow(r));
  const rows = built.map((b) => b.row);
  const written = await sql<{ id: string; slug: string; inserted: boolean }[]>`
    insert into experts ${sql(rows)}
    on conflict (slug) do update set ${sql.unsafe(REPLACED_COLUMNS)}, updated_at = now()
      where experts.import_digest is distinct from excluded.import_digest
    returning id, slug, (xmax = 0) as inserted`;
  const idBySlug = new Map(written.map((w) => [w.slug, w.id]));
  const replaced = written.filter((w) => !w.inserted).map((w) => w.id);

  // New experts have no children yet; replaced ones lose theirs first.
  if (replaced.length) {
    for (const table of CHILD_TABLES) await sql`delete from ${sql(table)} where expert_id in ${sql(replaced)}`;
  }
  const children = records.filter((r) => idBySlug.has(r.slug)).map((r) => childRows(r, idBySlug.get(r.slug)!));
  // Bind parameters are limited to 65535 a statement, so children go in slices.
  for (const table of CHILD_TABLES) {
    const list = children
      .flatMap((c) => c[table] as { key: string }[])
      .map(({ key, ...rest }) => ({ expert_id: key, ...rest }));
    for (let i = 0; i < list.length; i += 2000) {
      await sql`insert into ${sql(table)} ${sql(list.slice(i, i + 2000) as Record<string, unknown>[])}`;
    }
  }
  await addLexiconWords(
    sql,
    built.filter((b) => idBySlug.has(b.row.slug)).flatMap((b) => b.words),
  );
  const inserted = written.filter((w) => w.inserted).length;
  return { inserted, updated: written.length - inserted, unchanged: records.length - written.length };
}
