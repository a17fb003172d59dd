import { describe, expect, it, setDefaultTimeout } from "bun:test";
import { get } from "./support/app.ts";
import { demoDirectorySuite, type FoundExperts } from "./support/search-wire.ts";
import { LARGEST_PAGE } from "../src/search/statement.ts";

setDefaultTimeout(120_000);

// A first page's experts do not depend on its `limit`: partial matches are read when fewer than the
// largest page match every word (statement.ts LARGEST_PAGE), not fewer than this page's `limit`.
// Before, "DELF exam preparation" at limit 5 or 6 left out the one French tutor who carries DELF
// (she misses "exam preparation"), second at limit 10: six language tutors matched both words,
// one of them through the language-tutor category alone.

const { app } = demoDirectorySuite();

async function slugs(q: string, limit: number): Promise<string[]> {
  const { status, body } = await get(app(), `/api/agents/experts?q=${encodeURIComponent(q)}&limit=${limit}`, {
    accept: "application/json",
  });
  expect(status).toBe(200);
  return (body as FoundExperts).experts.map((e) => e.slug);
}

describe("a first page at any limit", () => {
  it("is the start of the same order", async () => {
    for (const q of ["DELF exam preparation", "IELTS speaking practice", "tax advisor for freelancers"]) {
      const largest = await slugs(q, LARGEST_PAGE);
      for (const limit of [3, 5, 6, 10])
        expect(await slugs(q, limit), `${q} limit ${limit}`).toEqual(largest.slice(0, limit));
    }
    expect(await slugs("DELF exam preparation", 5)).toContain("claire-martin-french-tutor");
  });

  it("is at most the contract's largest limit", async () => {
    const contract = Bun.YAML.parse(await Bun.file(new URL("../openapi/agents.yaml", import.meta.url)).text()) as any;
    expect(contract.components.parameters.limit.schema.maximum).toBe(LARGEST_PAGE);
  });
});
