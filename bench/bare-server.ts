// The HTTP ceiling: a bare Bun.serve answering one fixed body, with nothing else on the path.
// Benchmarks start it as its own process and load it exactly like the real server.
//
//   bun bench/bare-server.ts --port 3990 --body-file body.json [--content-type application/json]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    port: { type: "string", default: "3990" },
    "body-file": { type: "string" },
    "content-type": { type: "string", default: "application/json" },
    // 304 for the ceiling of a revalidation (an empty body with the same headers a 304 carries).
    status: { type: "string", default: "200" },
  },
});
const body = values["body-file"] ? readFileSync(values["body-file"]) : new TextEncoder().encode('{"status":"ok"}');
const headers = { "content-type": values["content-type"]! };

const status = Number(values.status);
Bun.serve({
  port: Number(values.port),
  hostname: "127.0.0.1",
  fetch: () => new Response(status === 304 ? null : body, { status, headers }),
});
console.log(`bare server on 127.0.0.1:${values.port}, ${body.byteLength} bytes`);
