import type { Database, Sql } from "../db/connect.ts";
import { IMPORT_LOCK, restoreDeferred } from "../search/reindex.ts";
import { deferForBulkLoad, isBulkLoad } from "./import-bulk.ts";
import { markDirectoryFilled } from "./filled.ts";
import { copyExperts, createStaging, newBatch as newStagedBatch, stageRecord } from "./import-copy.ts";
import { checkRecord, ImportRejected, type RecordError, repeatedSlug, slugOf } from "./import-file.ts";
import { fileChunks, type Located, readImport } from "./import-read.ts";
import { recordDigest } from "./import-rows.ts";
import type { ExpertImport, UpsertCounts } from "./upsert.ts";
import { upsertExperts } from "./upsert.ts";

/**
 * Where an import is: checking the whole file first, then writing it batch by batch, then (after
 * a bulk load) building the search indexes back.
 */
export interface FileProgress {
  phase: "checking" | "writing" | "indexing";
  done: number;
  /** Records in the file (known once checked). */
  total: number;
}

export interface FileImportOptions {
  /** Records per transaction (default 1,000 on a server, 500 on the embedded database). */
  batchSize?: number;
  /**
   * Load without the search indexes and child foreign keys, and build them once at the end
   * (import-bulk.ts). Default: when the file brings more experts than the directory holds.
   */
  bulk?: boolean;
  onProgress?: (p: FileProgress) => void;
}

/** A batch ready for its transaction: how many records it stands for, and how to write them. */
interface Prepared {
  size: number;
  /** Records found stored unchanged, left out of the write. */
  skipped: number;
  write: ((sql: Sql) => Promise<UpsertCounts>) | null;
}

/**
 * On a server: leaves out the records stored with the same digest (a re-run, or the part of an
 * interrupted import already written) before building their documents, the costly part; then
 * builds the COPY text of the rest. It runs on a pooled connection while the batch before is
 * written on the reserved one. The embedded database (one connection) upserts the records as
 * they are, and upsertExperts skips the unchanged ones.
 */
async function prepare(db: Database, records: ExpertImport[], ns: number[]): Promise<Prepared> {
  if (db.kind !== "server") return { size: records.length, skipped: 0, write: (sql) => upsertExperts(sql, records) };
  const digests = records.map((r) => recordDigest(r));
  const stored = await db.sql<{ slug: string }[]>`
    select e.slug from experts e
    join unnest(${records.map((r) => r.slug)}::text[], ${digests}::text[]) as d (slug, digest)
      on e.slug = d.slug and e.import_digest = d.digest`;
  const unchanged = new Set(stored.map((r) => r.slug));
  const staged = newStagedBatch();
  records.forEach((record, i) => {
    if (!unchanged.has(record.slug)) stageRecord(staged, record, ns[i], digests[i]);
    if (i % COLLECT_EVERY === COLLECT_EVERY - 1) collectIfLarge();
  });
  return {
    size: records.length,
    skipped: unchanged.size,
    write: staged.size ? (sql) => copyExperts(sql, staged) : null,
  };
}

/** Errors kept to show (the CLI prints 200); the rest are only counted, so memory stays flat. */
const KEPT_ERRORS = 200;
const SLUG_CHUNK = 5_000;
/**
 * Records between full garbage collections, when the process has grown past COLLECT_ABOVE_BYTES.
 * Parsing, checking and building documents leave much garbage, which the collector, left alone on
 * a busy machine, let grow to 420 MB of RSS on 10k experts. A full collection every 200 records
 * held it near 230 MB but cost ~0.4 ms of CPU an expert (measured with --cpu-prof: a third of the
 * importer's time); once a batch of 1,000 costs a fifth of that, for ~350 MB of RSS (BENCHMARKS.md).
 */
const COLLECT_EVERY = 1_000;
const COLLECT_ABOVE_BYTES = 192 * 1024 * 1024;

function collectIfLarge() {
  if (process.memoryUsage.rss() > COLLECT_ABOVE_BYTES) Bun.gc(true);
}

const withoutOrdinal = ({ n: _, ...error }: RecordError & { n: number }): RecordError => error;

class ErrorList {
  readonly kept: (RecordError & { n: number })[] = [];
  total = 0;
  add(n: number, error: RecordError) {
    this.total++;
    if (this.kept.length < KEPT_ERRORS) this.kept.push({ ...error, n });
  }
}

/**
 * Reads the file once to check it: every record for JSON (a syntax error is one problem among the
 * others, the reading goes on), against the contract, and (in a temporary table, so a million slugs
 * take no memory here) no slug twice. Throws ImportRejected with every problem in file order, so
 * one run shows every fix needed; returns how many records there are.
 */
