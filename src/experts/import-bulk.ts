import type { Sql } from "../db/connect.ts";
import { CHILD_TABLES } from "./import-rows.ts";

// The bulk path of an import (BENCHMARKS.md, Import): maintaining the GIN search indexes row by
// row was two thirds of the database's work, and each child row's foreign-key check most of the
// rest. An import that brings more experts than the directory holds drops them first and builds
// them back once at the end (restoreDeferred, src/search/reindex.ts): one sorted GIN build, one
// join to check the keys.

/**
 * The GIN indexes that an import maintains row by row otherwise: on experts, and on
 * listed_search_docs, the narrow copy a trigger writes with each expert (sql/024).
 */
const BULK_INDEXES = ["experts_search_bio", "experts_search_text_trgm", "experts_search_doc", "listed_search_docs_doc"];

/** Below this many records an import is small enough to write with every index in place. */
export const BULK_MIN_RECORDS = 5_000;

/**
 * Whether an import of `records` records is a bulk load: at least BULK_MIN_RECORDS, and more than
 * the directory holds (into an empty directory, or resuming one that was interrupted).
 */
export async function isBulkLoad(sql: Sql, records: number): Promise<boolean> {
  if (records < BULK_MIN_RECORDS) return false;
  const [{ experts }] = await sql<{ experts: number }[]>`select count(*)::int as experts from experts`;
  return records > experts;
}

/**
 * Drops the search indexes and the child rows' foreign keys to experts, recording in the same
 * transaction how to put each back (import_deferred), so no crash can lose one. The caller holds
 * IMPORT_LOCK and calls restoreDeferred when it ends.
 */
export async function deferForBulkLoad(sql: Sql): Promise<string[]> {
  await sql`begin`;
  try {
    const indexes = await sql<{ name: string; restore: string }[]>`
      select i.indexname as name, i.indexdef as restore from pg_indexes i
      where i.schemaname = current_schema() and i.tablename in ('experts', 'listed_search_docs')
        and i.indexname in ${sql(BULK_INDEXES)}`;
    const keys = await sql<{ name: string; tab: string; con: string; prepare: string; restore: string }[]>`
      select c.conrelid::regclass::text || '.' || c.conname as name, c.conrelid::regclass::text as tab, c.conname as con,
        format('delete from %s c where not exists (select 1 from experts e where e.id = c.expert_id)', c.conrelid::regclass) as prepare,
        format('alter table %s add constraint %I %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid)) as restore
      from pg_constraint c
      where c.contype = 'f' and c.confrelid = 'experts'::regclass
        and c.conrelid::regclass::text in ${sql(CHILD_TABLES)}
        and pg_get_constraintdef(c.oid) like 'FOREIGN KEY (expert_id) REFERENCES experts(id)%'`;
    for (const index of indexes) {
      await sql`insert into import_deferred (name, kind, restore) values (${index.name}, 'index', ${index.restore})
        on conflict (name) do update set restore = excluded.restore`;
      await sql`drop index ${sql(index.name)}`;
    }
    for (const key of keys) {
      await sql`insert into import_deferred (name, kind, prepare, restore) values (${key.name}, 'foreign key', ${key.prepare}, ${key.restore})
        on conflict (name) do update set prepare = excluded.prepare, restore = excluded.restore`;
      await sql`alter table ${sql(key.tab)} drop constraint ${sql(key.con)}`;
    }
    await sql`commit`;
    return [...indexes, ...keys].map((d) => d.name);
  } catch (error) {
    await sql`rollback`.catch(() => {});
    throw error;
  }
}
