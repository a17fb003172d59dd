// Smoke test of the built executable, as an operator runs it: from an empty directory with
// nothing set, it must serve the demo directory; then stop cleanly on SIGTERM.
// Usage: bun test/smoke/executable.ts dist/expert-directory
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "../support/free-port.ts";

const executable = resolve(process.argv[2] ?? "dist/expert-directory");
const cwd = mkdtempSync(join(tmpdir(), "ed-smoke-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

function fail(message: string): never {
  console.error(`smoke test failed: ${message}`);
  process.exit(1);
}

const proc = Bun.spawn([executable], {
  cwd,
  env: { PATH: process.env.PATH, PORT: String(port) },
  stdout: "inherit",
  stderr: "pipe",
});
let stderr = "";
const drain = (async () => {
  for await (const chunk of proc.stderr) stderr += new TextDecoder().decode(chunk);
})();

try {
  const started = Date.now();
  let search: any;
  while (!search) {
    if (Date.now() - started > 60_000) fail(`no answer within 60 s\n${stderr}`);
    if (proc.exitCode !== null) fail(`exited early with ${proc.exitCode}\n${stderr}`);
    try {
      const res = await fetch(`${base}/api/agents/experts?q=lawyer&limit=3`);
      if (res.ok) search = await res.json();
    } catch {
      await Bun.sleep(250);
    }
  }
  console.log(
    `search: total ${search.total}, first ${search.experts[0]?.slug} (${Date.now() - started} ms after start)`,
  );
  if (!(search.total > 0)) fail("search found nobody");
  const profile = await fetch(`${base}/api/agents/experts/${search.experts[0].slug}?locale=de`);
  if (profile.status !== 200) fail(`profile answered ${profile.status}`);
  const body = await profile.json();
  if (!Array.isArray(body.services)) fail("profile has no services");
  console.log(`profile: ${body.name}, ${body.title}, ${body.services.length} services`);
  const spec = await fetch(`${base}/api/openapi.json`);
  if ((await spec.json()).info?.version !== "2.4.2") fail("openapi.json is not version 2.4.2");
  const docs = await fetch(`${base}/api/docs/swagger-ui-bundle.js`);
  if (docs.status !== 200) fail("docs assets are not served");
  // Operations: health, readiness, metrics, request ids, rate-limit headers, request logs.
  const health = await fetch(`${base}/healthz`);
  if (health.status !== 200) fail(`/healthz answered ${health.status}`);
  const ready = await fetch(`${base}/readyz`);
  if (ready.status !== 200) fail(`/readyz answered ${ready.status}: ${await ready.text()}`);
  const metrics = await fetch(`${base}/metrics`);
  const metricsText = await metrics.text();
  for (const name of [
    "http_requests_total",
    "http_request_duration_seconds_bucket",
    "rate_limit_rejections_total",
    "db_pool_max",
  ]) {
    if (!metricsText.includes(name)) fail(`/metrics has no ${name}`);
  }
  const limited = await fetch(`${base}/api/agents/experts?limit=1`, { headers: { "x-request-id": "smoke-test-1" } });
  if (limited.headers.get("x-request-id") !== "smoke-test-1") fail("X-Request-Id is not echoed");
  if (limited.headers.get("ratelimit-policy") !== '"search";q=60;w=60')
    fail(`RateLimit-Policy is ${limited.headers.get("ratelimit-policy")}`);
  console.log(
    `ops: healthz, readyz, metrics (${metricsText.split("\n").length} lines), ${limited.headers.get("ratelimit")}`,
  );
  proc.kill("SIGTERM");
  const code = await proc.exited;
  await drain;
  if (code !== 0) fail(`exit code ${code} after SIGTERM\n${stderr}`);
  if (!stderr.includes('"request_id":"smoke-test-1"')) fail(`no request log line for smoke-test-1\n${stderr}`);
  if (!stderr.includes('"msg":"stopped"')) fail(`no "stopped" log line after SIGTERM\n${stderr}`);
  console.log("smoke test passed: search, profile, contract, docs, ops endpoints, clean stop");
} finally {
  if (proc.exitCode === null) proc.kill("SIGKILL");
  rmSync(cwd, { recursive: true, force: true });
}
