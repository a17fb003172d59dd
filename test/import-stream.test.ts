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
import { refreshSearchDocuments } from "../src/search/reindex.ts";
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
  writeFileSync(path, records.map((r) => JSON.stringify(r)).join("\n") + "\n");
  return path;
}

/** Six-locale records from the benchmark's generator, under slugs of the test's own. */
const experts = (prefix: string, n: number) => syntheticExperts(n).map((r, i) => ({ ...r, slug: `${prefix}-${i}` }));

async function rejection(promise: Promise<unknown>): Promise<ImportRejected> {
  const error = await promise.then(() => null, (e) => e);
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
    expect(error.errors).toEqual([{ at: "line 4", slug: "mid-3", field: "email", message: "must be an e-mail address" }]);
    expect(error.message).toContain("nothing was written");
    expect(await countOf("mid")).toBe(0);
  });

  it("finds a slug repeated across batches, with both lines, and in a JSON array by index", async () => {
    const records = experts("rep", 6);
    records[5] = { ...records[5], slug: "rep-1" };
    const error = await rejection(importFile(db, ndjson("rep.ndjson", records), { batchSize: 2 }));
    expect(error.errors).toEqual([{ at: "line 6", slug: "rep-1", field: "slug", message: "repeats the slug of the record at line 2" }]);
    const array = join(dir, "rep.json");
    writeFileSync(array, JSON.stringify(records));
    const inArray = await rejection(importFile(db, array));
    expect(inArray.errors[0].at).toBe("index 5");
    expect(await countOf("rep")).toBe(0);
  });

  it("shows the first 200 problems in file order and counts them all", async () => {
    const records = experts("many", 260).map((r, i) => (i % 2 ? { ...r, email: "nope" } : r));
    const error = await rejection(importFile(db, ndjson("many.ndjson", records)));
    expect(error.total).toBe(130);
    expect(error.errors.length).toBe(130);
    const worse = await rejection(importFile(db, ndjson("worse.ndjson", experts("worse", 450).map((r) => ({ ...r, email: "nope" })))));
    expect(worse.total).toBe(450);
    expect(worse.errors.length).toBe(200);
    expect(worse.errors.map((e) => e.at).slice(0, 3)).toEqual(["line 1", "line 2", "line 3"]);
  });

  it("loads every batch, and a second run of the same file changes nothing and says so", async () => {
    const path = ndjson("again.ndjson", experts("again", 25));
    expect(await importFile(db, path, { batchSize: 10 })).toEqual({ total: 25, inserted: 25, updated: 0, unchanged: 0 });
    const snapshot = () => db.sql`
      select e.slug, e.updated_at, e.listed_at, e.search_doc::text,
        array(select s.title from services s where s.expert_id = e.id order by s.position) as services
      from experts e where slug like 'again-%' order by slug`;
    const before = await snapshot();
    expect(await importFile(db, path, { batchSize: 10 })).toEqual({ total: 25, inserted: 0, updated: 0, unchanged: 25 });
    expect(await snapshot()).toEqual(before);

    const changed = experts("again", 25);
    changed[7] = { ...changed[7], name: "Changed Name", services: [{ title: "Only this", price_usd: 10, price_type: "fixed" }] };
    expect(await importFile(db, ndjson("again2.ndjson", changed), { batchSize: 10 })).toEqual({ total: 25, inserted: 0, updated: 1, unchanged: 24 });
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
});
