import type { Pool } from "../db/connect.ts";
import { fieldErrors, nulFields, requestAjv, schemaValidator } from "../contract/index.ts";
import { markDirectoryFilled } from "./filled.ts";
import { type ExpertImport, upsertExperts } from "./upsert.ts";

/** One bad record: where it is in the file and what is wrong with which field. */
export interface RecordError {
  /** "line 12" for NDJSON, "index 3" for a JSON array. */
  at: string;
  slug: string | null;
  field: string;
  message: string;
}

export class ImportRejected extends Error {
  constructor(readonly errors: RecordError[]) {
    super(`${errors.length} problem(s) in the import file; nothing was written.`);
  }
}

interface Located {
  at: string;
  value: unknown;
}

/** Reads a JSON array or NDJSON text into records with their position, for error messages. */
export function parseImportText(text: string): Located[] {
  const trimmed = text.trimStart();
  if (trimmed.startsWith("[")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch (error) {
      throw new ImportRejected([{ at: "file", slug: null, field: "", message: `not valid JSON: ${(error as Error).message}` }]);
    }
    return (parsed as unknown[]).map((value, i) => ({ at: `index ${i}`, value }));
  }
  const records: Located[] = [];
  const errors: RecordError[] = [];
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    try {
      records.push({ at: `line ${i + 1}`, value: JSON.parse(line) });
    } catch (error) {
      errors.push({ at: `line ${i + 1}`, slug: null, field: "", message: `not valid JSON: ${(error as Error).message}` });
    }
  });
  if (errors.length) throw new ImportRejected(errors);
  return records;
}

const validateRecord = schemaValidator(requestAjv, "ExpertImport");

/**
 * Checks every record against the contract's ExpertImport schema (applying its defaults) and
 * that no slug appears twice. All problems are collected, so one run shows every fix needed.
 */
export function validateImport(located: Located[]): ExpertImport[] {
  const errors: RecordError[] = [];
  const firstAt = new Map<string, string>();
  for (const { at, value } of located) {
    const slug = value && typeof value === "object" && typeof (value as { slug?: unknown }).slug === "string"
      ? (value as { slug: string }).slug
      : null;
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      errors.push({ at, slug, field: "", message: "must be a JSON object" });
      continue;
    }
    for (const field of nulFields(value)) errors.push({ at, slug, field, message: "must not contain NUL characters" });
    if (!validateRecord(value)) {
      for (const e of fieldErrors(validateRecord.errors, "is not a field of ExpertImport")) {
        errors.push({ at, slug, field: e.field, message: e.message });
      }
    }
    if (slug !== null) {
      const earlier = firstAt.get(slug);
      if (earlier) errors.push({ at, slug, field: "slug", message: `repeats the slug of the record at ${earlier}` });
      else firstAt.set(slug, at);
    }
  }
  if (errors.length) throw new ImportRejected(errors);
  return located.map((l) => l.value as ExpertImport);
}

export interface ImportProgress {
  done: number;
  total: number;
}

/**
 * Validates all records first (so a bad file writes nothing), then upserts them in batches, one
 * transaction per batch, reporting progress after each. Each batch also marks the directory as
 * filled, so the server never lays the demo over imported data.
 */
export async function importExperts(
  sql: Pool,
  records: ExpertImport[],
  options: { batchSize?: number; onProgress?: (p: ImportProgress) => void; how?: "import" | "demo" } = {},
): Promise<{ inserted: number; updated: number }> {
  const batchSize = options.batchSize ?? 500;
  let inserted = 0;
  let updated = 0;
  for (let i = 0; i < records.length; i += batchSize) {
    const batch = records.slice(i, i + batchSize);
    const result = await sql.begin(async (tx) => {
      await markDirectoryFilled(tx, options.how ?? "import");
      return upsertExperts(tx, batch);
    });
    inserted += result.inserted;
    updated += result.updated;
    options.onProgress?.({ done: Math.min(i + batchSize, records.length), total: records.length });
  }
  return { inserted, updated };
}
