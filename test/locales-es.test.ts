import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { api, get, testApp, type TestApp } from "./support/app.ts";
import { expectConformingResult, mcpClient, resultText } from "./support/mcp.ts";

// Spanish, the seventh locale (issue 19), added as data only: page text, demo copy, city names,
// vocabulary and stop words. Over the wire, on the demo directory: pages, REST, MCP and search.

let app: TestApp;
let client: Client;
let tools: Tool[];
beforeAll(async () => {
  app = await testApp();
  client = await mcpClient(app.url, "streamable-http");
  tools = (await client.listTools()).tools;
}, 120_000);
afterAll(async () => {
  await client?.close();
});

/** A listed family lawyer with Spanish texts, and those texts as stored. */
async function spanishFamilyLawyer() {
  const [row] = await app.sql<{ slug: string; title: string; bio: string }[]>`
    select e.slug, t.title, t.bio from experts e
    join expert_translations t on t.expert_id = e.id and t.locale = 'es'
    where e.is_public and e.is_verified and e.accepting_clients
      and exists (select 1 from expert_subcategories s where s.expert_id = e.id and s.subcategory_slug = 'family-law')
    order by e.id limit 1`;
  if (!row) throw new Error("the demo directory has no family lawyer in Spanish");
  return row;
}

/** Each expert's title in Spanish, English where it has none: what a locale=es answer shows. */
async function spanishTitles(): Promise<Map<string, string>> {
  const rows = await app.sql<{ slug: string; title: string }[]>`
    select e.slug, coalesce(es.title, en.title) as title from experts e
    join expert_translations en on en.expert_id = e.id and en.locale = 'en'
    left join expert_translations es on es.expert_id = e.id and es.locale = 'es'`;
  return new Map(rows.map((r) => [r.slug, r.title]));
}

/** Slugs of the experts in a subcategory, from the database. */
async function inSubcategory(slug: string): Promise<Set<string>> {
  const rows = await app.sql<{ slug: string }[]>`
    select e.slug from experts e join expert_subcategories s on s.expert_id = e.id where s.subcategory_slug = ${slug}`;
  return new Set(rows.map((r) => r.slug));
}

describe("Spanish pages", () => {
  it("a profile page in Spanish by ?locale=es and by Accept-Language", async () => {
    const lawyer = await spanishFamilyLawyer();
    expect(lawyer.title).toMatch(/^Abogad[oa] de familia$/);
    for (const [path, headers] of [
      [`/experts/${lawyer.slug}?locale=es`, {}],
      [`/experts/${lawyer.slug}`, { "accept-language": "es-MX, es;q=0.9, en;q=0.5" }],
    ] as const) {
      const { status, body } = await get(app, path, headers);
      expect(status).toBe(200);
      expect(body).toContain('<html lang="es">');
      expect(body).toContain(lawyer.title);
      expect(body).toContain("Reservar una sesión");
      expect(body).toContain("Horario semanal");
      expect(body).toContain("Acerca de");
    }
  });

  it("the directory in Spanish finds family lawyers from Spanish words", async () => {
    const { status, body } = await get(app, `/experts?locale=es&q=${encodeURIComponent("abogado de familia")}`);
    expect(status).toBe(200);
    expect(body).toContain('<html lang="es">');
    expect(body).toContain("Una necesidad, un nombre, un lugar…");
    expect(body).toMatch(/Abogad[oa] de familia/);
  });
});

describe("Spanish over the API and MCP", () => {
  it("GET /api/agents/experts/{slug}?locale=es gives the Spanish title and bio", async () => {
    const lawyer = await spanishFamilyLawyer();
    const { status, body } = await api("GET", `/api/agents/experts/${lawyer.slug}?locale=es`);
    expect(status).toBe(200);
    expect(body.title).toBe(lawyer.title);
    expect(body.bio).toBe(lawyer.bio);
    expect(body.bio).toMatch(/\baños\b/);
  });

  it("MCP get_expert with locale es answers in Spanish", async () => {
    const lawyer = await spanishFamilyLawyer();
    const result = (await client.callTool({
      name: "get_expert",
      arguments: { slug: lawyer.slug, locale: "es" },
    })) as CallToolResult;
    expectConformingResult(tools.find((t) => t.name === "get_expert")!, result);
    expect((result.structuredContent as { title: string }).title).toBe(lawyer.title);
    expect(resultText(result)).toContain(lawyer.bio);
  });

  it("MCP search_experts reads Spanish and answers in Spanish", async () => {
    const result = (await client.callTool({
      name: "search_experts",
      arguments: { q: "busco un abogado de familia", locale: "es", limit: 5 },
    })) as CallToolResult;
    expectConformingResult(tools.find((t) => t.name === "search_experts")!, result);
    const answer = result.structuredContent as {
      experts: { slug: string; title: string }[];
      query_interpretation: { recognized: { subcategories: string[] }; ignored: string[] };
    };
    expect(answer.query_interpretation.recognized.subcategories).toContain("family-law");
    expect(answer.query_interpretation.ignored).toEqual(expect.arrayContaining(["busco", "un"]));
    const family = await inSubcategory("family-law");
    expect(answer.experts.length).toBe(5);
    expect(family.has(answer.experts[0].slug)).toBe(true);
    const titles = await spanishTitles();
    for (const e of answer.experts) expect(e.title).toBe(titles.get(e.slug)!);
    expect(answer.experts.some((e) => /^Abogad[oa] de familia$/.test(e.title))).toBe(true);
  });
});

