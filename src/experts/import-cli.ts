import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FileProgress } from "./import-stream.ts";

/** Copies standard input to a temporary file (streamed, any size), for an import that reads it twice. */
export async function spoolStdin(): Promise<{ path: string; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), "expert-import-"));
  const path = join(dir, "stdin.ndjson");
  const writer = Bun.file(path).writer();
  for await (const chunk of Bun.stdin.stream()) writer.write(chunk);
  await writer.end();
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Seconds between plain progress lines when stderr is not a terminal (a log file, a CI job). */
const PLAIN_EVERY_MS = 10_000;

/**
 * Progress of `import` on stderr: on a terminal one line rewritten in place; otherwise a plain line
 * every 10 seconds, so a short import prints nothing and a long one shows it is moving.
 */
export function importProgressPrinter(tty = Boolean(process.stderr.isTTY)): (p: FileProgress) => void {
  const started = performance.now();
  let phaseStarted = started;
  let phase: FileProgress["phase"] = "checking";
  let lastLine = started;
  return (p) => {
    const now = performance.now();
    if (p.phase !== phase) {
      phase = p.phase;
      phaseStarted = now;
    }
    if (p.phase === "indexing") {
      process.stderr.write(`${tty ? "\r\x1b[K" : ""}Building the search indexes once over all experts…\n`);
      return;
    }
    if (!tty && now - lastLine < PLAIN_EVERY_MS) return;
    lastLine = now;
    const rate = Math.round(p.done / Math.max((now - phaseStarted) / 1000, 0.001));
    const line =
      p.phase === "checking"
        ? `Checking: ${p.done} records read`
        : `Importing: ${p.done}/${p.total} experts (${Math.floor((p.done / p.total) * 100)}%), ${rate}/s`;
    if (!tty) process.stderr.write(`${line}\n`);
    else process.stderr.write(`\r${line}\x1b[K${p.phase === "writing" && p.done === p.total ? "\n" : ""}`);
  };
}
