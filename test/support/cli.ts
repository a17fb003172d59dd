import { join } from "node:path";

const root = join(import.meta.dir, "..", "..");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI as a separate process, as an operator would: the built executable when
 * EXECUTABLE is set, otherwise `bun src/main.ts`.
 */
export async function runCli(args: string[], env: Record<string, string | undefined>, stdin?: string): Promise<CliResult> {
  const command = process.env.EXECUTABLE ? [process.env.EXECUTABLE, ...args] : [process.execPath, join(root, "src/main.ts"), ...args];
  const proc = Bun.spawn(command, {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: "warn", ...env },
    stdin: stdin === undefined ? "ignore" : new Blob([stdin]),
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}
