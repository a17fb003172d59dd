import { beforeAll, describe, expect, it } from "bun:test";
import { plannedWithValues } from "../src/search/custom-plan.ts";
import type { Alternative } from "../src/search/query-types.ts";
import { implied } from "../src/search/rank.ts";
import { SqlText } from "../src/search/sql-text.ts";
import { testApp, type TestApp } from "./support/app.ts";

// How a search statement is written (src/search/custom-plan.ts, sql-text.ts, rank.ts implied):
// values written into the text must read back as the values a parameter carried, and a shorter
// tsquery must match exactly the documents the longer one did.

const exact = (...lexemes: string[]): Alternative => ({ lexemes, prefix: false, factor: 1 });

/** Whether an OR of `terms` (each an AND of its lexemes, a prefix term by its first lexeme's start) holds in `doc`. */
const holds = (terms: Alternative[], doc: Set<string>) =>
  terms.some((t) => t.lexemes.every((l) => (t.prefix ? [...doc].some((w) => w.startsWith(l)) : doc.has(l))));

describe("title terms without those another implies", () => {
  const words = ["family", "law", "lawyer", "attorney", "tax", "advisor", "fam"];
  const terms: Alternative[] = [
    exact("family", "law"),
    exact("family", "law", "attorney"),
    exact("law", "family"),
    exact("lawyer"),
    exact("family", "lawyer"),
    exact("tax", "advisor"),
    { lexemes: ["fam"], prefix: true, factor: 1 },
    exact("fam", "tax"),
    exact("attorney", "tax", "advisor"),
  ];

  it("drops a term whose words include another's, and a repeat in another order, keeping the rest in order", () => {
    expect(implied(terms).map((t) => t.lexemes.join(" "))).toEqual([
      "family law",
      "lawyer",
      "tax advisor",
      "fam",
      "fam tax",
    ]);
  });

  it("holds in exactly the documents the whole list holds in, for every set of the words", () => {
    const kept = implied(terms);
    for (let mask = 0; mask < 1 << words.length; mask++) {
      const doc = new Set(words.filter((_, i) => mask & (1 << i)));
      expect(holds(kept, doc)).toBe(holds(terms, doc));
    }
  });
});

describe("values written into a search statement", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  const texts = [
    "it's",
    "back\\slash",
    "E'x'",
    "''",
    "\\'",
    "%_\\",
    "$1 -- /* */ ;",
    "a$$b",
    "$",
    "x$",
    "$$",
    "$tag$ a $tag$",
    "'a':* & 'b':AB | 'cat:legal'",
    "🙂 ı ł ё 세무",
    "",
    "'); select 1; --",
  ];

  it("reads each string back as the parameter would, and writes it with no parameter left", async () => {
    for (const text of texts) {
      const query = plannedWithValues(
        app.sql<{ v: string; n: number }[]>`select ${text}::text as v, ${0.1 + 0.2}::float8 as n`,
      );
      const [row] = await query;
      expect(row.v).toBe(text);
      expect(row.n).toBe(0.1 + 0.2);
      expect((query as unknown as { args: unknown[] }).args).toEqual([]);
    }
  });

  it("matches a LIKE pattern with escapes as the parameter did", async () => {
    const pattern = "%50\\%_a\\\\b%";
    const inlined = await plannedWithValues(app.sql<{ v: boolean }[]>`select ${"x 50%_a\\b y"} like ${pattern} as v`);
    const parameter = await app.sql<{ v: boolean }[]>`select ${"x 50%_a\\b y"}::text like ${pattern}::text as v`;
    expect(inlined[0].v).toBe(true);
    expect(parameter[0].v).toBe(true);
  });

  it("writes SqlText's numbers as the same doubles, in nested fragments too", async () => {
    const values = [0.19999999999999998, 1 / 3, 0.45, 1e-7, 32768];
    const out = new SqlText().text("select array[");
    values.forEach((v, i) => {
      out.text(i ? ", " : "").number(v, "float8");
    });
    out.text("]::float8[] as v, ").value("ok").text("::text as t");
    const [row] = await plannedWithValues(app.sql<{ v: number[]; t: string }[]>`${out.fragment(app.sql)}`);
    expect(row.v).toEqual(values);
    expect(row.t).toBe("ok");
    expect(() => new SqlText().number(Number.NaN, "float8")).toThrow();
    expect(() => new SqlText().number(1.5, "int")).toThrow();
  });
});
