// The directory a server benchmark loads: a database that is filled with synthetic experts when
// empty, and one visible expert to ask for.
import { loadConfig } from "../../src/config.ts";
import { importExperts } from "../../src/experts/import-file.ts";
import { createLogger } from "../../src/log.ts";
import { prepareDatabase } from "../../src/prepare-database.ts";
import { syntheticExperts } from "../synthetic.ts";

/** Migrates the database, imports `experts` synthetic experts if it has none; returns a slug and the count. */
export async function benchDirectory(databaseUrl: string, experts: number): Promise<{ slug: string; total: number }> {
  const { db } = await prepareDatabase(
    loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" }),
    createLogger("warn"),
  );
  try {
    const [{ n }] = await db.sql`select count(*)::int as n from experts`;
    if (n === 0) await importExperts(db.sql, syntheticExperts(experts), { batchSize: 1000 });
    const [{ slug }] = await db.sql`select slug from experts where is_public and is_verified order by id limit 1`;
    const [{ total }] = await db.sql`select count(*)::int as total from experts`;
    return { slug, total };
  } finally {
    await db.close();
  }
}
