import type { Pool, Sql } from "../db/connect.ts";
import { buildDocument, type DocumentSource, SEARCH_DOC_VERSION } from "./document.ts";
import { LOCALES } from "./vocabulary-file.ts";

type SourceRow = DocumentSource & { id: string };

/** Loads what documents are built from, for the given experts. */
function loadSources(sql: Sql, ids: string[]) {
  // Texts in the import's locale order (src/experts/import-rows.ts builds documents from records
  // in that order), not in whatever order a plan returns rows: positions in a document follow it.
  const LOCALE_ORDER = sql`array_position(${[...LOCALES]}::text[], t.locale)`;
  return sql<SourceRow[]>`
    select e.id, e.name, e.city, e.state_code, e.country_code, e.language_subtags, e.tags,
      array(select c.category_slug from expert_categories c where c.expert_id = e.id order by c.position) as categories,
      array(select s.subcategory_slug from expert_subcategories s where s.expert_id = e.id order by s.position) as subcategories,
      array(select t.title from expert_translations t where t.expert_id = e.id order by ${LOCALE_ORDER}) as titles,
      array(select t.tagline from expert_translations t where t.expert_id = e.id and t.tagline is not null order by ${LOCALE_ORDER}) as taglines,
      array(select t.bio from expert_translations t where t.expert_id = e.id and t.bio is not null order by ${LOCALE_ORDER}) as bios,
      array(select s.title from services s where s.expert_id = e.id order by s.position) as services,
      array(select s.description from services s where s.expert_id = e.id and s.description is not null order by s.position) as descriptions
    from experts e where e.id in ${sql(ids)}`;
}

/**
 * Rebuilds the search documents of the given experts from what is stored, and adds their words
 * to the typo lexicon. The import calls it in its own transaction after writing a batch.
 */
export async function refreshSearchDocuments(sql: Sql, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const sources = await loadSources(sql, ids);
  const docs = sources.map((s) => ({ id: s.id, ...buildDocument(s) }));
  await sql`
    update experts e set search_doc = d.doc::tsvector, search_bio = d.bio::tsvector, search_doc_version = ${SEARCH_DOC_VERSION}
    from unnest(${docs.map((d) => d.id)}::bigint[], ${docs.map((d) => d.tsvector)}::text[], ${docs.map((d) => d.bio)}::text[]) as d(id, doc, bio)
    where e.id = d.id`;
  const words = [...new Set(docs.flatMap((d) => d.words))].sort();
  if (words.length) await sql`insert into search_lexicon (word) select unnest(${words}::text[]) on conflict do nothing`;
}

/**
 * Rebuilds every document written by an older builder (or never written), in batches, each in
 * its own transaction, so a large directory is upgraded in place and an interrupted run resumes.
 * Returns how many were rebuilt; `onProgress` hears each batch.
 */
export async function reindexStale(
  sql: Pool,
  onProgress?: (done: number, total: number) => void,
  batchSize = 1000,
): Promise<number> {
  const [{ count }] = await sql<{ count: number }[]>`
    select count(*)::int as count from experts where search_doc_version <> ${SEARCH_DOC_VERSION}`;
  let done = 0;
  while (done < count) {
    const rows = await sql<{ id: string }[]>`
      select id from experts where search_doc_version <> ${SEARCH_DOC_VERSION} order by id limit ${batchSize}`;
    if (!rows.length) break;
    await sql.begin((tx) =>
      refreshSearchDocuments(
        tx,
        rows.map((r) => r.id),
      ),
    );
    done += rows.length;
    onProgress?.(done, count);
  }
  return done;
}

/**
 * Held (session-level) by an import for as long as it runs: imports run one at a time, and
 * nobody puts back what a running bulk import took down (it does so itself when it ends).
 */
export const IMPORT_LOCK = 720_514_016;

/** Work memory for building the indexes back: a GIN build sorts in it, and one big sort is far faster. */
const RESTORE_WORK_MEM = "512MB";

