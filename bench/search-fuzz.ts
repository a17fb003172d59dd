// Search on queries nobody benchmarked (issue 22): ≥ 200 generated agent-style queries
// (bench/fuzz-queries.ts, fixed seed) through the real searchExperts, one at a time, each with
// fresh caches (nothing parsed, counted or answered before), on kept directories. Prints p50, p95
// and max, and the slowest queries with the statements each sent.
//
//   bun bench/search-fuzz.ts --database-url postgres://postgres@127.0.0.1:5432/ed_bench_1m
//   bun bench/search-fuzz.ts --database-url …/ed_bench_100k --baseline /tmp/ed-base   # before/after
//
// --baseline is another checkout of the project (its src/ and test/support/, e.g. `git archive
// <commit> src test/support generated | tar -x -C /tmp/ed-base` with node_modules linked): each
// query then runs through both, alternately (which goes first alternates too), so a machine
// shared with other work loads both alike, and their answers are compared (a change of speed must
// answer alike). A first pass over every query is not timed (the directory's pages into the cache). Reads only; runs no migration. Not part of the test command.
//
// --own-vocabulary: each implementation reads `q` with the vocabulary its own files hold (and the
// database's operator rows), not the one loaded into the database, and corrects typos against a
// lexicon that holds its vocabulary's words, on a connection of its own (a temporary
// search_lexicon, the database's plus the words it lacks): what its server would search with
// after loading its vocabulary at start (syncBuiltinVocabulary), without writing to the kept
// directory. Without it both read the vocabulary the database holds, which is right only when the
// two checkouts ship the same one.
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../src/db/connect.ts";
import { expertUrls } from "../src/experts/urls.ts";
import type { SearchQuery } from "../src/search/search.ts";
import { fuzzQueries } from "./fuzz-queries.ts";
import { SHAPES } from "./search-shapes.ts";
import { percentile } from "./lib/stats.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    "database-url": { type: "string", multiple: true },
    baseline: { type: "string" },
    queries: { type: "string", default: "240" },
    seed: { type: "string", default: "22" },
    runs: { type: "string", default: "1" },
    slowest: { type: "string", default: "12" },
    json: { type: "string" },
    list: { type: "boolean", default: false },
    kinds: { type: "boolean", default: false },
    "own-vocabulary": { type: "boolean", default: false },
    "queries-file": { type: "string" },
  },
});
// --kinds: instead, the 18 kinds of bench/search-scale.ts (with their filters and pages).
// --queries-file: the queries another checkout's --list printed (its vocabulary generates others).
const queries: SearchQuery[] = values.kinds
  ? SHAPES.map(([, shape]) => shape)
  : values["queries-file"]
    ? (await Bun.file(values["queries-file"]).text())
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : fuzzQueries(Number(values.queries), Number(values.seed)).map((q) => ({ q }));
if (values.list) {
  for (const q of queries) console.log(JSON.stringify(q));
  process.exit(0);
}

/** One implementation of search: this checkout's or the baseline's modules. */
interface Implementation {
  name: string;
  /** A search with fresh parse, count and answer caches (the compiled vocabulary and statistics shared). */
  search(sql: unknown, query: SearchQuery): Promise<{ total: number; total_is_exact: boolean }>;
  /** Forgets the shared vocabulary and statistics: another database's are not this one's. */
  forget(): void;
  /** The latin words of its shipped vocabulary, as syncBuiltinVocabulary adds them to the lexicon. */
  lexiconWords(): string[];
}

