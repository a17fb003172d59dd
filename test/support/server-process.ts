// The server as an operator runs it: `serve` in a process of its own (the executable when
// EXECUTABLE is set), its JSON log lines read from stderr as they come.
import { join } from "node:path";
import { cliCommand } from "./cli.ts";
import { CHEAP_PASSWORD_HASH } from "./password-cost.ts";

type LogLine = Record<string, any>;

export interface ServerProcess {
  proc: ReturnType<typeof Bun.spawn>;
  /** Every JSON line written so far (non-JSON lines are kept as `{ text }`). */
  readonly logs: LogLine[];
  /** The first line matching, waiting up to `timeoutMs`; throws with the log when none came. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** Resolves with the exit code. */
  exited: Promise<number>;
  /** The process's stderr so far, for failure messages and assertions on errors. */
  stderr(): string;
}

export function spawnServer(env: Record<string, string>): ServerProcess {
  const proc = Bun.spawn(cliCommand(["serve"]), {
    cwd: join(import.meta.dir, "..", ".."),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: "info", ...CHEAP_PASSWORD_HASH, ...env },
    stdin: "ignore",
    stdout: "ignore",
    stderr: "pipe",
  });
  let text = "";
  const logs: LogLine[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    let partial = "";
    for await (const chunk of proc.stderr as ReadableStream<Uint8Array>) {
      const piece = decoder.decode(chunk, { stream: true });
      text += piece;
      partial += piece;
      const lines = partial.split("\n");
      partial = lines.pop()!;
      for (const line of lines.filter(Boolean)) {
        try {
          logs.push(JSON.parse(line));
        } catch {
          logs.push({ text: line });
        }
      }
    }
  })();
  return {
    proc,
    logs,
    exited: proc.exited,
    stderr: () => text,
    async waitForLog(match, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const found = logs.find(match);
        if (found) return found;
        if (proc.exitCode !== null) await Bun.sleep(50); // let the last lines arrive
        if (proc.exitCode !== null && !logs.find(match)) break;
        await Bun.sleep(20);
      }
      throw new Error(`no such log line; exit code ${proc.exitCode}; log:\n${text}`);
    },
  };
}

/** Whether a process with this pid is still running. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
