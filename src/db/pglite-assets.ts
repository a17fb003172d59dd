import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
// Imported as files so that `bun build --compile` puts them inside the executable; in development
// they resolve to node_modules. PGlite would otherwise look for them next to its own module.
import pgliteWasmPath from "@electric-sql/pglite/pglite.wasm" with { type: "file" };
import initdbWasmPath from "@electric-sql/pglite/initdb.wasm" with { type: "file" };
import fsBundlePath from "@electric-sql/pglite/pglite.data" with { type: "file" };
import pgTrgmPath from "../../node_modules/@electric-sql/pglite/dist/pg_trgm.tar.gz" with { type: "file" };

export interface PgliteAssets {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
  extensions: { pg_trgm: { name: string; setup: () => Promise<{ bundlePath: URL }> } };
  /** Removes the temporary copy of the extension bundle, if one was made. */
  cleanup: () => void;
}

const insideExecutable = (path: string) => path.includes("$bunfs") || path.includes("~BUN");

/** Loads PGlite's wasm, data bundle and the pg_trgm extension from wherever this build keeps them. */
export async function loadPgliteAssets(): Promise<PgliteAssets> {
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
    Bun.file(pgliteWasmPath)
      .arrayBuffer()
      .then((b) => WebAssembly.compile(b)),
    Bun.file(initdbWasmPath)
      .arrayBuffer()
      .then((b) => WebAssembly.compile(b)),
  ]);
  // The file itself is a Blob: PGlite reads it once (arrayBuffer), no copy held here meanwhile.
  const fsBundle: Blob = Bun.file(fsBundlePath);
  // Compiling ~9 MB of wasm leaves ~40 MB of garbage; collected now, before PGlite's heap is added.
  Bun.gc(true);
  // PGlite reads extension bundles with a Node read stream, which cannot read the executable's
  // embedded files; a copy on disk it can.
  let trgmPath = pgTrgmPath;
  let cleanup = () => {};
  if (insideExecutable(pgTrgmPath)) {
    trgmPath = join(tmpdir(), `expert-directory-pg_trgm-${process.pid}.tar.gz`);
    await Bun.write(trgmPath, Bun.file(pgTrgmPath));
    cleanup = () => rmSync(trgmPath, { force: true });
  }
  const bundlePath = pathToFileURL(trgmPath);
  return {
    pgliteWasmModule,
    initdbWasmModule,
    fsBundle,
    extensions: { pg_trgm: { name: "pg_trgm", setup: async () => ({ bundlePath }) } },
    cleanup,
  };
}
