// Draws bench/results/serve.svg from the bench/results/serve-<size>.json files of bench/serve.ts:
// latency (p50 solid, p99 dashed) and throughput (the server with N workers solid, the
// lower of its two ceilings dotted), both on log scales, against directory size, one colour per endpoint. Hand-written
// SVG, no dependency.
//
//   bun bench/chart.ts [--dir bench/results] [--out bench/results/serve.svg] [--markdown]
//
// --markdown also prints every size's table and the targets of issue 13 checked across the sizes.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { best, ceilingOf, type SizeResult, sizeReport, targetsReport } from "./lib/serve-report.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    dir: { type: "string", default: join(import.meta.dir, "results") },
    out: { type: "string" },
    markdown: { type: "boolean", default: false },
  },
});
const dir = values.dir!;
const results: SizeResult[] = readdirSync(dir)
  .filter((f) => /^serve-.+\.json$/.test(f))
  .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")))
  .sort((a, b) => a.experts - b.experts);
if (!results.length) throw new Error(`no serve-*.json in ${dir}: run bench/serve.ts first`);

const COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b"];
const names = [...new Set(results.flatMap((r) => r.endpoints.map((e) => e.name)))];
const W = 440; // one panel
const H = 300;
const M = { left: 60, right: 20, top: 40, bottom: 50 };
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
const label = (n: number) => (n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n));

/** x: the sizes evenly spaced (they are decades apart). */
const x = (i: number, left: number) =>
  left +
  M.left +
  (results.length === 1 ? (W - M.left - M.right) / 2 : (i * (W - M.left - M.right)) / (results.length - 1));

function panel(
  left: number,
  title: string,
  yLabel: string,
  log: boolean,
  series: { color: string; dash: string; points: number[] }[],
) {
  const all = series.flatMap((s) => s.points).filter((v) => v > 0);
  const lo = log ? 10 ** Math.floor(Math.log10(Math.min(...all))) : 0;
  let hi = log ? 10 ** Math.ceil(Math.log10(Math.max(...all))) : Math.max(...all) * 1.1;
  if (lo === hi) hi = lo * 10;
  const scale = (v: number) =>
    log ? (Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo)) : (v - lo) / (hi - lo);
  const y = (v: number) => M.top + (1 - scale(Math.max(v, lo))) * (H - M.top - M.bottom);
  const out: string[] = [
    `<text x="${left + W / 2}" y="20" text-anchor="middle" font-weight="bold">${esc(title)}</text>`,
  ];
  const ticks = log
    ? Array.from({ length: Math.round(Math.log10(hi / lo)) + 1 }, (_, i) => lo * 10 ** i)
    : Array.from({ length: 6 }, (_, i) => (hi * i) / 5);
  for (const t of ticks) {
    out.push(`<line x1="${left + M.left}" x2="${left + W - M.right}" y1="${y(t)}" y2="${y(t)}" stroke="#ddd"/>`);
    out.push(
      `<text x="${left + M.left - 6}" y="${y(t) + 4}" text-anchor="end">${t >= 1000 ? `${Math.round(t / 100) / 10}k` : Number(t.toPrecision(2))}</text>`,
    );
  }
  for (const [i, r] of results.entries())
    out.push(`<text x="${x(i, left)}" y="${H - M.bottom + 18}" text-anchor="middle">${label(r.experts)}</text>`);
  out.push(`<text x="${left + W / 2}" y="${H - 12}" text-anchor="middle">experts in the directory</text>`);
  out.push(
    `<text transform="translate(${left + 14} ${(H - M.bottom + M.top) / 2}) rotate(-90)" text-anchor="middle">${esc(yLabel)}</text>`,
  );
  for (const s of series) {
    const pts = s.points.map((v, i) => (v > 0 ? `${x(i, left).toFixed(1)},${y(v).toFixed(1)}` : null)).filter(Boolean);
    if (pts.length > 1)
      out.push(
        `<polyline points="${pts.join(" ")}" fill="none" stroke="${s.color}" stroke-width="2" stroke-dasharray="${s.dash}"/>`,
      );
    for (const p of pts)
      out.push(`<circle cx="${p!.split(",")[0]}" cy="${p!.split(",")[1]}" r="3" fill="${s.color}"/>`);
  }
  return out.join("\n");
}

const find = (r: SizeResult, name: string) => r.endpoints.find((e) => e.name === name);
const latency = names.flatMap((name, k) => [
  {
    color: COLORS[k % COLORS.length],
    dash: "",
    points: results.map((r) => (find(r, name) ? best(find(r, name)!).p50 : 0)),
  },
  {
    color: COLORS[k % COLORS.length],
    dash: "6 4",
    points: results.map((r) => (find(r, name) ? best(find(r, name)!).p99 : 0)),
  },
]);
const throughput = names.flatMap((name, k) => [
  {
    color: COLORS[k % COLORS.length],
    dash: "",
    points: results.map((r) => (find(r, name) ? best(find(r, name)!).rps : 0)),
  },
  {
    color: COLORS[k % COLORS.length],
    dash: "2 4",
    points: results.map((r) => (find(r, name) ? ceilingOf(find(r, name)!) : 0)),
  },
]);
const workers = Math.max(...results.flatMap((r) => r.endpoints.flatMap((e) => e.server.map((s) => s.workers))));
const legendY = H + 10;
const legend = names.map((name, k) => {
  const lx = 20 + (k % 3) * 290;
  const ly = legendY + Math.floor(k / 3) * 20;
  return `<line x1="${lx}" x2="${lx + 24}" y1="${ly}" y2="${ly}" stroke="${COLORS[k % COLORS.length]}" stroke-width="3"/><text x="${lx + 30}" y="${ly + 4}">${esc(name)}</text>`;
});
const noteY = legendY + Math.ceil(names.length / 3) * 20 + 10;
const first = results[0];
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${2 * W}" height="${noteY + 40}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="white"/>
${panel(0, `Latency, ${workers} workers, ${first.connections} connections`, "ms (p50 solid, p99 dashed)", true, latency)}
${panel(W, "Throughput", "req/s (server solid, lower ceiling dotted)", true, throughput)}
${legend.join("\n")}
<text x="20" y="${noteY + 6}">bench/serve.ts, ${results.map((r) => `${label(r.experts)}: ${r.date.slice(0, 16).replace("T", " ")} UTC, load ${r.machine.loadBefore.toFixed(1)}`).join("; ")}</text>
<text x="20" y="${noteY + 24}">${first.machine.cores} cores shared by server, PostgreSQL and wrk; ceilings: pgbench with the server's SQL, bare Bun.serve with its bytes (the lower of the two).</text>
</svg>
`;
const out = values.out ?? join(dir, "serve.svg");
writeFileSync(out, svg);
console.error(`wrote ${out} (${results.map((r) => label(r.experts)).join(", ")})`);
if (values.markdown)
  console.log([...results.map(sizeReport), "### Targets (issue 13)", "", targetsReport(results), ""].join("\n"));
