// Search quality against the judged queries in test/relevance/queries.json: nDCG@10, recall@10,
// zero-result rate and best-first rate, per kind of query and overall.
//
//   bun bench/relevance.ts                          # starts the app on the embedded database with the demo directory
//   bun bench/relevance.ts --verbose                # also the top 10 slugs of every query, with their grades
//   bun bench/relevance.ts --base-url http://127.0.0.1:3000   # a running app (it must hold the demo directory)
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test bun bench/relevance.ts   # on a server database
import { parseArgs } from "node:util";
import { formatReport, loadQueries, scoreRelevance, type Report } from "../test/relevance/score.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: { "base-url": { type: "string" }, verbose: { type: "boolean", short: "v", default: false }, help: { type: "boolean", short: "h", default: false } },
});
if (values.help) {
  console.log("usage: bun bench/relevance.ts [--base-url URL] [--verbose]");
  process.exit(0);
}

function printVerbose(report: Report) {
  const queries = new Map(loadQueries().map((q) => [q.id, q]));
  for (const r of report.results) {
    const judged = queries.get(r.id)!.relevant;
    const params = Object.entries(r.params).map(([k, v]) => `${k}=${v}`).join(" ");
    const head = `${r.id}  q=${JSON.stringify(r.q)}${params ? `  ${params}` : ""}`;
    const stats = r.kind === "none" ? `returned ${r.slugs.length}` : `nDCG ${r.ndcg.toFixed(3)}  recall ${r.recall.toFixed(2)}${r.bestFirst ? "  best-first" : ""}${r.empty ? "  EMPTY" : ""}`;
    console.log(`\n${head}\n  ${stats}${r.status === 200 ? "" : `  status ${r.status}`}  (${r.relevantCount} judged relevant)`);
    r.slugs.forEach((slug, i) => console.log(`  ${String(i + 1).padStart(2)}. [${judged[slug] ?? "-"}] ${slug}`));
    const best = Object.entries(judged).filter(([s, g]) => g === 3 && !r.slugs.includes(s)).map(([s]) => s);
    if (best.length) console.log(`  missing grade 3: ${best.join(", ")}`);
  }
  console.log("");
}

let stop: (() => Promise<void>) | undefined;
let baseUrl = values["base-url"];
if (!baseUrl) {
  process.env.TEST_LOG_LEVEL ??= "silent";
  const { testApp } = await import("../test/support/app.ts");
  const app = await testApp();
  baseUrl = app.url;
  stop = () => app.stop();
  console.log(`app started at ${app.url} (${app.kind} database, demo directory)`);
}

let code = 0;
try {
  const started = performance.now();
  const report = await scoreRelevance(baseUrl);
  if (values.verbose) printVerbose(report);
  console.log(`\nSearch relevance: ${report.results.length} queries against ${baseUrl} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  console.log(formatReport(report));
} catch (e) {
  console.error(e);
  code = 1;
} finally {
  await stop?.();
}
process.exit(code);
