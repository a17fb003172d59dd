import { describe, expect, it, setDefaultTimeout } from "bun:test";
import { demoDirectorySuite, specialtiesOf } from "./support/search-wire.ts";

setDefaultTimeout(120_000);

// A marriage beside what the couple owns and a word of keeping it apart is a prenuptial agreement,
// a family lawyer's (src/search/prenup.ts). Over the wire on the demo directory: REST, validated
// against the contract by `get`.

const suite = demoDirectorySuite();
const { search } = suite;

describe("a marriage beside what the couple owns", () => {
  it("is a family lawyer's agreement in any query language, the property its setting", async () => {
    for (const q of [
      "We are getting married in May and want to agree in writing who keeps the house if we ever separate",
      "Nos casamos en junio y quiero proteger mi piso",
    ]) {
      const answer = await search(q);
      expect({ q, subcategories: answer.query_interpretation.recognized.subcategories }).toEqual({
        q,
        subcategories: expect.arrayContaining(["family-law"]),
      });
      const first = await Promise.all(answer.experts.slice(0, 2).map((e) => specialtiesOf(suite.app(), e.slug)));
      expect({ q, first }).toEqual({
        q,
        first: [expect.arrayContaining(["family-law"]), expect.arrayContaining(["family-law"])],
      });
    }
  });

  it("leaves a couple buying a home together to the property advisers", async () => {
    const answer = await search("We just got married and want to buy an apartment together");
    expect(answer.query_interpretation.recognized.subcategories).not.toContain("family-law");
    expect(answer.experts[0]?.categories).toContain("real-estate");
  });
});
