import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { expectSchema } from "./support/contract.ts";
import type { TestApp } from "./support/app.ts";
import { OPEN_EXPERT, appWithCorpus, searchJson } from "./support/search-wire.ts";

setDefaultTimeout(60_000);

// A service's description says in the seller's words what the service is ("exercises you can do at
// home, checked over video"): searched as a bio is (document.ts, weight D), so a sentence that
// describes the situation finds the expert who describes the service so, and `match` says `bio`.

const CORPUS = [
  {
    ...OPEN_EXPERT,
    slug: "t-desc-physio",
    name: "Maren Olsen",
    categories: ["healthcare"],
    location: { city: "Oslo", country_code: "NO" },
    languages_spoken: ["en"],
    translations: { en: { title: "Movement specialist", tagline: "Back on your feet" } },
    services: [
      {
        title: "Remote session",
        description: "Quadriceps and hamstring drills checked over a video call.",
        price_usd: 80,
        price_type: "fixed",
      },
    ],
  },
];

describe("services' descriptions", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await appWithCorpus(CORPUS);
  });
  afterAll(() => app?.stop());

  it("find the expert by words only a description holds, matched as a bio is", async () => {
    const body = await searchJson(app, "quadriceps hamstring drills");
    expectSchema("ExpertSearchResult", body);
    const found = body.experts.find((e: { slug: string }) => e.slug === "t-desc-physio");
    expect(found).toBeDefined();
    expect(found.match.fields).toEqual(["bio"]);
    expect(found.match.terms).toEqual(["quadriceps", "hamstring", "drills"]);
  });
});
