// Smoke test of the built executable's MCP server with the official MCP Inspector in CLI mode
// (the devDependency @modelcontextprotocol/inspector; nothing is fetched at run time): on both
// transports it lists the tools with `--strict` (no portability finding) and calls search_experts.
// Usage: bun test/smoke/mcp-inspector.ts dist/expert-directory
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { runInspector, strictToolsList } from "../support/inspector.ts";
import { freePort } from "../support/free-port.ts";

const executable = resolve(process.argv[2] ?? "dist/expert-directory");
const cwd = mkdtempSync(join(tmpdir(), "ed-mcp-smoke-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

function fail(message: string): never {
  console.error(`MCP inspector smoke test failed: ${message}`);
  process.exit(1);
}

async function inspect(args: string[]): Promise<any> {
  const { code, stdout, stderr } = await runInspector(args);
  if (code !== 0) fail(`inspector ${args.join(" ")} exited with ${code}\n${stdout}\n${stderr}`);
  try {
    return JSON.parse(stdout);
  } catch {
    fail(`inspector ${args.join(" ")} printed no JSON\n${stdout}\n${stderr}`);
  }
}

const server = Bun.spawn([executable], {
  cwd,
  env: { PATH: process.env.PATH ?? "", PORT: String(port), LOG_LEVEL: "warn" },
  stdout: "inherit",
  stderr: "pipe",
});
let stderr = "";
const drain = (async () => {
  for await (const chunk of server.stderr) stderr += new TextDecoder().decode(chunk);
})();

try {
  const started = Date.now();
  for (;;) {
    if (Date.now() - started > 60_000) fail(`no answer within 60 s\n${stderr}`);
    if (server.exitCode !== null) fail(`exited early with ${server.exitCode}\n${stderr}`);
    const ok = await fetch(`${base}/api/agents/experts?limit=1`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await Bun.sleep(250);
  }
  for (const endpoint of ["/api/mcp", "/api/sse"]) {
    const url = `${base}${endpoint}`;
    const listed = await strictToolsList([url]).catch((error) => fail(String(error)));
    if (listed.run.code !== 0 || listed.findings.length)
      fail(`${endpoint} tools/list --strict: exit ${listed.run.code}, ${listed.summary}\n${listed.run.stderr}`);
    const names = listed.tools.map((t) => t.name).sort();
    if (names.join() !== "get_availability,get_expert,get_inquiry_status,search_experts,submit_inquiry")
      fail(`${endpoint} tools/list: ${JSON.stringify(names)}`);
    for (const tool of listed.tools) {
      if (!tool.inputSchema?.properties || !tool.outputSchema?.properties)
        fail(`${endpoint}: ${tool.name} lacks a schema`);
    }
    const called = await inspect([
      url,
      "--method",
      "tools/call",
      "--tool-name",
      "search_experts",
      "--tool-arg",
      "q=tax",
      "--tool-arg",
      "limit=3",
    ]);
    const experts = called.structuredContent?.experts;
    if (called.isError || !Array.isArray(experts) || experts.length === 0)
      fail(`${endpoint} search_experts: ${JSON.stringify(called).slice(0, 500)}`);
    if (!String(called.content?.[0]?.text).includes(experts[0].booking_url))
      fail(`${endpoint} search_experts: the text lacks the booking URL`);
    console.log(
      `${endpoint}: tools ${names.join(", ")} (--strict: no finding); search_experts found ${called.structuredContent.total} (first ${experts[0].slug})`,
    );
  }
  server.kill("SIGTERM");
  const code = await server.exited;
  await drain;
  if (code !== 0) fail(`exit code ${code} after SIGTERM\n${stderr}`);
  console.log(
    "MCP inspector smoke test passed: tools/list --strict and tools/call search_experts over /api/mcp and /api/sse",
  );
} finally {
  if (server.exitCode === null) server.kill("SIGKILL");
  rmSync(cwd, { recursive: true, force: true });
}
