import { beforeAll, describe, expect, it } from "bun:test";
import {
  boundQuery,
  MAX_ALTERNATIVES,
  MAX_CORRECTED_WORDS,
  MAX_GROUPS,
  MAX_PATTERN_CHARS,
  PREFIX_MAX_DOCUMENTS,
} from "../src/search/bounds.ts";
import { expectedShare, type LexemeFrequencies, shareRatedAtLeast } from "../src/search/frequency.ts";
import type { ParsedQuery, QueryGroup } from "../src/search/query-types.ts";
import {
  BAND_MARGIN,
  bestRated,
  everyGroup,
  type NarrowerBand,
  narrowerBands,
  probedBand,
  ratedBand,
  ratingBand,
} from "../src/search/statement.ts";
import { likePattern, parseQuery } from "../src/search/query.ts";
import { api, testApp, type TestApp } from "./support/app.ts";
import { expectConformingResult, mcpClient, resultText } from "./support/mcp.ts";
import { shippedVocabulary } from "./support/vocabulary.ts";

// What one query may cost, whatever its words (issue 22): src/search/bounds.ts and the bounded
// candidate search of src/search/statement.ts.

function fake(counts: Record<string, number>, rows = 1_000_000, floor = 0.03): LexemeFrequencies {
  return {
    documents: (lexeme) => counts[lexeme] ?? 0,
    documentsWithPrefix: (prefix) =>
      Math.max(
        0,
        ...Object.entries(counts)
          .filter(([l]) => l.startsWith(prefix))
          .map(([, n]) => n),
      ),
    rows,
    floor,
  };
}

function word(label: string, weight = 1): QueryGroup {
  return {
    label,
    weight,
    alternatives: [
      { lexemes: [label], prefix: false, factor: 1 },
      { lexemes: [label], prefix: true, factor: 0.85 },
    ],
  };
}

function parsed(groups: QueryGroup[]): ParsedQuery {
  return {
    groups,
    pattern: null,
    price: null,
    language: null,
    readsAsName: false,
    interpretation: {
      terms: groups.map((g) => g.label),
      ignored: [],
      corrections: [],
      recognized: { categories: [], subcategories: [], languages: [], countries: [], regions: [], cities: [] },
      price: null,
    },
  };
}

describe("bounding a parsed query", () => {
  it("drops the prefix match of a frequent word and keeps a rare word's", () => {
    const query = parsed([word("compliance"), word("gdpr")]);
    const bounded = boundQuery(query, fake({ compliance: PREFIX_MAX_DOCUMENTS, gdpr: PREFIX_MAX_DOCUMENTS - 1 }));
    expect(bounded.groups[0].alternatives.map((a) => a.prefix)).toEqual([false]);
    expect(bounded.groups[1].alternatives.map((a) => a.prefix)).toEqual([false, true]);
    expect(query.groups[0].alternatives).toHaveLength(2); // the cached parse is not changed
  });

  it("never lets a word prefix reach the concept tokens ('cat':* is every expert's category)", () => {
    for (const w of ["cat", "sub", "lan", "lang", "cit", "city"]) {
      expect(boundQuery(parsed([word(w)]), null).groups[0].alternatives.some((a) => a.prefix)).toBe(false);
    }
    expect(boundQuery(parsed([word("catering")]), null).groups[0].alternatives.some((a) => a.prefix)).toBe(true);
  });

  it("keeps at most MAX_GROUPS groups, the professions first, and reports the rest as ignored", () => {
    const words = Array.from({ length: MAX_GROUPS + 5 }, (_, i) => word(`w${i}`));
    words[MAX_GROUPS + 2] = word("lawyer", 2);
    const bounded = boundQuery(parsed(words), null);
    expect(bounded.groups).toHaveLength(MAX_GROUPS);
    expect(bounded.groups.map((g) => g.label)).toContain("lawyer");
    expect(bounded.interpretation.terms).toEqual(bounded.groups.map((g) => g.label));
    expect(bounded.interpretation.ignored).toHaveLength(5);
  });

  it("keeps at most MAX_ALTERNATIVES ways to match one group, the first written", () => {
    const many: QueryGroup = {
      label: "x",
      weight: 1,
      alternatives: Array.from({ length: 300 }, (_, i) => ({ lexemes: [`t${i}`], prefix: false, factor: 1 })),
    };
    const bounded = boundQuery(parsed([many]), null);
    expect(bounded.groups[0].alternatives).toHaveLength(MAX_ALTERNATIVES);
    expect(bounded.groups[0].alternatives[0].lexemes).toEqual(["t0"]);
  });

  it("returns the parse itself when nothing is over a bound", () => {
    const query = parsed([{ label: "tax", weight: 2, alternatives: [{ lexemes: ["tax"], prefix: false, factor: 1 }] }]);
    expect(boundQuery(query, fake({}))).toBe(query);
  });
});

