import type { Sql } from "../db/connect.ts";
import {
  CHILD_TABLES,
  type ChildTable,
  childRows,
  EXPERT_COLUMNS,
  type ExpertImport,
  expertRow,
} from "./import-rows.ts";
import { addLexiconWords, REPLACED_COLUMNS, type UpsertCounts } from "./upsert.ts";

// The import on a PostgreSQL server: each batch is COPYed into temporary staging tables (one per
// target table, shaped like it, with the expert's slug as the key of child rows), then written
// with one set-based statement per table. COPY FROM STDIN does not work through pglite-socket
// (the copy never completes), so the embedded database writes with upsertExperts instead.

const CHILD_COLUMNS: Record<ChildTable, string[]> = {
  expert_categories: ["category_slug", "position"],
  expert_subcategories: ["subcategory_slug", "position"],
  expert_translations: ["locale", "title", "tagline", "bio"],
  services: ["id", "position", "title", "description", "price_usd", "price_type", "duration_minutes"],
  schedule_slots: ["day_of_week", "start_time", "end_time"],
};

const stage = (table: string) => `import_${table}`;

/**
 * A column list in parentheses. postgres.js reads `sql(array)` after `insert` as rows to insert,
 * so lists of our own (constant) column names are written out; none comes from input.
 */
const columnList = (sql: Sql, columns: readonly string[]) => sql.unsafe(`(${columns.join(", ")})`);

const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };
const escapeCopy = (s: string) => s.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]);
const arrayLiteral = (items: string[]) => `{${items.map((i) => `"${i.replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;

/** One value in COPY's text format: `\N` for null, arrays and JSON as their text, specials escaped. */
function copyValue(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  if (typeof value === "boolean") return value ? "t" : "f";
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return escapeCopy(arrayLiteral(value as string[]));
  if (typeof value === "object") return escapeCopy(JSON.stringify(value));
  return escapeCopy(String(value));
}

const copyLine = (values: unknown[]) => `${values.map(copyValue).join("\t")}\n`;

/** Creates the staging tables on this connection (temporary: they vanish with the session). */
export async function createStaging(sql: Sql): Promise<void> {
  await sql`create temporary table if not exists import_experts as select 0::int as n, ${sql(EXPERT_COLUMNS)} from experts with no data`;
  for (const table of CHILD_TABLES) {
    await sql`create temporary table if not exists ${sql(stage(table))} as
      select ''::text as key, ${sql(CHILD_COLUMNS[table])} from ${sql(table)} with no data`;
  }
  await sql`create temporary table if not exists import_written (id bigint, slug text, inserted boolean)`;
}

/** Streams COPY lines to `table` in slices, minding backpressure, so no batch-sized buffer is made. */
async function copyInto(sql: Sql, table: string, columns: string[], lines: string[]): Promise<void> {
  if (!lines.length) return;
  const stream = await sql`copy ${sql(table)} ${columnList(sql, columns)} from stdin`.writable();
  await new Promise<void>((resolve, reject) => {
    stream.on("error", reject);
    stream.on("finish", resolve);
    let next = 0;
    const pump = () => {
      while (next < lines.length) {
        const slice = lines.slice(next, (next += 200)).join("");
        if (!stream.write(slice)) return void stream.once("drain", pump);
      }
      stream.end();
    };
    pump();
  });
}

/** A batch in COPY text, ready to write: built while the batch before it is being written. */
export interface StagedBatch {
  size: number;
  experts: string[];
  children: Record<ChildTable, string[]>;
  words: Set<string>;
}

export function newBatch(): StagedBatch {
  return {
    size: 0,
    experts: [],
    children: Object.fromEntries(CHILD_TABLES.map((t) => [t, []])) as never,
    words: new Set(),
  };
}

/**
 * Adds a valid record (`n`: its ordinal in the file, which orders the ids) to a batch; `digest`
 * when the caller has computed it already.
 */
export function stageRecord(batch: StagedBatch, record: ExpertImport, n: number, digest?: string): void {
  const { row, words } = expertRow(record, digest);
  batch.size++;
  batch.experts.push(copyLine([n, ...EXPERT_COLUMNS.map((c) => row[c])]));
  for (const word of words) batch.words.add(word);
  const rows = childRows(record, record.slug);
  for (const table of CHILD_TABLES) {
    for (const child of rows[table] as Record<string, unknown>[]) {
      batch.children[table].push(copyLine([child.key, ...CHILD_COLUMNS[table].map((c) => child[c])]));
    }
  }
}

/**
 * Writes a staged batch (unique slugs) as upsertExperts writes records, through COPY and
 * set-based statements. Run it in a transaction on the connection that created the staging tables.
 */
export async function copyExperts(sql: Sql, batch: StagedBatch): Promise<UpsertCounts> {
  await sql`truncate import_experts, import_written, ${sql(CHILD_TABLES.map(stage))}`;
  await copyInto(sql, "import_experts", ["n", ...EXPERT_COLUMNS], batch.experts);
  for (const table of CHILD_TABLES)
    await copyInto(sql, stage(table), ["key", ...CHILD_COLUMNS[table]], batch.children[table]);

  // Ids are handed out in file order, as the row-by-row path does.
  const [counts] = await sql<{ inserted: number; written: number }[]>`
    with up as (
      insert into experts ${columnList(sql, EXPERT_COLUMNS)}
      select ${sql(EXPERT_COLUMNS)} from import_experts order by n
      on conflict (slug) do update set ${sql.unsafe(REPLACED_COLUMNS)}, updated_at = now()
        where experts.import_digest is distinct from excluded.import_digest
      returning id, slug, (xmax = 0) as inserted),
    w as (insert into import_written select id, slug, inserted from up returning inserted)
    select (count(*) filter (where inserted))::int as inserted, count(*)::int as written from w`;
  if (counts.written > counts.inserted) {
    for (const table of CHILD_TABLES) {
      await sql`delete from ${sql(table)} c using import_written w where c.expert_id = w.id and not w.inserted`;
    }
  }
  for (const table of CHILD_TABLES) {
    const columns = CHILD_COLUMNS[table];
    await sql`
      insert into ${sql(table)} ${columnList(sql, ["expert_id", ...columns])}
      select w.id, ${sql(columns.map((c) => `s.${c}`))} from ${sql(stage(table))} s join import_written w on w.slug = s.key`;
  }
  await addLexiconWords(sql, batch.words);
  return {
    inserted: counts.inserted,
    updated: counts.written - counts.inserted,
    unchanged: batch.size - counts.written,
  };
}
