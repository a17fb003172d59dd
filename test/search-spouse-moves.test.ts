import { describe, expect, it, setDefaultTimeout } from "bun:test";
import { demoDirectorySuite } from "./support/search-wire.ts";

setDefaultTimeout(120_000);

// A spouse who is to move to or live with the asker in another country is a family visa, though no
// word names one (src/search/spouse-moves.ts). Over the wire on the demo directory: REST, validated
// against the contract by `get`.

const { search } = demoDirectorySuite();

describe("a spouse who moves", () => {
  it("is a family visa in any query language, its country's adviser first", async () => {
    const german = await search(
      "Meine Frau kommt aus Brasilien und wir möchten, dass sie zu mir nach Deutschland ziehen darf.",
    );
    expect(german.query_interpretation.recognized.subcategories).toContain("family-immigration");
    expect(german.match_quality).not.toBe("none");
    // The one immigration adviser in Germany
    expect(german.experts[0]?.slug).toBe("sabine-kruger-citizenship-advisor");
    const english = await search("my husband wants to join me in Toronto");
    expect(english.query_interpretation.recognized.subcategories).toContain("family-immigration");
  });

  it("leaves a query with a need of its own, or no place, as it was", async () => {
    const separating = await search("My wife and I live in London and are separating, what happens with the kids");
    expect(separating.query_interpretation.recognized.subcategories).not.toContain("family-immigration");
    const flat = await search("my wife and I want to move to Lisbon and buy a flat");
    expect(flat.query_interpretation.recognized.subcategories).not.toContain("family-immigration");
    const nowhere = await search("my husband wants to move");
    expect(nowhere.query_interpretation.recognized.subcategories).not.toContain("family-immigration");
  });
});
