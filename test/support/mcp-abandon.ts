// Opens MCP sessions against a running server and abandons them: each keeps its event stream
// open without reading, until the server closes it. Run as a child process, so the test's heap
// holds only the server.
// Usage: bun test/support/mcp-abandon.ts BASE_URL STREAMABLE_COUNT SSE_COUNT
import { initializeMessage, MCP_HEADERS } from "./mcp.ts";

const [base, streamable = "0", sse = "0"] = process.argv.slice(2);

async function streamableSession(): Promise<ReadableStreamDefaultReader<Uint8Array>> {
  const init = await fetch(`${base}/api/mcp`, {
    method: "POST",
    headers: MCP_HEADERS,
    body: JSON.stringify(initializeMessage()),
  });
  const id = init.headers.get("mcp-session-id");
  await init.text();
  if (!id) throw new Error(`initialize answered ${init.status}`);
  const stream = await fetch(`${base}/api/mcp`, { headers: { accept: "text/event-stream", "mcp-session-id": id } });
  if (stream.status !== 200) throw new Error(`GET answered ${stream.status}`);
  return stream.body!.getReader();
}

async function sseSession(): Promise<ReadableStreamDefaultReader<Uint8Array>> {
  const stream = await fetch(`${base}/api/sse`, { headers: { accept: "text/event-stream" } });
  if (stream.status !== 200) throw new Error(`GET /api/sse answered ${stream.status}`);
  return stream.body!.getReader();
}

const jobs = [...Array(Number(streamable)).fill(streamableSession), ...Array(Number(sse)).fill(sseSession)];
const readers: ReadableStreamDefaultReader<Uint8Array>[] = [];
for (let i = 0; i < jobs.length; i += 50)
  readers.push(...(await Promise.all(jobs.slice(i, i + 50).map((job) => job()))));
console.log(`open ${readers.length}`);
// Wait for the server to end every stream (reading only to notice the end).
await Promise.all(
  readers.map(async (reader) => {
    while (!(await reader.read()).done);
  }),
);
console.log("closed");
