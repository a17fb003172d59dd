import { describe, expect, it, setDefaultTimeout } from "bun:test";
import { demoDirectorySuite, type FoundExperts } from "./support/search-wire.ts";

setDefaultTimeout(120_000);

// A brand's name or logo that someone else copies or is mistaken for is a trademark lawyer's matter,
// though its words name branding (src/search/brand-copied.ts). Over the wire on the demo directory:
// REST, validated against the contract by `get`.

const { search } = demoDirectorySuite();
const firstThree = (answer: FoundExperts) => answer.experts.slice(0, 3).flatMap((e) => e.categories);

describe("a copied brand", () => {
  it("is a trademark need in any query language, its lawyers before the brand strategists", async () => {
    for (const q of [
      "Another café across town now uses nearly our name and logo and people keep confusing us",
      "Quelqu'un a imité notre logo sur ses emballages",
      "Uma concorrente copiou o logotipo da nossa padaria",
      // A name or logo to protect is registered as a trademark; one branding word of two left as
      // branding ranked a growth marketer first (before: "… kosmetické značky", Czech).
      "Chci si ochránit název a logo své kosmetické značky dřív, než mi ho někdo vyfoukne a zaregistruje.",
      "Ich will den Namen und das Logo meiner Kosmetikmarke schützen",
    ]) {
      const answer = await search(q);
      expect({ q, subcategories: answer.query_interpretation.recognized.subcategories }).toEqual({
        q,
        subcategories: expect.arrayContaining(["trademarks"]),
      });
      expect({ q, first: firstThree(answer) }).toEqual({ q, first: expect.not.arrayContaining(["marketing"]) });
      expect(answer.match_quality).not.toBe("none");
    }
  });

  it("leaves a logo asked for, or a logo beside a trademark of its own, to the brand strategists", async () => {
    const same = await search("I need a new logo that looks the same on web and print");
    expect(same.query_interpretation.recognized.subcategories).not.toContain("trademarks");
    expect(same.experts[0]?.categories).toContain("marketing");
    const both = await search("I need a trademark registration and a new logo design");
    expect(both.query_interpretation.recognized.subcategories).toEqual(
      expect.arrayContaining(["trademarks", "branding"]),
    );
    expect(both.experts.slice(0, 10).some((e) => e.categories.includes("marketing"))).toBe(true);
  });
});
