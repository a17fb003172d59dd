// Search quality measured against human judgments: three sets (test/relevance/README.md), the
// earlier one (queries.json) and the tuning and held-out ones of issue 22 (tuning.json, heldout.json).
//
// Each judged query is sent to GET /api/agents/experts over HTTP with limit=10 and scored with:
//   nDCG@10   gain 2^grade − 1, discount log2(rank + 1), ideal DCG from every judged grade;
//   recall@10 relevant experts found in the top 10 ÷ min(number relevant, 10);
//   empty     the answer listed nobody (a non-200 answer counts as empty and is reported);
//   best first the first result is a best expert (grade 3, or the highest grade judged);
//   success@1  the first result is judged relevant at all (any grade).
// Queries of kind "none" (nobody in the directory fits) are left out of the means; how many results
// they returned, and the response's `match_quality` when it has one, are reported.
//
// The judgments were made from the meaning of each query and the expert data alone, never from
// what an engine returns: do not adjust them to fit a run.
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The earlier set's kinds (queries.json). */
export const KINDS = [
  "single",
  "multi",
  "typo",
  "synonym",
  "natural",
  "non-english",
  "names",
  "place-language",
  "filters",
  "none",
] as const;
/** The tuning and held-out sets' kinds (issue 22's classes of failure). */
export const NEW_KINDS = [
  "sentence",
  "phrase",
  "typo",
  "specific",
  "synonym",
  "price",
  "abbreviation",
  "names",
  "non-english",
  "filters",
  "availability",
  "none",
] as const;
/** Every kind, in report order. */
export const ALL_KINDS = [...new Set<string>([...KINDS, ...NEW_KINDS])] as (
  | (typeof KINDS)[number]
  | (typeof NEW_KINDS)[number]
)[];
export type Kind = (typeof ALL_KINDS)[number];

/** The judged sets; `hideQueries` marks the one whose queries must not be shown to people tuning. */
export interface QuerySet {
  /** One of SETS, or "file" for a batch named by path (bench/relevance.ts --file), scored like tuning. */
  name: "earlier" | "tuning" | "heldout" | "file";
  path: string;
  hideQueries: boolean;
}

export interface JudgedQuery {
  id: string;
  kind: Kind;
  /** Language of the query's words (BCP 47 primary tag); the tuning and held-out sets always say it. */
  lang?: string;
  q: string;
  /** Other searchExperts query parameters (category, country, city, language, locale, accepting...). */
  params?: Record<string, string>;
  /** slug → grade: 3 exactly what the person wants, 2 a good answer, 1 acceptable/partial. */
  relevant: Record<string, number>;
  note: string;
}

export interface QueryResult {
  id: string;
  kind: Kind;
  q: string;
  params: Record<string, string>;
  status: number;
  /** Slugs returned (at most 10), in order. */
  slugs: string[];
  total: number | null;
  relevantCount: number;
  ndcg: number;
  recall: number;
  empty: boolean;
  bestFirst: boolean;
  /** The first result is judged relevant (any grade). */
  successAt1: boolean;
  /** The response's `match_quality` (strong, partial, none) when it has one, else null. */
  matchQuality: string | null;
  error?: string;
}

export interface Metrics {
  queries: number;
  ndcg: number;
  recall: number;
  /** Share of queries with a relevant expert that returned nothing. */
  zeroResultRate: number;
  bestFirstRate: number;
  successAt1: number;
}

export interface Report {
  overall: Metrics;
  byKind: Partial<Record<Kind, Metrics>>;
  /** Queries nobody in the directory fits: how many results the engine returned anyway. */
  none: {
    id: string;
    q: string;
    returned: number;
    total: number | null;
    status: number;
    matchQuality: string | null;
  }[];
  /** Answers other than 200 (counted as empty results). */
  errors: { id: string; status: number; error: string }[];
  results: QueryResult[];
}

export const QUERIES_PATH = join(import.meta.dir, "queries.json");
export const TUNING_PATH = join(import.meta.dir, "tuning.json");
export const HELDOUT_PATH = join(import.meta.dir, "heldout.json");

