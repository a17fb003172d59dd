import { describe, expect, it, setDefaultTimeout } from "bun:test";
import { demoDirectorySuite } from "./support/search-wire.ts";

setDefaultTimeout(120_000);

// Hindi queries (src/search/vocabulary/query-hi.tsv, in Devanagari, whose vowel signs stay in the
// word: tokenize.ts). Over the wire on the demo directory: REST, validated against the contract by `get`.

const { search } = demoDirectorySuite();

describe("a query in Hindi", () => {
  it("is read as its words: the need, the city, and the professions that serve it", async () => {
    const divorce = await search("मुंबई में तलाक का वकील चाहिए");
    expect(divorce.query_interpretation.recognized.cities).toEqual(["Mumbai, IN"]);
    expect(divorce.query_interpretation.recognized.subcategories).toContain("family-law");
    expect(divorce.match_quality).not.toBe("none");
    expect(divorce.experts[0]?.categories).toContain("legal");
    const deposit = await search("मकान मालिक मेरा डिपॉज़िट वापस नहीं कर रहा");
    expect(deposit.query_interpretation.recognized.subcategories).toContain("property-law");
    expect(deposit.experts[0]?.categories).toContain("real-estate");
  });

  it("answers none where nobody here fits, as in any language", async () => {
    // A doctor for one's dog: no profession of this directory.
    expect((await search("मुझे अपने कुत्ते के लिए डॉक्टर चाहिए")).match_quality).toBe("none");
  });
});