describe("search in Spanish", () => {
  const search = async (q: string, extra = "") => {
    const { status, body } = await api("GET", `/api/agents/experts?q=${encodeURIComponent(q)}&limit=10${extra}`);
    expect(status).toBe(200);
    return body;
  };
  const slugs = (body: { experts: { slug: string }[] }) => body.experts.map((e) => e.slug).sort();

  it('"abogado de familia" is read as family law and finds what "family lawyer" finds', async () => {
    const family = await inSubcategory("family-law");
    const body = await search("abogado de familia");
    expect(body.query_interpretation.recognized.subcategories).toEqual(["family-law"]);
    for (const e of body.experts.slice(0, 3)) expect(family.has(e.slug), e.slug).toBe(true);
    expect(slugs(body)).toEqual(slugs(await search("family lawyer")));
  });

  it('Spanish city names are read as the city: "asesor fiscal en Múnich", "Nueva York", "Londres"', async () => {
    const munich = await search("asesor fiscal en Múnich");
    expect(munich.query_interpretation.recognized.cities).toEqual(["Munich, DE"]);
    expect(munich.query_interpretation.recognized.categories).toEqual(["tax-advisory"]);
    expect(munich.query_interpretation.ignored).toEqual(["en"]);
    expect(slugs(munich)).toEqual(slugs(await search("tax advisor munich")));
    const newYork = await search("Nueva York");
    expect(newYork.query_interpretation.recognized.cities).toEqual(["New York, US"]);
    expect(newYork.experts.length).toBeGreaterThan(0);
    for (const e of newYork.experts) expect(e.location.city).toBe("New York");
    const london = await search("profesor de inglés en Londres");
    expect(london.query_interpretation.recognized.categories).toEqual(["english-tutor"]);
    expect(london.query_interpretation.recognized.cities).toEqual(["London, GB"]);
    expect(london.experts[0].location.city).toBe("London");
    expect(london.experts[0].categories).toContain("english-tutor");
  });

  it('Spanish category, language and country names: "fisioterapeuta", "habla japonés", "España"', async () => {
    const physio = await inSubcategory("physiotherapy");
    const body = await search("fisioterapeuta");
    expect(body.query_interpretation.recognized.subcategories).toEqual(["physiotherapy"]);
    for (const e of body.experts.slice(0, 3)) expect(physio.has(e.slug), e.slug).toBe(true);
    const japanese = await search("contable que habla japonés");
    expect(japanese.query_interpretation.recognized.languages).toEqual(["ja"]);
    expect(japanese.query_interpretation.recognized.categories).toEqual(["accounting"]);
    expect(slugs(japanese)).toEqual(slugs(await search("accountant who speaks japanese")));
    const spain = await search("España");
    expect(spain.query_interpretation.recognized.countries).toEqual(["ES"]);
    expect(spain.experts.length).toBeGreaterThan(0);
    for (const e of spain.experts) expect(e.location.country_code).toBe("ES");
    // Among Spanish speakers: a Spanish query puts them first among equals, an English one does not.
    const spanishSpeakers = slugs(await search("abogado en España", "&language=es"));
    expect(spanishSpeakers.length).toBeGreaterThan(1);
    expect(spanishSpeakers).toEqual(slugs(await search("lawyer in spain", "&language=es")));
  });

  it("answers with Spanish texts for locale=es", async () => {
    const body = await search("abogado de familia", "&locale=es");
    const titles = await spanishTitles();
    for (const e of body.experts) expect(e.title).toBe(titles.get(e.slug)!);
    expect(body.experts.some((e: { title: string }) => /^Abogad[oa] de familia$/.test(e.title))).toBe(true);
  });
});