interface Deferred {
  name: string;
  kind: string;
  prepare: string | null;
  restore: string;
}

/** Puts one deferred index or key back (unless it is there already) and forgets it, in one transaction. */
async function restoreOne(tx: Sql, row: Deferred): Promise<void> {
  await tx`select set_config('maintenance_work_mem', ${RESTORE_WORK_MEM}, true)`;
  const exists =
    row.kind === "index"
      ? (await tx`select 1 from pg_class where oid = to_regclass(${row.name})`).length > 0
      : (
          await tx`select 1 from pg_constraint where conrelid = to_regclass(split_part(${row.name}, '.', 1)) and conname = split_part(${row.name}, '.', 2)`
        ).length > 0;
  if (!exists) {
    if (row.prepare) await tx.unsafe(row.prepare); // statements the import wrote from the catalog
    await tx.unsafe(row.restore);
  }
  await tx`delete from import_deferred where name = ${row.name}`;
}

/**
 * PostgreSQL's CREATE INDEX also indexes row versions that a running transaction may still see,
 * reading their documents from TOAST; but autovacuum cleans a TOAST table apart from its table, with
 * a newer horizon, and may have removed such a version's chunks meanwhile: the build fails with
 * "missing chunk number 0 for toast value" (XX000; an import test met it once under a busy CI run,
 * and test/restore-toast-race.test.ts makes it happen). Built again, that version counts as dead
 * and is skipped, so the build is run again, a few times at most.
 */
const TOAST_RACE = /missing chunk number \d+ for toast value/;
const TOAST_RACE_TRIES = 3;

async function retryingToastRace(build: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await build();
      return;
    } catch (error) {
      if (attempt >= TOAST_RACE_TRIES || !(error instanceof Error && TOAST_RACE.test(error.message))) throw error;
    }
  }
}

/** Runs restoreOne in a transaction on a session that must not be a pooled one (it holds the lock). */
async function restoreOnSession(sql: Sql, row: Deferred): Promise<void> {
  await sql`begin`;
  try {
    await restoreOne(sql, row);
    await sql`commit`;
  } catch (error) {
    await sql`rollback`.catch(() => {});
    throw error;
  }
}

/**
 * Puts back what a bulk import took down (import_deferred, migration 016): the search indexes,
 * built once over every row, and the foreign keys of child rows. `sql` is one session (a
 * reserved connection). Without `locked`, it first takes the import lock without waiting: when
 * an import holds it, that import restores them itself, and this returns 0. With `pool` (a server
 * pool), the indexes are built side by side, one connection each: PostgreSQL 15 builds a GIN
 * index on one core, and these three are most of the work. Returns how many were put back.
 */
export async function restoreDeferred(
  sql: Sql,
  options: { locked?: boolean; pool?: Pool; onRestore?: (name: string) => void } = {},
): Promise<number> {
  const [{ pending }] = await sql<{ pending: number }[]>`select count(*)::int as pending from import_deferred`;
  if (!pending) return 0;
  if (!options.locked) {
    const [{ locked }] = await sql<{ locked: boolean }[]>`select pg_try_advisory_lock(${IMPORT_LOCK}) as locked`;
    if (!locked) return 0;
  }
  try {
    const rows = await sql<Deferred[]>`select name, kind, prepare, restore from import_deferred order by name`;
    for (const row of rows) options.onRestore?.(row.name);
    const indexes = rows.filter((r) => r.kind === "index");
    const { pool } = options;
    if (pool) await Promise.all(indexes.map((row) => retryingToastRace(() => pool.begin((tx) => restoreOne(tx, row)))));
    else for (const row of indexes) await retryingToastRace(() => restoreOnSession(sql, row));
    for (const row of rows.filter((r) => r.kind !== "index")) await restoreOnSession(sql, row);
    return rows.length;
  } finally {
    if (!options.locked) await sql`select pg_advisory_unlock(${IMPORT_LOCK})`;
  }
}