describe("guessing how many match every word", () => {
  it("multiplies the groups' shares, a rare lexeme at half the rarest common one", () => {
    const stats = fake({ "cat:technology": 100_000, compliance: 60_000 });
    const technology: QueryGroup = {
      label: "gdpr",
      weight: 2,
      alternatives: [
        { lexemes: ["gdpr"], prefix: false, factor: 1 },
        { lexemes: ["cat:technology"], prefix: false, factor: 0.5 },
      ],
    };
    const share = expectedShare(stats, [technology, word("compliance")]);
    // (0.015 + 0.1) × (0.06 + 0.06): a guess to choose where to look first, not a bound.
    expect(share).toBeCloseTo(0.115 * 0.12, 5);
    expect(expectedShare(stats, [technology], ["cc:de"])).toBeCloseTo(0.115 * 0.015, 5);
  });

  it("is 1 without statistics", () => {
    expect(expectedShare({ documents: () => 0, documentsWithPrefix: () => 0 }, [word("x")])).toBe(1);
  });
});

describe("the best-rated matches, found with bounded work", () => {
  let app: TestApp;
  let exact: string[];
  const LIMIT = 3;
  const LEGAL = "'cat:legal'";
  beforeAll(async () => {
    app = await testApp();
    const rows = await app.sql<{ id: string }[]>`
      select e.id::text from experts e where e.is_public and e.is_verified and e.search_doc @@ ${LEGAL}::tsquery
      order by e.rating desc nulls last, e.id`;
    exact = rows.map((r) => r.id);
    expect(exact.length).toBeGreaterThan(LIMIT + 5);
  });

  async function found(walkFirst: boolean, bounds: { walk: number; sample: number }) {
    const where = app.sql`e.is_public and e.is_verified and e.search_doc @@ ${LEGAL}::tsquery`;
    const rows = await app.sql<
      { id: string }[]
    >`select id::text from (${bestRated(app.sql, where, LIMIT, walkFirst, bounds)}) c`;
    return rows.map((r) => r.id);
  }

  it("is exact when the walk fills the page or the index gives fewer than its bound", async () => {
    const top = exact.slice(0, LIMIT);
    expect(await found(true, { walk: 10_000, sample: 10_000 })).toEqual(top);
    expect(await found(false, { walk: 10_000, sample: 10_000 })).toEqual(top);
    // The index gave its bound (so they are many): the walk then finds the best-rated.
    expect(await found(false, { walk: 10_000, sample: 2 })).toEqual(top);
    // The walk found too few within its bound: every match from the index, sorted.
    expect(await found(true, { walk: 1, sample: 10_000 })).toEqual(top);
  });

  it("stops at both bounds and still answers matches in rating order when the guess was wrong both ways", async () => {
    const ids = await found(true, { walk: 1, sample: 2 });
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThanOrEqual(LIMIT);
    for (const id of ids) expect(exact).toContain(id);
    const positions = ids.map((id) => exact.indexOf(id));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it("answers the same when the matches are first taken from listed_search_docs, whichever bound stops it", async () => {
    const where = app.sql`e.is_public and e.is_verified and e.search_doc @@ ${LEGAL}::tsquery`;
    const listed = app.sql`e.search_doc @@ (select ${LEGAL}::tsquery)`;
    const run = async (walkFirst: boolean, bounds: { walk: number; sample: number }, viaListed: boolean) =>
      (
        await app.sql<{ id: string }[]>`
          select id::text from (${bestRated(app.sql, where, LIMIT, walkFirst, bounds, viaListed ? listed : undefined)}) c`
      ).map((r) => r.id);
    const many = exact.length + 10;
    // Every way the answer is reached: the walk fills, every match is in the sample, neither.
    for (const walkFirst of [true, false])
      for (const bounds of [
        { walk: many, sample: many },
        { walk: many, sample: 2 },
        { walk: 1, sample: many },
        { walk: 1, sample: 2 },
      ])
        expect({ walkFirst, bounds, ids: await run(walkFirst, bounds, true) }).toEqual({
          walkFirst,
          bounds,
          ids: await run(walkFirst, bounds, false),
        });
  });
});

describe("a query word that begins a concept token's name", () => {
  it("'cat' finds the experts whose words start with it, not every expert through its category tokens", async () => {
    await testApp();
    const all = await api<{ total: number }>("GET", "/api/agents/experts?limit=1");
    const cat = await api<{ total: number }>("GET", "/api/agents/experts?q=cat&limit=1");
    expect(cat.status).toBe(200);
    expect(cat.body.total).toBeLessThan(all.body.total / 2);
  });
});

describe("the best-rated matches, looked for in the top rating band first", () => {
  let app: TestApp;
  let exact: { id: string; rating: number | null }[];
  const LIMIT = 5;
  const LEGAL = "'cat:legal'";
  beforeAll(async () => {
    app = await testApp();
    exact = await app.sql<{ id: string; rating: number | null }[]>`
      select e.id::text, e.rating::float8 as rating from experts e
      where e.is_public and e.is_verified and e.search_doc @@ ${LEGAL}::tsquery
      order by e.rating desc nulls last, e.id`;
    expect(exact.length).toBeGreaterThan(LIMIT * 2);
  });

  async function found(band: number | null) {
    const where = app.sql`e.is_public and e.is_verified and e.search_doc @@ ${LEGAL}::tsquery`;
    const all = app.sql`select e.id from experts e where ${where} order by e.rating + 0 desc nulls last, e.id limit ${LIMIT}`;
    const rows = await app.sql<
      { id: string }[]
    >`select id::text from (${ratedBand(app.sql, where, all, LIMIT, band)}) c`;
    return rows.map((r) => r.id).sort();
  }
  const top = () =>
    exact
      .slice(0, LIMIT)
      .map((r) => r.id)
      .sort();

  it("finds the same experts whether the band holds enough of them, too few, or none", async () => {
    const bandOf = (rating: number) => Math.floor(rating * 20);
    // The band of the LIMIT-th best rating holds at least LIMIT: they come from the band alone.
    const fifth = exact[LIMIT - 1].rating!;
    expect(await found(bandOf(fifth))).toEqual(top());
    // The band of the best rating alone (fewer than LIMIT unless they tie): looked for again without it.
    expect(await found(bandOf(exact[0].rating!))).toEqual(top());
    // Above everyone: an empty band.
    expect(await found(100)).toEqual(top());
    expect(await found(null)).toEqual(top());
  });

  it("chooses the band the statistics expect to hold BAND_MARGIN times the experts sought", () => {
    // Ratings spread evenly from 3 to 5 stars: 2 × 50 of 1,000 matches are the top tenth, 4.8 and up.
    const even: LexemeFrequencies = {
      documents: () => 0,
      documentsWithPrefix: () => 0,
      ratedAtLeast: (rating) => Math.min(1, Math.max(0, (5 - rating) / 2)),
    };
    expect(BAND_MARGIN).toBe(2);
    expect(ratingBand(even, 1000, 50)).toBe(96);
    // Unless the band (100 rows) reads as many as the search would without it (a walk of 80 rows).
    expect(ratingBand(even, 1000, 50, 80)).toBeNull();
    expect(ratingBand(even, 1000, 50, 150)).toBe(96);
    // A large share of the matches is sought (2 × 50 of 300), or nothing is known of the ratings: no band.
    expect(ratingBand(even, 300, 50)).toBeNull();
    expect(ratingBand({ documents: () => 0, documentsWithPrefix: () => 0 }, 1000, 50)).toBeNull();
  });

  it("reads the share of experts rated at least a rating from the column's statistics", () => {
    const stats = { nullShare: 0.1, values: [5, 4.5], freqs: [0.1, 0.2], bounds: [3, 4, 5] };
    // 5 stars (0.1), 4.5 (0.2), and the histogram's 0.6 spread over 3–5: its upper half above 4.
    expect(shareRatedAtLeast(stats, 4)).toBeCloseTo(0.1 + 0.2 + 0.3, 5);
    expect(shareRatedAtLeast(stats, 5)).toBeCloseTo(0.1, 5);
    expect(shareRatedAtLeast(stats, 0)).toBeCloseTo(0.9, 5);
  });
});

describe("the best-rated matches of every word, the band scanned only when the best-rated say it would fill", () => {
  // Two groups that meet in some experts: a category (or a word) and a country.
  const groups: QueryGroup[] = [
    {
      label: "legal",
      weight: 2,
      alternatives: [
        { lexemes: ["cat:legal"], prefix: false, factor: 1 },
        { lexemes: ["lawyer"], prefix: false, factor: 1 },
      ],
    },
    {
      label: "us or de",
      weight: 1,
      alternatives: [
        { lexemes: ["cc:us"], prefix: false, factor: 1 },
        { lexemes: ["cc:de"], prefix: false, factor: 1 },
      ],
    },
  ];
  const LIMIT = 5;
  const BIG = { walk: 100_000, sample: 100_000, probe: 100_000 };
  let app: TestApp;
  let exact: { id: string; rating: number | null }[];
  beforeAll(async () => {
    app = await testApp();
    // The plain statement: one tsquery ANDing the groups, every match sorted.
    exact = await app.sql<{ id: string; rating: number | null }[]>`
      select e.id::text, e.rating::float8 as rating from experts e
      where e.is_public and e.is_verified and e.search_doc @@ ${"('cat:legal' | 'lawyer') & ('cc:us' | 'cc:de')"}::tsquery
      order by e.rating desc nulls last, e.id`;
    expect(exact.length).toBeGreaterThan(LIMIT);
  });

  const where = () => app.sql`e.is_public and e.is_verified and ${everyGroup(app.sql, groups, null, false)}`;
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
  const top = () => ids(exact.slice(0, LIMIT));
  const bandOf = (rating: number) => Math.floor(rating * 20);

  async function probed(band: number, probeMin: number, bounds = BIG, narrower: NarrowerBand[] = []) {
    return ids(
      await app.sql<{ id: string }[]>`
        select id::text from (${probedBand(app.sql, where(), LIMIT, band, probeMin, narrower, bounds)}) c`,
    );
  }
  async function plain(band: number, bounds = BIG) {
    const candidates = bestRated(app.sql, where(), LIMIT, false, bounds);
    return ids(
      await app.sql<{ id: string }[]>`
        select id::text from (${ratedBand(app.sql, where(), candidates, LIMIT, band)}) c`,
    );
  }

  it("matches every group, one @@ a group, exactly where the one tsquery does", async () => {
    const rows = await app.sql<{ id: string }[]>`select e.id::text from experts e where ${where()}`;
    expect(ids(rows)).toEqual(ids(exact));
  });

  it("finds the same ids as the band first, when the band holds fewer than the limit, enough, or none", async () => {
    const best = bandOf(exact[0].rating!);
    const fifth = bandOf(exact[LIMIT - 1].rating!);
    const inBest = exact.filter((r) => r.rating !== null && bandOf(r.rating) >= best).length;
    expect(inBest).toBeLessThan(LIMIT); // the best rating's band alone holds too few
    for (const band of [best, fifth, 100]) {
      // Band scanned first (probeMin 0), skipped (probeMin past what the probe can find), and a
      // probe of one row that cannot fill the limit.
      for (const [probeMin, bounds] of [
        [0, BIG],
        [LIMIT + 1, BIG],
        [0, { ...BIG, probe: 1 }],
        [2, { ...BIG, probe: 1 }],
      ] as const) {
        expect(await probed(band, probeMin, bounds)).toEqual(top());
      }
      expect(await plain(band)).toEqual(top());
    }
  });

  it("answers as ratedBand over bestRated when the bounds stop the walk and the index early", async () => {
    const band = bandOf(exact[0].rating!);
    for (const bounds of [
      { walk: 1, sample: 2, probe: 1 },
      { walk: 3, sample: 2, probe: 1 },
      { walk: 1, sample: 1_000, probe: 1 },
    ]) {
      expect(await probed(band, LIMIT + 1, bounds)).toEqual(await plain(band, bounds));
      expect(await probed(band, 0, bounds)).toEqual(await plain(band, bounds));
    }
  });

  it("finds the same ids when the probe chooses a narrower band that holds too few, the index bounded or not", async () => {
    // The wide band (the LIMIT-th best rating's) holds enough; the narrow one (the best rating's) too few.
    const wide = bandOf(exact[LIMIT - 1].rating!);
    const narrow = bandOf(exact[0].rating!);
    expect(narrow).toBeGreaterThan(wide);
    const steps = [{ band: narrow, probeMin: 0 }];
    for (const bounds of [BIG, { walk: 1, sample: 2, probe: 1 }, { walk: 3, sample: 2, probe: 2 }]) {
      expect(await probed(wide, 0, bounds, steps)).toEqual(await plain(wide, bounds));
      expect(await probed(wide, 0, bounds, steps)).toEqual(top());
    }
  });

  it("offers a narrower band only when the probe's matches would fill it BAND_MARGIN times over", () => {
    // Of 100,000 experts none is rated 5.0, 2,500 are rated 4.95 and up, 5,000 4.9 and up, 10,000 4.85 and up.
    const shares: Record<number, number> = { 100: 0, 99: 0.025, 98: 0.05, 97: 0.1 };
    const rated = (rating: number) => shares[Math.round(rating * 20)] ?? 1;
    const steps = narrowerBands(50, 96, 2, rated, 100_000, 1_000);
    // Band 99 (2,500 experts) needs 2 × 50 × 1,000 / 2,500 = 40 of the probe's 1,000 rows; 98, 20; 97, 10.
    expect(steps).toEqual([
      { band: 99, probeMin: 40 },
      { band: 98, probeMin: 20 },
      { band: 97, probeMin: 10 },
    ]);
    // None narrower than the band itself needs when the probe finds fewer than probeMin (here 20).
    expect(narrowerBands(50, 96, 20, rated, 100_000, 1_000)).toEqual([
      { band: 99, probeMin: 40 },
      { band: 98, probeMin: 20 },
    ]);
    // Nothing known of the ratings: no narrower band.
    expect(narrowerBands(50, 96, 2, undefined, 100_000)).toEqual([]);
  });
});

describe("a q of a few sentences (up to 500 characters)", () => {
  // A user's request as written: three sentences, 461 characters, no word repeated often.
  const request =
    "We are a family of four moving from Lisbon to Berlin in March because my husband got a job offer there. " +
    "We need help with the residence permits for the whole family, including our two children, and someone who " +
    "can explain how German taxes work when part of our income still comes from Portugal. Ideally the advisor " +
    "speaks Portuguese or English, and can meet online before we move. Our budget is modest, so a free first call helps.";

  it("is searched over REST and MCP; one character more than 500 is refused naming q", async () => {
    expect(request.length).toBeGreaterThan(400);
    expect(request.length).toBeLessThanOrEqual(500);
    const ok = await api("GET", `/api/agents/experts?q=${encodeURIComponent(request)}`);
    expect(ok.status).toBe(200);
    expect(ok.body.experts.length).toBeGreaterThan(0);
    // The most telling terms are searched, the rest reported as ignored (bounds.ts MAX_GROUPS).
    expect(ok.body.query_interpretation.terms.length).toBeLessThanOrEqual(MAX_GROUPS);
    expect(ok.body.query_interpretation.recognized.subcategories.length).toBeGreaterThan(0);
    // Matched whole as a substring only up to MAX_PATTERN_CHARS: past it no tagline holds it.
    expect(likePattern(request.toLowerCase())).toBeNull();
    expect(likePattern("x".repeat(MAX_PATTERN_CHARS))).not.toBeNull();
    const long = await api("GET", `/api/agents/experts?q=${encodeURIComponent("a".repeat(501))}`);
    expect(long.status).toBe(400);
    expect(long.body.errors.map((e: { field: string }) => e.field)).toEqual(["q"]);
    const app = await testApp();
    const mcp = await mcpClient(app.url, "streamable-http");
    try {
      const tools = (await mcp.listTools()).tools;
      const tool = tools.find((t) => t.name === "search_experts")!;
      expect((tool.inputSchema.properties as any).q.maxLength).toBe(500);
      expectConformingResult(tool, (await mcp.callTool({ name: "search_experts", arguments: { q: request } })) as any);
      const refused = (await mcp.callTool({ name: "search_experts", arguments: { q: "a".repeat(501) } })) as any;
      expect(refused.isError).toBe(true);
      expect(resultText(refused)).toContain("q");
    } finally {
      await mcp.close();
    }
  }, 60_000);

  it("asks the lexicon for at most MAX_CORRECTED_WORDS words, the first written", async () => {
    const words = Array.from(
      { length: 90 },
      (_, i) => `zqxwv${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`,
    );
    const asked: string[][] = [];
    const lookup = async (list: string[]) => {
      asked.push(list);
      return new Map(list.map((w) => [w, { known: false, near: [], edits: 0 }]));
    };
    await parseQuery(words.join(" "), await shippedVocabulary(), lookup);
    const distinct = new Set(asked.flat());
    expect(distinct.size).toBeGreaterThan(0);
    expect(distinct.size).toBeLessThanOrEqual(MAX_CORRECTED_WORDS);
    expect([...distinct].every((w) => words.slice(0, MAX_CORRECTED_WORDS).includes(w))).toBe(true);
  });
});
