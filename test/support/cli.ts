import { join } from "node:path";
import { CHEAP_PASSWORD_HASH } from "./password-cost.ts";

const root = join(import.meta.dir, "..", "..");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The command line of the CLI: the built executable when EXECUTABLE is set, else `bun src/main.ts`. */
export function cliCommand(args: string[]): string[] {
  return process.env.EXECUTABLE
    ? [process.env.EXECUTABLE, ...args]
    : [process.execPath, join(root, "src/main.ts"), ...args];
}

/**
 * Runs the CLI as a separate process, as an operator would: the built executable when
 * EXECUTABLE is set, otherwise `bun src/main.ts`.
 */
export async function runCli(
  args: string[],
  env: Record<string, string | undefined>,
  stdin?: string,
): Promise<CliResult> {
  const proc = Bun.spawn(cliCommand(args), {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: "warn", ...CHEAP_PASSWORD_HASH, ...env },
    stdin: stdin === undefined ? "ignore" : new Blob([stdin]),
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { code, stdout, stderr };
}