async function implementation(name: string, root: string): Promise<Implementation> {
  const search = await import(`${root}/src/search/search.ts`);
  const stores = await import(`${root}/src/search/stores.ts`);
  const parsed = await import(`${root}/src/search/parsed-queries.ts`);
  const counts = await import(`${root}/src/search/count-cache.ts`);
  const answers = await import(`${root}/src/search/answer-cache.ts`);
  const support = await import(`${root}/test/support/search.ts`);
  const store = await import(`${root}/src/search/vocabulary-store.ts`);
  const { Vocabulary } = await import(`${root}/src/search/vocabulary.ts`);
  const urls = expertUrls(() => "http://bench.invalid");
  // The shipped entries as the database keeps them (its primary key drops repeats).
  const seen = new Set<string>();
  const shipped = (store.builtinEntries() as { locale: string; kind: string; key: string; term: string }[]).filter(
    (e) => {
      const key = [e.locale, e.kind, e.key, e.term].join("\t");
      return !seen.has(key) && !!seen.add(key);
    },
  );
  // What VocabularyCache.get compiles from the database once these entries are loaded there.
  const ownVocabulary = async (sql: any) => {
    const operator = await sql`select locale, kind, key, term from search_vocabulary where source = 'operator'`;
    const subcategories = await sql`select slug, category_slug from subcategories`;
    const categories = await sql`select slug from categories`;
    return new Vocabulary(
      [...shipped, ...operator],
      new Map(subcategories.map((s: { slug: string; category_slug: string }) => [s.slug, s.category_slug])),
      new Set(categories.map((c: { slug: string }) => c.slug)),
    );
  };
  const fresh = () => {
    const made = stores.searchStores();
    if (!values["own-vocabulary"]) return made;
    const cache = made.vocabulary;
    let compiled: Promise<unknown> | undefined;
    made.vocabulary = { get: (sql: unknown) => (compiled ??= ownVocabulary(sql)), stats: () => cache.stats() };
    return made;
  };
  // Per database: the statistics are cached for a minute, and the next database's search would
  // otherwise plan with the last one's (each implementation read them at its own moment, so their
  // answers differed on the 10k directory after the 100k one).
  let shared = fresh();
  return {
    name,
    forget: () => {
      shared = fresh();
    },
    lexiconWords: () =>
      (new Vocabulary(shipped).words() as string[]).filter((w) => w.length >= 3 && /^\p{Script=Latin}+$/u.test(w)),
    search: (sql, query) => {
      const fresh = {
        ...shared,
        parsed: new parsed.ParsedQueries(),
        totals: new counts.CountCache(),
        answers: new answers.AnswerCache(),
      };
      return search.searchExperts(support.searchDepsFor(sql, urls, fresh), { limit: 10, ...query });
    },
  };
}

interface Timing {
  q: SearchQuery;
  ms: number[];
  statements: number;
  total: string;
}

const implementations = [await implementation("this checkout", resolve(import.meta.dir, ".."))];
if (values.baseline)
  implementations.unshift(await implementation(`baseline ${values.baseline}`, resolve(values.baseline)));
const report: Record<string, Record<string, Timing[]>> = {};

