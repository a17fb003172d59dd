// 200 against 304 and compressed sizes of the three cached reads, with wrk, against a running server.
//   bun bench/http-cache.ts --url http://127.0.0.1:3100 --slug SLUG [--seconds 10] [--connections 32]
// Each read is run three ways in one go: a plain 200 (no Accept-Encoding), a 200 in brotli, and a
// 304 (If-None-Match with the tag of the plain answer). Start the server with RATE_LIMITS=off, or
// the budget answers 429 within a second.
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:3100" },
    slug: { type: "string" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "32" },
  },
});
if (!values.slug) throw new Error("--slug is required (an expert of the directory)");

const reads = {
  search: "/api/agents/experts?limit=20",
  "search q": "/api/agents/experts?q=tax%20lawyer&limit=20",
  profile: `/api/agents/experts/${values.slug}`,
  availability: `/api/agents/experts/${values.slug}/availability`,
};

async function size(path: string, encoding: string) {
  const res = await fetch(values.url + path, { headers: { "accept-encoding": encoding }, decompress: false });
  return { bytes: (await res.arrayBuffer()).byteLength, etag: res.headers.get("etag")! };
}

function wrk(path: string, headers: string[]) {
  const args = [
    "wrk",
    "-t2",
    `-c${values.connections}`,
    `-d${values.seconds}s`,
    "--latency",
    ...headers.flatMap((h) => ["-H", h]),
    values.url + path,
  ];
  const out = Bun.spawnSync(args).stdout.toString();
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p99 = /99%\s+([\d.]+\w+)/.exec(out)?.[1];
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? "0";
  return { rps, p99, non2xx };
}

console.log("| read | identity | gzip | br | 200 req/s (p99) | 200 br req/s (p99) | 304 req/s (p99) | 304 ÷ 200 |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
for (const [name, path] of Object.entries(reads)) {
  const identity = await size(path, "identity");
  const gzip = await size(path, "gzip");
  const br = await size(path, "br");
  const plain = wrk(path, ["Accept-Encoding: identity"]);
  const compressed = wrk(path, ["Accept-Encoding: br"]);
  const notModified = wrk(path, ["Accept-Encoding: identity", `If-None-Match: ${identity.etag}`]);
  for (const r of [plain, compressed, notModified])
    if (r.non2xx !== "0") console.error(`${name}: ${r.non2xx} non-2xx/3xx answers`);
  const cell = (r: ReturnType<typeof wrk>) => `${Math.round(r.rps)} (${r.p99})`;
  console.log(
    `| ${name} | ${identity.bytes} B | ${gzip.bytes} B | ${br.bytes} B | ${cell(plain)} | ${cell(compressed)} | ${cell(notModified)} | ${(notModified.rps / plain.rps).toFixed(2)} |`,
  );
}
