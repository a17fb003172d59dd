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
    select e.id, e.name, e.city, e.country_code, e.language_subtags, e.tags,
      array(select c.category_slug from expert_categories c where c.expert_id = e.id order by c.position) as categories,
      array(select s.subcategory_slug from expert_subcategories s where s.expert_id = e.id order by s.position) as subcategories,
      array(select t.title from expert_translations t where t.expert_id = e.id order by ${LOCALE_ORDER}) as titles,
      array(select t.tagline from expert_translations t where t.expert_id = e.id and t.tagline is not null order by ${LOCALE_ORDER}) as taglines,
      array(select t.bio from expert_translations t where t.expert_id = e.id and t.bio is not null order by ${LOCALE_ORDER}) as bios,
      array(select s.title from services s where s.expert_id = e.id order by s.position) as services
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
    await sql.begin((tx) => refreshSearchDocuments(tx, rows.map((r) => r.id)));
    done += rows.length;
    onProgress?.(done, count);
  }
  return done;
}
