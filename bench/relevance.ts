// Search quality against the judged query sets (test/relevance/README.md): the earlier set
// (queries.json), the tuning set and the held-out set (issue 22). For each: nDCG@10, recall@10,
// zero-result rate on fitting queries, best-first and success@1, per kind and overall; for queries
// nobody fits, how many results came back and the response's match_quality (n/a while absent).
// The held-out set's queries are shown by id only, so running this while tuning does not leak them.
//
//   bun bench/relevance.ts                          # starts the app on the embedded database with the demo directory
//   bun bench/relevance.ts --set tuning             # one set only (earlier, tuning or heldout)
//   bun bench/relevance.ts --verbose                # also the top 10 slugs of every query, with their grades (not held-out)
//   bun bench/relevance.ts --verbose --show-heldout # ... held-out too: only for whoever is NOT changing ranking
//   bun bench/relevance.ts --file /tmp/g24.json     # a new batch not yet in a set, scored as tuning is
//   bun bench/relevance.ts --base-url http://127.0.0.1:3000   # a running app (it must hold the demo directory)
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test bun bench/relevance.ts   # on a server database
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  ALL_KINDS,
  formatReport,
  loadQueries,
  type QuerySet,
  type Report,
  scoreRelevance,
  SETS,
  summarize,
} from "../test/relevance/score.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    "base-url": { type: "string" },
    set: { type: "string" },
    file: { type: "string" },
    verbose: { type: "boolean", short: "v", default: false },
    "show-heldout": { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(
    "usage: bun bench/relevance.ts [--base-url URL] [--set earlier|tuning|heldout | --file BATCH.json] [--verbose [--show-heldout]]",
  );
  process.exit(0);
}
// --file: a batch of judged queries not yet in a set (a new blind batch, measured before it is split).
const sets: QuerySet[] = values.file
  ? [{ name: "file", path: resolve(values.file), hideQueries: false }]
  : values.set
    ? SETS.filter((s) => s.name === values.set)
    : SETS;
if (sets.length === 0) {
  console.error(`--set must be one of ${SETS.map((s) => s.name).join(", ")}`);
  process.exit(2);
}

function printVerbose(set: QuerySet, report: Report) {
  const queries = new Map(loadQueries(set.path).map((q) => [q.id, q]));
  for (const r of report.results) {
    const judged = queries.get(r.id)!.relevant;
    const params = Object.entries(r.params)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ");
    const head = `${r.id}  q=${JSON.stringify(r.q)}${params ? `  ${params}` : ""}`;
    const mq = r.matchQuality ? `  match_quality ${r.matchQuality}` : "";
    const stats =
      r.kind === "none"
        ? `returned ${r.slugs.length}${mq}`
        : `nDCG ${r.ndcg.toFixed(3)}  recall ${r.recall.toFixed(2)}${r.bestFirst ? "  best-first" : ""}${r.empty ? "  EMPTY" : ""}${mq}`;
    console.log(
      `\n${head}\n  ${stats}${r.status === 200 ? "" : `  status ${r.status}`}  (${r.relevantCount} judged relevant)`,
    );
    for (const [i, slug] of r.slugs.entries())
      console.log(`  ${String(i + 1).padStart(2)}. [${judged[slug] ?? "-"}] ${slug}`);
    const best = Object.entries(judged)
      .filter(([s, g]) => g === 3 && !r.slugs.includes(s))
      .map(([s]) => s);
    if (best.length) console.log(`  missing grade 3: ${best.join(", ")}`);
  }
  console.log("");
}

/** nDCG@10 / success@1 of every kind side by side, one column per set. */
function comparison(reports: [QuerySet, Report][]): string {
  const cell = (r: Report, kind: string) => {
    const m = kind === "OVERALL" ? r.overall : r.byKind[kind as keyof Report["byKind"]];
    return (m ? `${m.ndcg.toFixed(3)} / ${m.successAt1.toFixed(2)} (${m.queries})` : "-").padStart(22);
  };
  const kinds = ALL_KINDS.filter((k) => k !== "none" && reports.some(([, r]) => r.byKind[k]));
  const lines = [
    "nDCG@10 / success@1 (n queries) by kind",
    `${"".padEnd(16)}${reports.map(([s]) => s.name.padStart(22)).join("")}`,
  ];
  for (const kind of [...kinds, "OVERALL"])
    lines.push(`${kind.padEnd(16)}${reports.map(([, r]) => cell(r, kind)).join("")}`);
  return lines.join("\n");
}

/**
 * Each set by the batch its queries were written in (the id's first part: `g` the first batch of
 * issue 22, `g2` the second, `g3` the third, `g4` the fourth and `g5` the fifth, each written later by someone else), so a figure can be told apart by how
 * long its queries have been around while the ranking changed.
 */
function batches(reports: [QuerySet, Report][]): string {
  const lines = ["by batch (fitting: nDCG@10 / success@1 (n); no-fit answering none)"];
  for (const [set, report] of reports) {
    if (set.name === "earlier") continue;
    const ids = [...new Set(report.results.map((r) => r.id.split("-")[0]))];
    for (const batch of ids) {
      const of = report.results.filter((r) => r.id.split("-")[0] === batch);
      const m = summarize(of);
      const noFit = of.filter((r) => r.kind === "none" || r.relevantCount === 0);
      const none = noFit.filter((r) => r.matchQuality === "none").length;
      lines.push(
        `${`${set.name} ${batch}`.padEnd(16)}${m.ndcg.toFixed(3)} / ${m.successAt1.toFixed(2)} (${m.queries}); ${none} of ${noFit.length}`,
      );
    }
  }
  return lines.join("\n");
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
  const reports: [QuerySet, Report][] = [];
  for (const set of sets) {
    const started = performance.now();
    const report = await scoreRelevance(baseUrl, loadQueries(set.path));
    reports.push([set, report]);
    if (values.verbose && (!set.hideQueries || values["show-heldout"])) printVerbose(set, report);
    console.log(
      `\nSearch relevance, ${set.name} set: ${report.results.length} queries against ${baseUrl} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );
    console.log(formatReport(report, { hideQueries: set.hideQueries && !values["show-heldout"] }));
  }
  if (reports.length > 1) console.log(`\n${comparison(reports)}`);
  console.log(`\n${batches(reports)}`);
} catch (e) {
  console.error(e);
  code = 1;
} finally {
  await stop?.();
}
process.exit(code);
