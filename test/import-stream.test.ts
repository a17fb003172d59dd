// The streaming import (src/experts/import-stream.ts) called in-process, on the database this run
// tests (COPY and set-based writes on a server, multi-row inserts on the embedded one).
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { syntheticExperts } from "../bench/synthetic.ts";
import { type Database, openDatabase } from "../src/db/connect.ts";
import { migrate } from "../src/db/migrate.ts";
import { ImportRejected, importExperts, validateImport } from "../src/experts/import-file.ts";
import { importFile } from "../src/experts/import-stream.ts";
import { deferForBulkLoad } from "../src/experts/import-bulk.ts";
import { createLogger } from "../src/log.ts";
import { prepareSearch } from "../src/search/prepare.ts";
import { IMPORT_LOCK, refreshSearchDocuments, restoreDeferred } from "../src/search/reindex.ts";
import { freshDatabase } from "./support/app.ts";

const dir = mkdtempSync(join(tmpdir(), "ed-import-stream-"));
let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Database;

beforeAll(async () => {
  database = await freshDatabase();
  db = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  await migrate(db.sql);
});
afterAll(async () => {
  await db.close();
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

function ndjson(name: string, records: unknown[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${records.map((r) => JSON.stringify(r)).join("\n")}\n`);
  return path;
}

/** Six-locale records from the benchmark's generator, under slugs of the test's own. */
const experts = (prefix: string, n: number) => syntheticExperts(n).map((r, i) => ({ ...r, slug: `${prefix}-${i}` }));

async function rejection(promise: Promise<unknown>): Promise<ImportRejected> {
  const error = await promise.then(
    () => null,
    (e) => e,
  );
  expect(error).toBeInstanceOf(ImportRejected);
  return error as ImportRejected;
}

const countOf = async (prefix: string) =>
  (await db.sql<{ n: number }[]>`select count(*)::int as n from experts where slug like ${`${prefix}-%`}`)[0].n;

describe("importFile", () => {
  it("reports an invalid record in the middle of a batch by its line and writes nothing of the file", async () => {
    const records: unknown[] = experts("mid", 7);
    records[3] = { ...(records[3] as object), email: "not an e-mail" };
    const error = await rejection(importFile(db, ndjson("mid.ndjson", records), { batchSize: 2 }));
    expect(error.errors).toEqual([
      { at: "line 4", slug: "mid-3", field: "email", message: "must be an e-mail address" },
    ]);
    expect(error.message).toContain("nothing was written");
    expect(await countOf("mid")).toBe(0);
  });

  it("finds a slug repeated across batches, with both lines, and in a JSON array by index", async () => {
    const records = experts("rep", 6);
    records[5] = { ...records[5], slug: "rep-1" };
    const error = await rejection(importFile(db, ndjson("rep.ndjson", records), { batchSize: 2 }));
    expect(error.errors).toEqual([
      { at: "line 6", slug: "rep-1", field: "slug", message: "repeats the slug of the record at line 2" },
    ]);
    const array = join(dir, "rep.json");
    writeFileSync(array, JSON.stringify(records));
    const inArray = await rejection(importFile(db, array));
    expect(inArray.errors[0].at).toBe("line 1 (index 5)");
    expect(await countOf("rep")).toBe(0);
  });

  it("shows the first 200 problems in file order and counts them all", async () => {
    const records = experts("many", 260).map((r, i) => (i % 2 ? { ...r, email: "nope" } : r));
    const error = await rejection(importFile(db, ndjson("many.ndjson", records)));
    expect(error.total).toBe(130);
    expect(error.errors.length).toBe(130);
    const worse = await rejection(
      importFile(
        db,
        ndjson(
          "worse.ndjson",
          experts("worse", 450).map((r) => ({ ...r, email: "nope" })),
        ),
      ),
    );
    expect(worse.total).toBe(450);
    expect(worse.errors.length).toBe(200);
    expect(worse.errors.map((e) => e.at).slice(0, 3)).toEqual(["line 1", "line 2", "line 3"]);
  });

  it("loads every batch, and a second run of the same file changes nothing and says so", async () => {
    const path = ndjson("again.ndjson", experts("again", 25));
    expect(await importFile(db, path, { batchSize: 10 })).toEqual({
      total: 25,
      inserted: 25,
      updated: 0,
      unchanged: 0,
    });
    const snapshot = () => db.sql`
      select e.slug, e.updated_at, e.listed_at, e.search_doc::text,
        array(select s.title from services s where s.expert_id = e.id order by s.position) as services
      from experts e where slug like 'again-%' order by slug`;
    const before = await snapshot();
    expect(await importFile(db, path, { batchSize: 10 })).toEqual({
      total: 25,
      inserted: 0,
      updated: 0,
      unchanged: 25,
    });
    expect(await snapshot()).toEqual(before);

    const changed = experts("again", 25);
    changed[7] = {
      ...changed[7],
      name: "Changed Name",
      services: [{ title: "Only this", price_usd: 10, price_type: "fixed" }],
    };
    expect(await importFile(db, ndjson("again2.ndjson", changed), { batchSize: 10 })).toEqual({
      total: 25,
      inserted: 0,
      updated: 1,
      unchanged: 24,
    });
    const [row] = await db.sql`
      select name, starting_price_usd::float8 as price, (select count(*)::int from services s where s.expert_id = e.id) as services
      from experts e where slug = 'again-7'`;
    expect(row).toEqual({ name: "Changed Name", price: 10, services: 1 });
  });

  it("writes what the row-by-row path writes: rows, children and identical search documents", async () => {
    const records = experts("same", 60);
    await importFile(db, ndjson("same.ndjson", records), { batchSize: 25 });
    await importExperts(db.sql, validateImport(experts("old", 60).map((value, i) => ({ at: `record ${i}`, value }))));
    const read = (prefix: string) => db.sql`
      select e.name, e.search_text, e.search_doc::text as doc, e.search_bio::text as bio, e.search_doc_version, e.language_subtags,
        e.starting_price_usd::text as price, e.contact_methods, e.listed_at,
        array(select c.category_slug || c.position from expert_categories c where c.expert_id = e.id order by c.position) as categories,
        array(select t.locale || t.title || coalesce(t.bio, '') from expert_translations t where t.expert_id = e.id order by t.locale) as texts,
        array(select s.title || s.position || coalesce(s.price_usd::text, '') from services s where s.expert_id = e.id order by s.position) as services,
        array(select s.day_of_week || ' ' || s.start_time || s.end_time from schedule_slots s where s.expert_id = e.id order by 1) as slots
      from experts e where e.slug like ${`${prefix}-%`} order by e.id`;
    const fresh = await read("same");
    expect(fresh.length).toBe(60);
    expect(fresh).toEqual(await read("old"));
    // And a rebuild from the stored rows (src/search/reindex.ts) writes the same documents again.
    const ids = (await db.sql<{ id: string }[]>`select id from experts where slug like 'same-%'`).map((r) => r.id);
    await db.sql.begin((tx) => refreshSearchDocuments(tx, ids));
    expect(await read("same")).toEqual(fresh);
  });

  // What a bulk import takes down (src/experts/import-bulk.ts) and must always come back.
  const takenDown = async () => {
    const [row] = await db.sql<{ indexes: string[]; keys: number; deferred: number }[]>`
      select array(select indexname::text from pg_indexes where tablename in ('experts', 'listed_search_docs')
                   and indexname in ('experts_search_bio', 'experts_search_text_trgm', 'experts_search_doc', 'listed_search_docs_doc') order by 1) as indexes,
        (select count(*)::int from pg_constraint where contype = 'f' and confrelid = 'experts'::regclass
           and conrelid::regclass::text in ('expert_categories', 'expert_subcategories', 'expert_translations', 'services', 'schedule_slots')) as keys,
        (select count(*)::int from import_deferred) as deferred`;
    return row;
  };
  const complete = {
    indexes: ["experts_search_bio", "experts_search_doc", "experts_search_text_trgm", "listed_search_docs_doc"],
    keys: 5,
    deferred: 0,
  };

  it("a bulk load writes the same rows and documents, and puts the indexes and foreign keys back", async () => {
    expect(await takenDown()).toEqual(complete);
    const path = ndjson("bulk.ndjson", experts("bulk", 30));
    expect(await importFile(db, path, { batchSize: 10, bulk: true })).toEqual({
      total: 30,
      inserted: 30,
      updated: 0,
      unchanged: 0,
    });
    expect(await takenDown()).toEqual(complete);
    const ids = (await db.sql<{ id: string }[]>`select id from experts where slug like 'bulk-%'`).map((r) => r.id);
    const docs = () =>
      db.sql`select search_doc::text, search_bio::text, search_text from experts where slug like 'bulk-%' order by id`;
    const written = await docs();
    await db.sql.begin((tx) => refreshSearchDocuments(tx, ids));
    expect(await docs()).toEqual(written);
    expect(await importFile(db, path, { bulk: true })).toEqual({ total: 30, inserted: 0, updated: 0, unchanged: 30 });
    expect(await takenDown()).toEqual(complete);
    // The narrow copy the counts read (sql/024) was written row by row with the index down.
    const copied = await db.sql`
      select count(*)::int as n from experts e join listed_search_docs d using (id)
      where e.slug like 'bulk-%' and d.search_doc = e.search_doc and d.rating is not distinct from e.rating`;
    const listed =
      await db.sql`select count(*)::int as n from experts where slug like 'bulk-%' and is_public and is_verified`;
    expect(copied).toEqual(listed);
    expect(listed[0].n).toBeGreaterThan(0);
  });

  it("after a bulk load killed midway, searches still answer, and the next run puts everything back", async () => {
    await importFile(db, ndjson("killed.ndjson", experts("killed", 5)));
    // As if killed after the drop: what came down is recorded, nothing puts it back.
    const session = await db.sql.reserve();
    try {
      expect((await deferForBulkLoad(session)).length).toBe(9);
    } finally {
      session.release();
    }
    expect(await takenDown()).toEqual({ indexes: [], keys: 0, deferred: 9 });
    const found =
      await db.sql`select slug from experts where is_public and is_verified and search_doc @@ quote_literal('cat:legal')::tsquery and slug like 'killed-%'`;
    expect(found.length).toBeGreaterThan(0);
    if (db.kind === "server") {
      // While an import holds the lock, a server start leaves the restoring to it.
      const holder = await db.sql.reserve();
      try {
        await holder`select pg_advisory_lock(${IMPORT_LOCK})`;
        const other = await db.sql.reserve();
        try {
          expect(await restoreDeferred(other)).toBe(0);
        } finally {
          other.release();
        }
        await holder`select pg_advisory_unlock(${IMPORT_LOCK})`;
      } finally {
        holder.release();
      }
    }
    // The next (small) import puts everything back before it writes.
    expect(await importFile(db, ndjson("killed2.ndjson", experts("killed", 6)))).toEqual({
      total: 6,
      inserted: 1,
      updated: 0,
      unchanged: 5,
    });
    expect(await takenDown()).toEqual(complete);
    const again =
      await db.sql`select slug from experts where is_public and is_verified and search_doc @@ quote_literal('cat:legal')::tsquery and slug like 'killed-%'`;
    expect(again.length).toBeGreaterThanOrEqual(found.length);
  });

  it("a server start (or migrate) puts back what a killed bulk load took down", async () => {
    const session = await db.sql.reserve();
    try {
      await deferForBulkLoad(session);
    } finally {
      session.release();
    }
    expect((await takenDown()).deferred).toBe(9);
    const lines: string[] = [];
    await prepareSearch(
      db.sql,
      createLogger("info", (line) => lines.push(line)),
    );
    expect(await takenDown()).toEqual(complete);
    expect(lines.join("")).toContain("restoring what an interrupted import took down");
  });
});
