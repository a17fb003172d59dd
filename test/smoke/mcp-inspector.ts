// Smoke test of the built executable's MCP server with the official MCP Inspector in CLI mode
// (the devDependency @modelcontextprotocol/inspector; nothing is fetched at run time): on both
// transports it lists the tools and calls search_experts.
// Usage: bun test/smoke/mcp-inspector.ts dist/expert-directory
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dir, "..", "..");
const executable = resolve(process.argv[2] ?? "dist/expert-directory");
const inspector = join(root, "node_modules", "@modelcontextprotocol", "inspector", "clients", "launcher", "build", "index.js");
const cwd = mkdtempSync(join(tmpdir(), "ed-mcp-smoke-"));
const port = 20000 + Math.floor(Math.random() * 20000);
const base = `http://127.0.0.1:${port}`;

function fail(message: string): never {
  console.error(`MCP inspector smoke test failed: ${message}`);
  process.exit(1);
}

// The inspector keeps a catalog and storage under HOME: give it a throwaway one.
const env = { PATH: process.env.PATH ?? "", HOME: cwd, MCP_CATALOG_PATH: join(cwd, "mcp.json") };

async function inspect(args: string[]): Promise<any> {
  const proc = Bun.spawn([process.execPath, inspector, "--cli", ...args], { cwd, env, stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) fail(`inspector ${args.join(" ")} exited with ${code}\n${out}\n${err}`);
  try {
    return JSON.parse(out);
  } catch {
    fail(`inspector ${args.join(" ")} printed no JSON\n${out}\n${err}`);
  }
}

const server = Bun.spawn([executable], { cwd, env: { PATH: env.PATH, PORT: String(port), LOG_LEVEL: "warn" }, stdout: "inherit", stderr: "pipe" });
let stderr = "";
const drain = (async () => {
  for await (const chunk of server.stderr) stderr += new TextDecoder().decode(chunk);
})();

try {
  const started = Date.now();
  for (;;) {
    if (Date.now() - started > 60_000) fail(`no answer within 60 s\n${stderr}`);
    if (server.exitCode !== null) fail(`exited early with ${server.exitCode}\n${stderr}`);
    const ok = await fetch(`${base}/api/agents/experts?limit=1`).then((r) => r.ok, () => false);
    if (ok) break;
    await Bun.sleep(250);
  }
  for (const endpoint of ["/api/mcp", "/api/sse"]) {
    const url = `${base}${endpoint}`;
    const listed = await inspect([url, "--method", "tools/list"]);
    const names = (listed.tools ?? []).map((t: { name: string }) => t.name).sort();
    if (names.join() !== "get_availability,get_expert,get_inquiry_status,search_experts,submit_inquiry") fail(`${endpoint} tools/list: ${JSON.stringify(names)}`);
    for (const tool of listed.tools) {
      if (!tool.inputSchema?.properties || !tool.outputSchema?.properties) fail(`${endpoint}: ${tool.name} lacks a schema`);
    }
    const called = await inspect([url, "--method", "tools/call", "--tool-name", "search_experts", "--tool-arg", "q=tax", "--tool-arg", "limit=3"]);
    const experts = called.structuredContent?.experts;
    if (called.isError || !Array.isArray(experts) || experts.length === 0) fail(`${endpoint} search_experts: ${JSON.stringify(called).slice(0, 500)}`);
    if (!String(called.content?.[0]?.text).includes(experts[0].booking_url)) fail(`${endpoint} search_experts: the text lacks the booking URL`);
    console.log(`${endpoint}: tools ${names.join(", ")}; search_experts found ${called.structuredContent.total} (first ${experts[0].slug})`);
  }
  server.kill("SIGTERM");
  const code = await server.exited;
  await drain;
  if (code !== 0) fail(`exit code ${code} after SIGTERM\n${stderr}`);
  console.log("MCP inspector smoke test passed: tools/list and tools/call search_experts over /api/mcp and /api/sse");
} finally {
  if (server.exitCode === null) server.kill("SIGKILL");
  rmSync(cwd, { recursive: true, force: true });
}
