/**
 * Builds the single executable.
 *
 *   bun scripts/build.ts              → dist/expert-directory, for this machine   (bun run build)
 *   bun scripts/build.ts --release    → dist/release/expert-directory-<version>-<os>-<arch>[.exe]
 *                                       for five platforms, and SHA256SUMS       (bun run release)
 *
 * The PGlite cluster template (src/db/pgdata-template.ts) is made once and embedded in every
 * binary: PGlite's PostgreSQL is WebAssembly (wasm32, little-endian on every host), so the files
 * it writes are the same whatever the platform. Each binary is Bun's runtime for its target plus
 * the bundle; Bun fetches a foreign target's runtime from the npm registry (@oven/bun-<os>-<arch>,
 * 40–55 MB) on first use and keeps it in its install cache. The git commit is defined into the
 * bundle (src/version.ts), so every binary answers `--version` with the source it came from.
 */
import { createHash } from "node:crypto";
import { mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { gitCommit, VERSION } from "../src/version.ts";

export interface Target {
  /** Bun's `--target` name. */
  bun: string;
  /** As release file names spell it (src/version.ts platformName). */
  os: "linux" | "darwin" | "windows";
  arch: "x64" | "arm64";
}

export const TARGETS: Target[] = [
  { bun: "bun-linux-x64", os: "linux", arch: "x64" },
  { bun: "bun-linux-arm64", os: "linux", arch: "arm64" },
  { bun: "bun-darwin-x64", os: "darwin", arch: "x64" },
  { bun: "bun-darwin-arm64", os: "darwin", arch: "arm64" },
  { bun: "bun-windows-x64", os: "windows", arch: "x64" },
];

/** expert-directory-2.0.0-linux-arm64, …-windows-x64.exe */
export const releaseFileName = (t: Target, version = VERSION) =>
  `expert-directory-${version}-${t.os}-${t.arch}${t.os === "windows" ? ".exe" : ""}`;

const root = resolve(import.meta.dir, "..");
const dist = join(root, "dist");
const template = join(dist, "pgdata-template.tar.gz");
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Runs a bun subcommand from the project root; its output is shown only when it fails. */
function bun(args: string[]): void {
  const run = Bun.spawnSync([process.execPath, ...args], { cwd: root, stdout: "pipe", stderr: "pipe" });
  if (run.exitCode !== 0) {
    process.stderr.write(run.stdout.toString() + run.stderr.toString());
    throw new Error(`bun ${args.join(" ")} exited with ${run.exitCode}`);
  }
}

function makeTemplate(): void {
  const started = performance.now();
  bun(["src/db/pgdata-template.ts", template]);
  console.log(`cluster template  ${mib(statSync(template).size)}  ${seconds(started)}`);
}

/** Compiles src/main.ts with the template for one target (undefined: this machine's). */
function compile(outfile: string, commit: string, target?: Target): void {
  bun([
    "build",
    "src/main.ts",
    template,
    "--compile",
    ...(target ? [`--target=${target.bun}`] : []),
    "--define",
    `BUILD_COMMIT=${JSON.stringify(commit)}`,
    "--outfile",
    outfile,
  ]);
}

/** `sha256sum` text mode lines ("<hex>  <name>"), so `sha256sum -c SHA256SUMS` checks them. */
async function sha256(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of Bun.file(path).stream()) hash.update(chunk);
  return hash.digest("hex");
}

async function release(commit: string): Promise<void> {
  const out = join(dist, "release");
  // A fresh directory: a binary of an older version left beside would not be in SHA256SUMS.
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const total = performance.now();
  console.log(`expert-directory ${VERSION} (commit ${commit}) for ${TARGETS.length} platforms → ${out}`);
  makeTemplate();
  const sums: string[] = [];
  for (const [i, target] of TARGETS.entries()) {
    const started = performance.now();
    const file = join(out, releaseFileName(target));
    compile(file, commit, target);
    sums.push(`${await sha256(file)}  ${basename(file)}`);
    console.log(`[${i + 1}/${TARGETS.length}] ${basename(file)}  ${mib(statSync(file).size)}  ${seconds(started)}`);
  }
  writeFileSync(join(out, "SHA256SUMS"), `${sums.join("\n")}\n`);
  console.log(`SHA256SUMS written; ${seconds(total)} in all. Check with: cd ${out} && sha256sum -c SHA256SUMS`);
}

if (import.meta.main) {
  const commit = gitCommit(root) ?? "unknown";
  if (Bun.argv.includes("--release")) {
    if (commit.endsWith("-dirty") || commit === "unknown") {
      console.warn(
        `warning: building from ${commit === "unknown" ? "outside a git checkout" : "uncommitted changes"}; --version will say "${commit}"`,
      );
    }
    await release(commit);
  } else {
    const started = performance.now();
    makeTemplate();
    const file = join(dist, "expert-directory");
    compile(file, commit);
    console.log(`${file}  ${mib(statSync(file).size)}  ${seconds(started)}`);
  }
}