export const SETS: QuerySet[] = [
  { name: "earlier", path: QUERIES_PATH, hideQueries: false },
  { name: "tuning", path: TUNING_PATH, hideQueries: false },
  { name: "heldout", path: HELDOUT_PATH, hideQueries: true },
];

/** A set's queries: queries.json is a bare array; tuning.json and heldout.json carry an `about` header. */
export function loadQueries(path = QUERIES_PATH): JudgedQuery[] {
  const data = JSON.parse(readFileSync(path, "utf8")) as JudgedQuery[] | { about: string; queries: JudgedQuery[] };
  return Array.isArray(data) ? data : data.queries;
}

const gain = (grade: number) => 2 ** grade - 1;
const discount = (rank: number) => Math.log2(rank + 2); // rank is 0-based

export function dcg(grades: number[]): number {
  return grades.slice(0, 10).reduce((sum, g, i) => sum + gain(g) / discount(i), 0);
}

/** nDCG@10 of a ranked list of slugs against the judgments. */
export function ndcgAt10(slugs: string[], relevant: Record<string, number>): number {
  const ideal = dcg(Object.values(relevant).sort((a, b) => b - a));
  if (ideal === 0) return 0;
  return dcg(slugs.slice(0, 10).map((s) => relevant[s] ?? 0)) / ideal;
}

export function recallAt10(slugs: string[], relevant: Record<string, number>): number {
  const n = Object.keys(relevant).length;
  if (n === 0) return 0;
  const found = slugs.slice(0, 10).filter((s) => (relevant[s] ?? 0) > 0).length;
  return found / Math.min(n, 10);
}

export function bestIsFirst(slugs: string[], relevant: Record<string, number>): boolean {
  const best = Math.max(0, ...Object.values(relevant));
  return best > 0 && slugs.length > 0 && (relevant[slugs[0]] ?? 0) === best;
}

export function successAt1(slugs: string[], relevant: Record<string, number>): boolean {
  return slugs.length > 0 && (relevant[slugs[0]] ?? 0) > 0;
}

export function searchUrl(baseUrl: string, query: JudgedQuery): string {
  const qs = new URLSearchParams();
  if (query.q.trim() !== "") qs.set("q", query.q);
  for (const [k, v] of Object.entries(query.params ?? {})) qs.set(k, v);
  qs.set("limit", "10");
  return `${baseUrl.replace(/\/+$/, "")}/api/agents/experts?${qs}`;
}

