import type { Pool } from "../db/connect.ts";
import { fieldErrors, requestAjv, schemaValidator, unstorableText } from "../contract/index.ts";
import { markDirectoryFilled } from "./filled.ts";
import { type ExpertImport, type UpsertCounts, upsertExperts } from "./upsert.ts";

/** One bad record: where it is in the file and what is wrong with which field. */
export interface RecordError {
  /** "line 12" for NDJSON, "index 3" for a JSON array. */
  at: string;
  slug: string | null;
  field: string;
  message: string;
}

export class ImportRejected extends Error {
  /** `errors` may be the first ones only (a huge bad file); `total` counts them all. */
  constructor(
    readonly errors: RecordError[],
    readonly total = errors.length,
    consequence = "nothing was written.",
  ) {
    super(`${total} problem(s) in the import file; ${consequence}`);
  }
}

const validateRecord = schemaValidator(requestAjv, "ExpertImport");

/** The slug of a parsed record, when it has one that is a string. */
export function slugOf(value: unknown): string | null {
  return value && typeof value === "object" && typeof (value as { slug?: unknown }).slug === "string"
    ? (value as { slug: string }).slug
    : null;
}

/**
 * The problems of one record: not an object, NUL characters or lone surrogates, anything the contract's
 * ExpertImport schema refuses (URL schemes included). Applies the schema's defaults in place.
 */
export function checkRecord({ at, value }: { at: string; value: unknown }): RecordError[] {
  const slug = slugOf(value);
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return [{ at, slug, field: "", message: "must be a JSON object" }];
  const errors: RecordError[] = unstorableText(value).map((e) => ({ at, slug, ...e }));
  if (!validateRecord(value)) {
    for (const e of fieldErrors(validateRecord.errors, "is not a field of ExpertImport")) {
      errors.push({ at, slug, field: e.field, message: e.message });
    }
  }
  return errors;
}

/** The error of a record whose slug an earlier record already has. */
export const repeatedSlug = (at: string, slug: string, earlier: string): RecordError => ({
  at,
  slug,
  field: "slug",
  message: `repeats the slug of the record at ${earlier}`,
});

/**
 * Checks every record against the contract's ExpertImport schema (applying its defaults) and
 * that no slug appears twice. All problems are collected, so one run shows every fix needed.
 */
export function validateImport(located: { at: string; value: unknown }[]): ExpertImport[] {
  const errors: RecordError[] = [];
  const firstAt = new Map<string, string>();
  for (const record of located) {
    errors.push(...checkRecord(record));
    const slug = slugOf(record.value);
    if (slug !== null) {
      const earlier = firstAt.get(slug);
      if (earlier) errors.push(repeatedSlug(record.at, slug, earlier));
      else firstAt.set(slug, record.at);
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
): Promise<UpsertCounts> {
  const batchSize = options.batchSize ?? 500;
  const counts: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
  for (let i = 0; i < records.length; i += batchSize) {
    const batch = records.slice(i, i + batchSize);
    const result = await sql.begin(async (tx) => {
      await markDirectoryFilled(tx, options.how ?? "import");
      return upsertExperts(tx, batch);
    });
    for (const key of ["inserted", "updated", "unchanged"] as const) counts[key] += result[key];
    options.onProgress?.({ done: Math.min(i + batchSize, records.length), total: records.length });
  }
  return counts;
}
