import { describe, expect, it, setDefaultTimeout } from "bun:test";
import { demoDirectorySuite } from "./support/search-wire.ts";

setDefaultTimeout(120_000);

// A search engine beside a word of being found is the need to be found there, SEO
// (src/search/found-online.ts). Over the wire on the demo directory: REST, validated against the
// contract by `get`.

const { search } = demoDirectorySuite();

describe("being found on a search engine", () => {
  it("is an SEO need in any query language, though its words are apart", async () => {
    for (const q of [
      "Wir haben einen kleinen Friseursalon, aber bei Google findet uns niemand in der Gegend",
      "Tenemos una clínica dental y en Google no aparecemos ni en la segunda página",
    ]) {
      const answer = await search(q);
      expect({ q, subcategories: answer.query_interpretation.recognized.subcategories }).toEqual({
        q,
        subcategories: expect.arrayContaining(["seo"]),
      });
      expect({ q, first: answer.experts[0]?.slug }).toEqual({ q, first: expect.stringContaining("seo-specialist") });
      expect(answer.match_quality).not.toBe("none");
    }
  });

  it("leaves a need of another field found on a search engine to that field", async () => {
    const found = await search("I found a tax advisor on Google but he never answers my emails");
    expect(found.query_interpretation.recognized.subcategories).not.toContain("seo");
    expect(found.experts[0]?.categories).toContain("tax-advisory");
  });
});
