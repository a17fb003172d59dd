// The official MCP Inspector (the devDependency @modelcontextprotocol/inspector) in CLI mode, run
// as a client would run it: `inspector --cli <target> --method …`. Nothing is fetched at run time.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dir, "..", "..");
const launcher = join(
  root,
  "node_modules",
  "@modelcontextprotocol",
  "inspector",
  "clients",
  "launcher",
  "build",
  "index.js",
);

export interface InspectorRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `inspector --cli ...args` and returns what it printed. The Inspector keeps a catalog and
 * storage under HOME: each run gets a throwaway one. `target` is a URL, or a command (stdio).
 */
export async function runInspector(args: string[]): Promise<InspectorRun> {
  const home = mkdtempSync(join(tmpdir(), "ed-inspector-"));
  try {
    const env = { PATH: process.env.PATH ?? "", HOME: home, MCP_CATALOG_PATH: join(home, "mcp.json") };
    const proc = Bun.spawn([process.execPath, launcher, "--cli", ...args], {
      cwd: root,
      env,
      stdout: "pipe",
      stderr: "pipe",
    });
    const [stdout, stderr, code] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    return { code, stdout, stderr };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** One portability finding of `--strict` (the Inspector's schemaLint: rule, severity, path in the tool's schema). */
export interface SchemaFinding {
  rule: string;
  severity: "error" | "warning";
  schema: "inputSchema" | "outputSchema";
  path: string;
  issue: string;
}

/** A tool as `tools/list` lists it. */
export interface ListedTool {
  name: string;
  inputSchema?: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
}

/**
 * `tools/list` with `--strict --format json`: the tools, and every portability finding per tool
 * (the envelope's `schemaFindings`, which the Inspector leaves out when there is none). Also
 * reads the summary the Inspector writes on stderr, so a finding it reports but no longer puts in
 * the envelope is not missed.
 */
export async function strictToolsList(target: string[]): Promise<{
  run: InspectorRun;
  tools: ListedTool[];
  findings: (SchemaFinding & { tool: string })[];
  summary: string | null;
}> {
  const run = await runInspector([...target, "--method", "tools/list", "--strict", "--format", "json"]);
  let envelope: {
    result?: { tools?: ListedTool[] };
    schemaFindings?: { toolName: string; findings: SchemaFinding[] }[];
  };
  try {
    envelope = JSON.parse(run.stdout);
  } catch {
    throw new Error(`the Inspector printed no JSON (exit ${run.code})\n${run.stdout}\n${run.stderr}`);
  }
  const findings = (envelope.schemaFindings ?? []).flatMap((t) => t.findings.map((f) => ({ ...f, tool: t.toolName })));
  const summary = /(\d+ errors?, \d+ warnings? across \d+ tools?)/.exec(run.stderr)?.[1] ?? null;
  return { run, tools: envelope.result?.tools ?? [], findings, summary };
}
