import { describe, expect, it, setDefaultTimeout } from "bun:test";
import { demoDirectorySuite } from "./support/search-wire.ts";

setDefaultTimeout(120_000);

// A health or training need whose patient is an animal (src/search/animal-patients.ts): the
// physiotherapists, dietitians and psychologists of the directory treat people, so nobody fits,
// whatever the profession's name matches. The owner's own needs beside an animal stay theirs.
// Over the wire on the demo directory: REST, validated against the contract by `get`.

const { search } = demoDirectorySuite();

const quality = async (q: string) => (await search(q)).match_quality;

describe("a need whose patient is an animal", () => {
  it("is a need nobody in the directory fits, in any language", async () => {
    for (const q of [
      "Suche Physiotherapie für meinen Hund nach einer Kreuzband-OP",
      "nutritionist for my cat",
      "Il mio gatto è ingrassato, cerco un nutrizionista",
      "psicólogo para mi perro",
      "我的猫需要营养师",
      // A breed stands for its animal.
      "physio for my old beagle, his hips are stiff",
    ])
      expect(await quality(q), q).toBe("none");
  });

  it("leaves the person's own need, and the owner's need of another field, as they were", async () => {
    expect(await quality("physiotherapist for my knee after surgery")).not.toBe("none");
    expect(await quality("nutritionist for my marathon training")).not.toBe("none");
    expect(await quality("my dog bit the neighbour's child, do I need a lawyer")).not.toBe("none");
    expect(await quality("I'm allergic to cats and need a dietitian to plan my meals")).not.toBe("none");
  });
});
