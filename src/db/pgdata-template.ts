/**
 * The embedded database's first start without initdb. PGlite's own initdb runs a second PGlite and
 * the initdb wasm beside the first, copies the helper's whole wasm heap to reset it between runs and
 * passes the result through a tarball: the executable's first start peaked at ~950 MB RSS for it
 * (issue 13). `bun run build` runs initdb once, here, and embeds the resulting data directory
 * (PGlite's `dumpDataDir`, gzipped, ~4 MB); a fresh DATA_DIR is filled from it (`loadDataDir`),
 * which costs what a second start costs. Without the template (development, tests) PGlite runs
 * initdb itself, as before.
 *
 *   bun src/db/pgdata-template.ts dist/pgdata-template.tar.gz     (part of `bun run build`)
 */
import { basename } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { loadPgliteAssets } from "./pglite-assets.ts";

/** The file name the build embeds it under (`bun build --compile … dist/pgdata-template.tar.gz`). */
export const TEMPLATE_NAME = "pgdata-template.tar.gz";

/** A fresh cluster exactly as PGlite's initdb leaves it, as a gzipped tarball. */
export async function buildPgdataTemplate(): Promise<Blob> {
  const { cleanup, ...assets } = await loadPgliteAssets();
  const pglite = await PGlite.create({ dataDir: "memory://", ...assets });
  try {
    await pglite.exec("checkpoint"); // the files complete on their own, no WAL to replay
    return await pglite.dumpDataDir("gzip");
  } finally {
    await pglite.close();
    cleanup();
  }
}

/** The template this executable was built with; null when running from source. */
export function embeddedPgdataTemplate(): Blob | null {
  const file = Bun.embeddedFiles.find((f) => (f as File).name === TEMPLATE_NAME || (f as File).name?.startsWith("pgdata-template"));
  // loadDataDir recognises gzip by the File's name or type.
  return file ? new File([file], TEMPLATE_NAME, { type: "application/gzip" }) : null;
}

if (import.meta.main) {
  const out = Bun.argv[2];
  if (!out || basename(out) !== TEMPLATE_NAME) throw new Error(`usage: bun src/db/pgdata-template.ts DIR/${TEMPLATE_NAME}`);
  const template = await buildPgdataTemplate();
  await Bun.write(out, template);
  console.log(`${out}: ${(template.size / 1024 / 1024).toFixed(1)} MB`);
}
