/**
 * What this program says it is (`expert-directory --version`): the package version and the git
 * commit it was built from. `bun run build` and `bun run release` (scripts/build.ts) define
 * BUILD_COMMIT; from source it is asked of the checkout's git, "unknown" outside one.
 */
import { spawnSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import { version } from "../package.json" with { type: "json" };

// Replaced by its value at build time (`bun build --define`); undeclared when run from source.
declare const BUILD_COMMIT: string | undefined;

export const VERSION: string = version;

/** The commit this was built from: a full hash, "-dirty" when the tree had changes, or "unknown". */
export function buildCommit(): string {
  if (typeof BUILD_COMMIT === "string") return BUILD_COMMIT;
  return gitCommit(resolve(import.meta.dir, "..")) ?? "unknown";
}

/**
 * The commit of the checkout at root (the project's own, not an enclosing repository's), with
 * "-dirty" when tracked files differ from it; null without git or outside a checkout.
 */
export function gitCommit(root: string): string | null {
  const git = (...args: string[]) => {
    const run = spawnSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    return run.status === 0 ? run.stdout.trim() : null;
  };
  const top = git("rev-parse", "--show-toplevel");
  if (!top || realpathSync(top) !== realpathSync(root)) return null;
  const head = git("rev-parse", "HEAD");
  if (!head) return null;
  const changes = git("status", "--porcelain", "--untracked-files=no");
  return changes ? `${head}-dirty` : head;
}

/** The platform as release file names spell it: linux, darwin or windows; x64 or arm64. */
export function platformName(): string {
  const os = process.platform === "win32" ? "windows" : process.platform;
  return `${os}-${process.arch}`;
}

/** The `--version` line, e.g. "expert-directory 2.0.0 (commit 45f8885…, linux-arm64, bun 1.4.5)". */
export function versionLine(): string {
  return `expert-directory ${VERSION} (commit ${buildCommit()}, ${platformName()}, bun ${Bun.version})`;
}
