/**
 * The embedded database's first start without initdb. PGlite's own initdb runs a second PGlite and
 * the initdb wasm beside the first, copies the helper's whole wasm heap to reset it between runs and
 * passes the result through a tarball: the executable's first start peaked at ~950 MB RSS for it
 * (issue 13). `bun run build` runs initdb once, here, and embeds the resulting data directory
 * (PGlite's `dumpDataDir`, gzipped, ~4 MB). A new DATA_DIR is written from it on disk before PGlite
 * starts, which then finds a cluster and starts as it does the second time. (PGlite's own
 * `loadDataDir` would untar inside its running wasm, ~120 MB more at the peak.) From a checkout
 * (`bun run start`, tests) the template is made once by this script and cached
 * (pgdata-template-cache.ts).
 *
 *   bun src/db/pgdata-template.ts dist/pgdata-template.tar.gz     (part of `bun run build`)
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { basename, dirname, join, normalize } from "node:path";
import { gunzipSync } from "node:zlib";
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

/**
 * The template this executable was built with; null when running from source (or built without
 * it, e.g. a plain `bun build --compile`: PGlite then runs initdb as before). Bun names an embedded
 * file by its base name plus a content hash (`pgdata-template-<hash>.tar.gz`).
 */
export function embeddedPgdataTemplate(): Blob | null {
  const stem = TEMPLATE_NAME.replace(/\.tar\.gz$/, "");
  return Bun.embeddedFiles.find((f) => (f as File).name?.startsWith(stem)) ?? null;
}

/**
 * Writes the template's files into dataDir (which holds no cluster yet). PG_VERSION, the file PGlite
 * looks for to decide a cluster exists, is written last under a temporary name and renamed, so a
 * process stopped halfway leaves a directory the next start fills again.
 */
export async function extractPgdataTemplate(template: Blob, dataDir: string): Promise<void> {
  const tar = gunzipSync(new Uint8Array(await template.arrayBuffer())); // ~40 MB, garbage once written
  const text = (at: number, length: number) => {
    const bytes = tar.subarray(at, at + length);
    const end = bytes.indexOf(0);
    return new TextDecoder().decode(end < 0 ? bytes : bytes.subarray(0, end));
  };
  let pgVersion: Uint8Array | undefined;
  // ustar: 512-byte headers (name 0..100, size in octal at 124, type at 156, prefix at 345), each
  // file's data padded to 512 bytes; two zero blocks end the archive.
  for (let at = 0; at + 512 <= tar.length && tar[at] !== 0; ) {
    const prefix = text(at + 345, 155);
    const name = normalize((prefix ? `${prefix}/` : "") + text(at, 100)).replace(/^\/+/, "");
    const size = parseInt(text(at + 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(tar[at + 156] || 48);
    const data = tar.subarray(at + 512, at + 512 + size);
    at += 512 + Math.ceil(size / 512) * 512;
    if (!name || name === "." || name.startsWith("..")) continue;
    const path = join(dataDir, name);
    if (type === "5") mkdirSync(path, { recursive: true, mode: 0o700 });
    else if (type === "0") {
      if (name === "PG_VERSION") {
        pgVersion = data;
        continue;
      }
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      writeFileSync(path, data, { mode: 0o600 });
    }
  }
  if (!pgVersion) throw new Error("the data directory template holds no PG_VERSION");
  const temporary = join(dataDir, "PG_VERSION.partial");
  writeFileSync(temporary, pgVersion, { mode: 0o600 });
  renameSync(temporary, join(dataDir, "PG_VERSION"));
}

/** True when dataDir holds a cluster (PGlite's own test: its PG_VERSION file). */
export const hasCluster = (dataDir: string) => existsSync(join(dataDir, "PG_VERSION"));

if (import.meta.main) {
  const out = Bun.argv[2];
  if (!out || basename(out) !== TEMPLATE_NAME)
    throw new Error(`usage: bun src/db/pgdata-template.ts DIR/${TEMPLATE_NAME}`);
  const template = await buildPgdataTemplate();
  await Bun.write(out, template);
  console.log(`${out}: ${(template.size / 1024 / 1024).toFixed(1)} MB`);
}