async function runQuery(baseUrl: string, query: JudgedQuery): Promise<QueryResult> {
  let status = 0;
  let slugs: string[] = [];
  let total: number | null = null;
  let matchQuality: string | null = null;
  let error: string | undefined;
  try {
    const res = await fetch(searchUrl(baseUrl, query), { headers: { accept: "application/json" } });
    status = res.status;
    const text = await res.text();
    if (res.status === 200) {
      const body = JSON.parse(text) as { experts?: { slug: string }[]; total?: number; match_quality?: unknown };
      slugs = (body.experts ?? []).map((e) => e.slug).slice(0, 10);
      total = typeof body.total === "number" ? body.total : null;
      // Not in the contract yet (issue 22): read when present so the report starts showing it then.
      matchQuality = typeof body.match_quality === "string" ? body.match_quality : null;
    } else {
      error = text.slice(0, 300);
    }
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  const relevant = query.relevant;
  return {
    id: query.id,
    kind: query.kind,
    q: query.q,
    params: query.params ?? {},
    status,
    slugs,
    total,
    relevantCount: Object.keys(relevant).length,
    ndcg: ndcgAt10(slugs, relevant),
    recall: recallAt10(slugs, relevant),
    empty: slugs.length === 0,
    bestFirst: bestIsFirst(slugs, relevant),
    successAt1: successAt1(slugs, relevant),
    matchQuality,
    error,
  };
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

export function summarize(results: QueryResult[]): Metrics {
  const judged = results.filter((r) => r.kind !== "none" && r.relevantCount > 0);
  return {
    queries: judged.length,
    ndcg: mean(judged.map((r) => r.ndcg)),
    recall: mean(judged.map((r) => r.recall)),
    zeroResultRate: mean(judged.map((r) => (r.empty ? 1 : 0))),
    bestFirstRate: mean(judged.map((r) => (r.bestFirst ? 1 : 0))),
    successAt1: mean(judged.map((r) => (r.successAt1 ? 1 : 0))),
  };
}

/** Runs every judged query against a running app and scores the answers. */
export async function scoreRelevance(baseUrl: string, queries: JudgedQuery[] = loadQueries()): Promise<Report> {
  const results: QueryResult[] = [];
  // A few at a time: enough to be quick, few enough not to disturb the server.
  const CONCURRENCY = 4;
  for (let i = 0; i < queries.length; i += CONCURRENCY) {
    results.push(...(await Promise.all(queries.slice(i, i + CONCURRENCY).map((q) => runQuery(baseUrl, q)))));
  }
  const byKind: Partial<Record<Kind, Metrics>> = {};
  for (const kind of ALL_KINDS) {
    if (kind === "none") continue;
    const ofKind = results.filter((r) => r.kind === kind);
    if (ofKind.length) byKind[kind] = summarize(ofKind);
  }
  return {
    overall: summarize(results),
    byKind,
    none: results
      .filter((r) => r.kind === "none" || r.relevantCount === 0)
      .map((r) => ({
        id: r.id,
        q: r.q,
        returned: r.slugs.length,
        total: r.total,
        status: r.status,
        matchQuality: r.matchQuality,
      })),
    errors: results.filter((r) => r.status !== 200).map((r) => ({ id: r.id, status: r.status, error: r.error ?? "" })),
    results,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(6);

/** One compact line of metrics. */
export function formatMetrics(label: string, m: Metrics): string {
  return `${label.padEnd(15)} n=${String(m.queries).padStart(3)}  nDCG@10 ${m.ndcg.toFixed(3)}  recall@10 ${m.recall.toFixed(3)}  zero-result ${pct(m.zeroResultRate)}  best-first ${pct(m.bestFirstRate)}  success@1 ${pct(m.successAt1)}`;
}

/**
 * The per-kind table and the overall line, plus the none-queries and errors. `hideQueries` prints
 * queries by id only (the held-out set: people tuning must not see its queries).
 */
export function formatReport(report: Report, { hideQueries = false } = {}): string {
  const lines: string[] = [];
  for (const [kind, m] of Object.entries(report.byKind)) lines.push(formatMetrics(kind, m!));
  lines.push("-".repeat(100));
  lines.push(formatMetrics("OVERALL", report.overall));
  if (report.none.length) {
    lines.push("");
    lines.push("Queries nobody fits (should return nothing or little):");
    for (const n of report.none) {
      const q = hideQueries ? "" : `${JSON.stringify(n.q).padEnd(28)} `;
      lines.push(
        `  ${n.id.padEnd(18)} ${q}returned ${n.returned} (total ${n.total ?? "?"})  match_quality ${n.matchQuality ?? "n/a"}${n.status === 200 ? "" : ` status ${n.status}`}`,
      );
    }
    const none = report.none.filter((n) => n.matchQuality === "none").length;
    const returnedNothing = report.none.filter((n) => n.returned === 0).length;
    lines.push(`  ${returnedNothing} of ${report.none.length} returned nothing; ${none} answered match_quality none`);
  }
  // Fitting queries should not answer `none`: how often they do, and which (by id).
  const fitting = report.results.filter((r) => r.kind !== "none" && r.relevantCount > 0);
  if (fitting.some((r) => r.matchQuality !== null)) {
    const count = (q: string) => fitting.filter((r) => r.matchQuality === q).length;
    const wrong = fitting.filter((r) => r.matchQuality === "none");
    lines.push("");
    lines.push(
      `Fitting queries' match_quality: ${count("strong")} strong, ${count("partial")} partial, ${wrong.length} none of ${fitting.length}`,
    );
    for (const r of wrong)
      lines.push(
        `  none: ${r.id}${hideQueries ? "" : ` ${JSON.stringify(r.q)}`}${r.slugs.length ? "" : " (no results)"}`,
      );
  }
  if (report.errors.length) {
    lines.push("");
    lines.push(`Non-200 answers (counted as empty): ${report.errors.length}`);
    for (const e of report.errors) lines.push(`  ${e.id}: ${e.status} ${e.error.replace(/\s+/g, " ").slice(0, 160)}`);
  }
  return lines.join("\n");
}
