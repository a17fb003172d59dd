import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";

export class DataDirLockedError extends Error {}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else, which still means the directory is taken.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the embedded data directory for this process. PGlite itself does not lock its files, and
 * two processes writing one directory corrupt it, so a second process (an `import` while the
 * server runs) must stop here with a clear message. A lock left by a dead process is taken over.
 * Returns the function that releases it.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, "expert-directory.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return function releaseDataDir() {
        try {
          if (readFileSync(path, "utf8") === String(process.pid)) unlinkSync(path);
        } catch {
          // already gone: nothing to release
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(readFileSync(path, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && processAlive(owner)) {
        throw new DataDirLockedError(
          `The data directory ${resolve(dataDir)} is in use by process ${owner} (a running server?). ` +
            `Stop that process first, or point DATA_DIR elsewhere, or use DATABASE_URL.`,
        );
      }
      unlinkSync(path); // stale lock from a process that is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${resolve(dataDir)}`);
}