for (const url of values["database-url"] ?? []) {
  for (const impl of implementations) impl.forget();
  const db = await openDatabase({ databaseUrl: url, dataDir: "memory://", max: 1, countStatements: true });
  // With --own-vocabulary, each implementation's connection (one each), its lexicon in a
  // temporary search_lexicon (searched before public's) when the database's lacks its words.
  const connections = new Map<Implementation, Awaited<ReturnType<typeof openDatabase>>>();
  const lexicons: string[] = [];
  for (const impl of implementations) {
    if (!values["own-vocabulary"]) {
      connections.set(impl, db);
      continue;
    }
    const own = await openDatabase({ databaseUrl: url, dataDir: "memory://", max: 1, countStatements: true });
    connections.set(impl, own);
    const words = impl.lexiconWords();
    const [{ missing }] = await own.sql<{ missing: string[] }[]>`
      select coalesce(array_agg(w order by w), '{}') as missing from unnest(${words}::text[]) w
      where not exists (select 1 from search_lexicon l where l.word = w)`;
    if (missing.length) {
      await own.sql`create temporary table search_lexicon (like public.search_lexicon including all)`;
      await own.sql`insert into pg_temp.search_lexicon select * from public.search_lexicon`;
      await own.sql`insert into pg_temp.search_lexicon (word) select unnest(${missing}::text[]) on conflict do nothing`;
      await own.sql`analyze pg_temp.search_lexicon`;
    }
    lexicons.push(
      `${impl.name}: ${words.length} vocabulary words, ${missing.length} not in the database's lexicon${missing.length ? " (added to a temporary copy)" : ""}`,
    );
  }
  try {
    const [{ visible }] = await db.sql<
      { visible: number }[]
    >`select count(*)::int as visible from experts where is_public and is_verified`;
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
    console.log(
      `\n## ${url.replace(/^.*\//, "")}: ${visible} visible experts; ${queries.length} ${values.kinds ? "query kinds of search-scale.ts" : values["queries-file"] ? `queries of ${values["queries-file"]}` : `queries (seed ${values.seed})`}, ${values.runs} timed run(s) each; load average at start ${load}\n`,
    );
    if (lexicons.length) console.log(`own vocabularies (--own-vocabulary), lexicon: ${lexicons.join("; ")}\n`);
    const timings = new Map(
      implementations.map((impl) => [impl, queries.map((q) => ({ q, ms: [] as number[], statements: 0, total: "" }))]),
    );
    const answers = new Map<Implementation, string>();
    const differing: SearchQuery[] = [];
    for (let run = -1; run < Number(values.runs); run++) {
      for (const [i, q] of queries.entries()) {
        const order = (i + run) % 2 === 0 ? implementations : [...implementations].reverse();
        for (const impl of order) {
          const conn = connections.get(impl)!;
          const before = conn.statementsSent!();
          const started = performance.now();
          const answer = await impl.search(conn.sql, q);
          const ms = performance.now() - started;
          if (run < 0) answers.set(impl, JSON.stringify(answer));
          const t = timings.get(impl)![i];
          t.statements = conn.statementsSent!() - before;
          t.total = `${answer.total_is_exact ? "" : "≥ "}${answer.total}`;
          if (run >= 0) t.ms.push(ms);
        }
        // Both implementations must answer alike (the baseline is a checkout before a change of speed).
        if (run < 0 && new Set(answers.values()).size > 1) differing.push(q);
        if (run < 0 && (i + 1) % 20 === 0) process.stderr.write(`warm-up ${i + 1}/${queries.length}\n`);
      }
    }
    console.log(
      `load average at end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}\n`,
    );
    if (implementations.length > 1)
      console.log(
        `answers that differ between the implementations: ${differing.length} of ${queries.length}${differing.length ? ` (${differing.map((q) => JSON.stringify(q)).join(", ")})` : ""}\n`,
      );
    console.log("| implementation | p50 ms | p95 ms | max ms | mean ms | over 100 ms | over 300 ms |");
    console.log("|---|---:|---:|---:|---:|---:|---:|");
    report[url] = {};
    for (const [impl, ts] of timings) {
      const each = ts.map((t) => percentile(t.ms, 0.5));
      const mean = each.reduce((a, b) => a + b, 0) / each.length;
      console.log(
        `| ${impl.name} | ${percentile(each, 0.5).toFixed(1)} | ${percentile(each, 0.95).toFixed(1)} | ${Math.max(...each).toFixed(1)} | ${mean.toFixed(1)} | ${each.filter((m) => m > 100).length} | ${each.filter((m) => m > 300).length} |`,
      );
      report[url][impl.name] = ts;
    }
    for (const [impl, ts] of timings) {
      console.log(
        `\nslowest (${impl.name}):\n\n| query | p50 ms | p95 ms | max ms | statements | total |\n|---|---:|---:|---:|---:|---:|`,
      );
      const slow = [...ts]
        .sort((a, b) => percentile(b.ms, 0.5) - percentile(a.ms, 0.5))
        .slice(0, Number(values.slowest));
      for (const t of slow)
        console.log(
          `| ${values.kinds ? JSON.stringify(t.q) : t.q.q} | ${percentile(t.ms, 0.5).toFixed(1)} | ${percentile(t.ms, 0.95).toFixed(1)} | ${Math.max(...t.ms).toFixed(1)} | ${t.statements} | ${t.total} |`,
        );
    }
    // A connection that was closed and opened again (postgres.js max_lifetime) lost its lexicon.
    for (const [impl, conn] of connections)
      if (conn !== db && lexicons.some((l) => l.startsWith(`${impl.name}:`) && l.includes("temporary")))
        await conn.sql`select 1 from pg_temp.search_lexicon limit 1`;
  } finally {
    for (const conn of new Set([...connections.values(), db])) await conn.close();
  }
}
if (values.json) await Bun.write(values.json, JSON.stringify(report, null, 1));