async function checkFile(sql: Sql, path: string, onProgress?: (p: FileProgress) => void): Promise<number> {
  await sql`create temporary table if not exists import_slugs (n int, at text, slug text)`;
  await sql`truncate import_slugs`;
  const invalid = new ErrorList();
  let slugs: { n: number; at: string; slug: string }[] = [];
  const flush = async () => {
    if (!slugs.length) return;
    await sql`insert into import_slugs select * from unnest(${slugs.map((s) => s.n)}::int[], ${slugs.map((s) => s.at)}::text[], ${slugs.map((s) => s.slug)}::text[])`;
    slugs = [];
  };
  let count = 0;
  for await (const item of readImport(fileChunks(path))) {
    if ("error" in item) {
      invalid.add(item.n, { at: item.at, slug: null, field: "", message: item.error });
      continue;
    }
    count++;
    for (const error of checkRecord(item)) invalid.add(item.n, error);
    const slug = slugOf(item.value);
    if (slug !== null) slugs.push({ n: item.n, at: item.at, slug });
    if (slugs.length >= SLUG_CHUNK) await flush();
    if (count % COLLECT_EVERY === 0) collectIfLarge();
    if (count % 10_000 === 0) onProgress?.({ phase: "checking", done: count, total: 0 });
  }
  await flush();
  const repeats = await sql<{ n: number; at: string; slug: string; earlier: string; total: number }[]>`
    select s.n, s.at, s.slug, f.at as earlier, count(*) over ()::int as total
    from import_slugs s join (select distinct on (slug) slug, n, at from import_slugs order by slug, n) f
      on f.slug = s.slug and f.n < s.n
    order by s.n limit ${KEPT_ERRORS}`;
  const total = invalid.total + (repeats[0]?.total ?? 0);
  // In file order; a record's own problems first, then its repeated slug, as validateImport has it.
  const shown = [...invalid.kept, ...repeats.map((r) => ({ ...repeatedSlug(r.at, r.slug, r.earlier), n: r.n }))];
  if (total)
    throw new ImportRejected(
      shown
        .sort((a, b) => a.n - b.n)
        .slice(0, KEPT_ERRORS)
        .map(withoutOrdinal),
      total,
    );
  await sql`truncate import_slugs`;
  return count;
}

/**
 * Imports an NDJSON (or JSON array) file in constant memory: one pass checks every record (a bad
 * file writes nothing), a second writes them in batches of one transaction each, with the
 * directory_filled marker. A run killed midway keeps the batches it committed; running the file
 * again writes the rest, and leaves records already imported as they are (reported unchanged).
 * A bulk load (more experts than the directory holds) writes without the search indexes and the
 * child foreign keys and builds them at the end (import-bulk.ts); so does a resumed one.
 */
export async function importFile(
  db: Database,
  path: string,
  options: FileImportOptions = {},
): Promise<UpsertCounts & { total: number }> {
  const server = db.kind === "server";
  // Bigger batches on a server: fewer round trips and statements per expert for COPY and the
  // set-based writes; the embedded database writes multi-row inserts, bounded by bind parameters.
  const batchSize = options.batchSize ?? (server ? 1_000 : 500);
  // Temporary tables and the import lock live on one connection: the import runs on a reserved one.
  const sql = await db.sql.reserve();
  let locked = false;
  try {
    const total = await checkFile(sql, path, options.onProgress);
    // One import at a time; and while this one runs, nobody else puts back what it took down.
    await sql`select pg_advisory_lock(${IMPORT_LOCK})`;
    locked = true;
    const bulk = options.bulk ?? (await isBulkLoad(sql, total));
    if (bulk) await deferForBulkLoad(sql);
    // A killed bulk import's leftovers, unless this run is one and builds them at its end.
    else await restoreDeferred(sql, { locked: true });
    try {
      const counts = await writeFile(db, sql, path, total, batchSize, options.onProgress);
      if (bulk) options.onProgress?.({ phase: "indexing", done: 0, total });
      return counts;
    } finally {
      // Also when a batch failed: the indexes come back whatever happened to the data.
      await restoreDeferred(sql, { locked: true, pool: server ? db.sql : undefined });
    }
  } finally {
    if (locked) await sql`select pg_advisory_unlock(${IMPORT_LOCK})`.catch(() => {});
    sql.release();
  }
}

/** The second pass: writes the checked file in batches, one transaction each. */
async function writeFile(
  db: Database,
  sql: Sql,
  path: string,
  total: number,
  batchSize: number,
  onProgress?: (p: FileProgress) => void,
): Promise<UpsertCounts & { total: number }> {
  if (db.kind === "server") await createStaging(sql);
  const counts = { inserted: 0, updated: 0, unchanged: 0, total };
  let done = 0;
  const write = async (batch: Prepared) => {
    counts.unchanged += batch.skipped;
    if (batch.write) {
      await sql`begin`;
      try {
        await markDirectoryFilled(sql, "import");
        const result = await batch.write(sql);
        await sql`commit`;
        for (const key of ["inserted", "updated", "unchanged"] as const) counts[key] += result[key];
      } catch (error) {
        await sql`rollback`.catch(() => {});
        throw error;
      }
    }
    done += batch.size;
    onProgress?.({ phase: "writing", done, total });
  };
  // The next batch is prepared (looked up, built in JavaScript) while the one before it is written.
  let writing: Promise<void> = Promise.resolve();
  let records: ExpertImport[] = [];
  let ns: number[] = [];
  const flush = async () => {
    const next = await prepare(db, records, ns);
    records = [];
    ns = [];
    await writing;
    writing = write(next);
    writing.catch(() => {}); // awaited before the next batch or at the end
  };
  for await (const item of readImport(fileChunks(path))) {
    // Checking again applies the schema's defaults; it finds nothing unless the file changed.
    const errors = "error" in item ? [{ at: item.at, slug: null, field: "", message: item.error }] : checkRecord(item);
    if (errors.length) {
      await writing;
      throw new ImportRejected(
        errors,
        errors.length,
        "the file changed while it was imported; the batches before this record were written.",
      );
    }
    records.push((item as Located).value as ExpertImport);
    ns.push(item.n);
    if (records.length >= batchSize) await flush();
  }
  if (records.length) await flush();
  await writing;
  return counts;
}
