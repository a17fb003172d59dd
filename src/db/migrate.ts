import { LOCALES } from "../locales.ts";
import type { Pool } from "./connect.ts";
import { migrations as allMigrations, type Migration } from "./migrations.ts";

// Any fixed number: instances starting together queue on it instead of racing the DDL.
const MIGRATION_LOCK = 720_514_001;

/**
 * Applies the migrations not yet recorded in schema_migrations, each in its own transaction with
 * its record, so a failure leaves the database at the last complete version. Safe to run again
 * and from several processes at once. Returns the versions it applied.
 */
export async function migrate(sql: Pool, migrations: Migration[] = allMigrations): Promise<string[]> {
  await sql`
    create table if not exists schema_migrations (
      version    text primary key,
      applied_at timestamptz not null default now()
    )`;
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK})`;
      const [row] = await tx`select 1 from schema_migrations where version = ${migration.version}`;
      if (row) return false;
      await tx.unsafe(migration.sql); // migration files are ours, multi-statement DDL
      await tx`insert into schema_migrations (version) values (${migration.version})`;
      return true;
    });
    if (done) applied.push(migration.version);
  }
  await addLocales(sql);
  return applied;
}

/**
 * The contract's locales into the `locales` table (022_locales.sql) that translations and the
 * search vocabulary reference: a locale added to the enum is usable at the next start without a
 * migration. Skipped while the table does not exist (a partial list of migrations).
 */
async function addLocales(sql: Pool) {
  const [{ present }] = await sql`select to_regclass('locales') is not null as present`;
  if (present) await sql`insert into locales (code) select unnest(${[...LOCALES]}::text[]) on conflict do nothing`;
}
