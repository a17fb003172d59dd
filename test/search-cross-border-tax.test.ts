import { describe, expect, it, setDefaultTimeout } from "bun:test";
import { demoDirectorySuite, specialtiesOf } from "./support/search-wire.ts";

setDefaultTimeout(120_000);

// A tax need beside two countries or more is a cross-border one (src/search/cross-border-tax.ts).
// Over the wire on the demo directory: REST, validated against the contract by `get`.

const suite = demoDirectorySuite();
const { search } = suite;

describe("a tax need beside two countries", () => {
  it("puts the international tax advisers first, the tax it names still matching", async () => {
    const answer = await search("Freelancer splitting my year between Italy and Canada, need help with my income tax");
    expect(answer.query_interpretation.recognized.countries).toEqual(["IT", "CA"]);
    expect(answer.query_interpretation.recognized.subcategories).toContain("international-tax");
    const first = answer.experts[0]?.slug ?? "";
    expect(await specialtiesOf(suite.app(), first)).toContain("international-tax");
    // The personal tax advisers follow: the need as written still fits them.
    const rest = await Promise.all(answer.experts.slice(1, 5).map((e) => specialtiesOf(suite.app(), e.slug)));
    expect(rest.some((s) => s.includes("personal-tax"))).toBe(true);
  });

  it("leaves a tax need in one country as it was", async () => {
    const answer = await search("income tax help in Italy");
    expect(answer.query_interpretation.recognized.subcategories).not.toContain("international-tax");
    expect(await specialtiesOf(suite.app(), answer.experts[0]?.slug ?? "")).not.toContain("international-tax");
  });
});
