// The directories the serving benchmark runs on: ed_bench_10k, ed_bench_100k and ed_bench_1m on a
// PostgreSQL server, kept between runs (a database that is already there is left alone unless
// --fresh). Not part of the test command.
//
//   bun bench/generate.ts [--server postgres://postgres@127.0.0.1:5432] [--sizes 10k,100k,1m] [--fresh]
//
// 10k synthetic experts (bench/synthetic.ts: all six locales, services, schedules) go through the
// real import; each bigger directory starts as a copy of the one below it (CREATE DATABASE …
// TEMPLATE, a file copy) and grows by cloning in SQL (bench/grow.ts), so 1M costs the clones from
// 100k on, not an import. Each ends with VACUUM ANALYZE so plans and visibility maps are settled.
import { parseArgs } from "node:util";
import postgres from "postgres";
import { loadConfig } from "../src/config.ts";
import { importExperts } from "../src/experts/import-file.ts";
import { createLogger } from "../src/log.ts";
import { prepareDatabase } from "../src/prepare-database.ts";
import { growDirectory } from "./grow.ts";
import { syntheticExperts } from "./synthetic.ts";

export const SIZES: Record<string, number> = { "10k": 10_000, "100k": 100_000, "1m": 1_000_000 };
export const databaseOf = (size: string) => `ed_bench_${size}`;

/** Creates (or keeps) the directory of each size, printing how long each step took. */
export async function generate(server: string, sizes: string[], fresh: boolean): Promise<void> {
  const admin = postgres(`${server}/postgres`, { max: 1, onnotice: () => {} });
  const exists = async (name: string) => (await admin`select 1 from pg_database where datname = ${name}`).length > 0;
  // Every size up to the largest asked for: each is the template of the next.
  const chain = Object.keys(SIZES).slice(0, Math.max(...sizes.map((s) => Object.keys(SIZES).indexOf(s))) + 1);
  try {
    let below: string | undefined;
    for (const size of chain) {
      const name = databaseOf(size);
      if (fresh) await admin.unsafe(`drop database if exists ${name} with (force)`);
      const started = performance.now();
      if (await exists(name)) {
        // Kept, unless an earlier run stopped before it was full: then it grows on from where it is.
        const probe = postgres(`${server}/${name}`, { max: 1, onnotice: () => {} });
        const [{ n }] = await probe<{ n: number }[]>`select count(*)::int as n from experts`.catch(() => [{ n: 0 }]);
        await probe.end();
        if (n >= SIZES[size]) {
          console.error(`${name}: kept, ${n} experts (--fresh rebuilds)`);
          below = name;
          continue;
        }
        console.error(`${name}: ${n} experts, growing on`);
      } else if (below) {
        // The first size through the import, each next one a copy of the size below it, grown.
        await admin.unsafe(`create database ${name} template ${below}`);
      } else {
        await admin.unsafe(`create database ${name}`);
      }
      const url = `${server}/${name}`;
      const { db } = await prepareDatabase(loadConfig({ DATABASE_URL: url, LOG_LEVEL: "warn" }), createLogger("warn"));
      try {
        const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from experts`;
        if (n === 0) {
          const base = Math.min(SIZES[size], 10_000);
          await importExperts(db.sql, syntheticExperts(base), {
            batchSize: 1000,
            onProgress: ({ done, total }) => process.stderr.write(`\r${name}: importing ${done}/${total}`),
          });
          console.error(`\n${name}: imported ${base} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
        }
        const grown = performance.now();
        await growDirectory(db.sql, SIZES[size], (done, total) =>
          process.stderr.write(`\r${name}: growing ${done}/${total}`),
        );
        console.error(`\n${name}: grown to ${SIZES[size]} in ${((performance.now() - grown) / 1000).toFixed(0)} s`);
        const vacuumed = performance.now();
        await db.sql`vacuum analyze`;
        console.error(
          `${name}: vacuum analyze in ${((performance.now() - vacuumed) / 1000).toFixed(0)} s; total ${((performance.now() - started) / 1000).toFixed(0)} s`,
        );
      } finally {
        await db.close();
      }
      below = name;
    }
  } finally {
    await admin.end();
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Bun.argv.slice(2),
    options: {
      server: { type: "string", default: "postgres://postgres@127.0.0.1:5432" },
      sizes: { type: "string", default: "10k,100k,1m" },
      fresh: { type: "boolean", default: false },
    },
  });
  const sizes = values.sizes!.split(",").map((s) => s.trim().toLowerCase());
  for (const s of sizes) if (!SIZES[s]) throw new Error(`unknown size ${s}; one of ${Object.keys(SIZES).join(", ")}`);
  await generate(values.server!, sizes, values.fresh!);
}
