// EXPLAIN (ANALYZE, BUFFERS) of every statement a search sends the first time it is asked (nothing
// parsed, counted or answered before), for the 18 query kinds of bench/search-shapes.ts, through
// the real server (bench/lib/capture.ts) with its session settings. Not part of the test command.
//
//   bun bench/search-explain.ts --database-url postgres://postgres@127.0.0.1:5432/ed_bench_100k > plans.md
//     [--only "one word,several words"] [--q "tax accountant" …: more queries, by `q` alone]
import { parseArgs } from "node:util";
import { captureEndpoints } from "./lib/capture.ts";
import type { Endpoint } from "./lib/endpoints.ts";
import { explainCapture } from "./lib/explain.ts";
import { SHAPES } from "./search-shapes.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    "database-url": { type: "string" },
    only: { type: "string" },
    q: { type: "string", multiple: true },
  },
});
const databaseUrl = values["database-url"];
if (!databaseUrl) throw new Error("--database-url is required");
const only = values.only?.split(",");

const shapes = [
  ...SHAPES.filter(([name]) => !only || only.includes(name)),
  ...(values.q ?? []).map((q): (typeof SHAPES)[number] => [`q=${q}`, { q }]),
];
const endpoints: Endpoint[] = shapes.map(([name, query]) => {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return {
    name,
    about: JSON.stringify(query),
    requests: [{ method: "GET", path: `/api/agents/experts?${params}` }],
    // The statements of a first search: no warm-up, the first answer recorded.
    notRemembered: { warm: [] },
  };
});
const capture = await captureEndpoints(databaseUrl, endpoints);
for (const [name, [request]] of capture.endpoints)
  console.error(`${name}: ${request.status}, ${request.statements.length} statements`);
console.log(await explainCapture(databaseUrl, capture));
