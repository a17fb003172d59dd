import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { contract } from "../src/contract/document.ts";
import { CITY_NAMES } from "../src/demo/city-names.ts";
import { COPY } from "../src/demo/copy/index.ts";
import { escapeHtml } from "../src/html.ts";
import { LOCALES } from "../src/locales.ts";
import { BUILTIN_VOCABULARY } from "../src/search/builtin-vocabulary.ts";
import { parseVocabularyFile } from "../src/search/vocabulary-file.ts";
import { pageText } from "../src/web/page-text.ts";
import { api, get, testApp, type TestApp } from "./support/app.ts";
import { mcpClient, resultText } from "./support/mcp.ts";

// One list of locales (issue 19): the contract's enum, read by src/locales.ts, is the list the
// database, the pages, the REST answers, the MCP tools, the demo data and search all follow.
// Every check runs for each locale of the list, so a locale added to the enum is tested here too.

let app: TestApp;
let client: Client;
beforeAll(async () => {
  app = await testApp();
  client = await mcpClient(app.url, "streamable-http");
}, 120_000);
afterAll(async () => {
  await client?.close();
});

/** A listed expert translated into every locale, with those texts from the database. */
async function fullyTranslatedExpert() {
  const [row] = await app.sql<{ id: string; slug: string }[]>`
    select e.id, e.slug from experts e
    where e.is_public and e.is_verified
      and (select count(*) from expert_translations t where t.expert_id = e.id) = ${LOCALES.length}
    order by e.id limit 1`;
  if (!row) throw new Error("the demo directory has no expert in every locale");
  const texts = await app.sql<{ locale: string; title: string; tagline: string; bio: string }[]>`
    select locale, title, tagline, bio from expert_translations where expert_id = ${row.id}`;
  return { slug: row.slug, texts: new Map(texts.map((t) => [t.locale, t])) };
}

describe("the list of locales", () => {
  it("is the contract's Locale enum, in the contract's order, English first", () => {
    expect([...LOCALES] as string[]).toEqual((contract.components.schemas.Locale as { enum: string[] }).enum);
    expect(LOCALES[0]).toBe("en");
  });

  it("is what the database accepts: a translation in another language is refused", async () => {
    const rows = await app.sql<{ code: string }[]>`select code from locales order by code`;
    expect(rows.map((r) => r.code)).toEqual([...LOCALES].sort());
    const [expert] = await app.sql<{ id: string }[]>`select id from experts order by id limit 1`;
    const refused = app.sql`insert into expert_translations (expert_id, locale, title) values (${expert.id}, 'sv', 'Advokat')`;
    await expect(refused).rejects.toThrow(/foreign key/);
    const vocabulary = app.sql`insert into search_vocabulary (locale, kind, key, term) values ('sv', 'synonym', 'lawyer', 'advokat')`;
    await expect(vocabulary).rejects.toThrow(/foreign key/);
  });

  it("has page text, demo copy, city names and a search vocabulary with stop words for each locale", () => {
    for (const locale of LOCALES) {
      expect(pageText(locale).booking, locale).toBeTruthy();
      expect(COPY[locale].legal.titles.length, locale).toBe(COPY.en.legal.titles.length);
      if (locale !== "en")
        for (const [key, names] of Object.entries(CITY_NAMES)) expect(names[locale], `${key} ${locale}`).toBeTruthy();
      const { entries, errors } = parseVocabularyFile(BUILTIN_VOCABULARY[locale], locale);
      expect(errors, locale).toEqual([]);
      expect(
        entries.some((e) => e.kind === "stop"),
        locale,
      ).toBe(true);
      expect(
        entries.some((e) => e.kind === "city"),
        locale,
      ).toBe(true);
    }
  });
});

describe("every locale over the wire", () => {
  it("profile pages speak it by ?locale= and by Accept-Language, with the expert's texts in it", async () => {
    const expert = await fullyTranslatedExpert();
    for (const locale of LOCALES) {
      const title = escapeHtml(expert.texts.get(locale)!.title);
      for (const [path, headers] of [
        [`/experts/${expert.slug}?locale=${locale}`, {}],
        [`/experts/${expert.slug}`, { "accept-language": `${locale};q=0.9, sv;q=0.5` }],
      ] as const) {
        const { status, body } = await get(app, path, headers);
        expect(status, path).toBe(200);
        expect(body, `${path} ${locale}`).toContain(`<html lang="${locale}">`);
        expect(body, `${path} ${locale}`).toContain(title);
        expect(body, `${path} ${locale}`).toContain(escapeHtml(pageText(locale).booking));
        if (locale !== "en") expect(body).toContain(`hreflang="${locale}"`);
      }
    }
  });

  it("the directory page speaks it", async () => {
    for (const locale of LOCALES) {
      const { status, body } = await get(app, `/experts?locale=${locale}`);
      expect(status).toBe(200);
      expect(body).toContain(`<html lang="${locale}">`);
      expect(body).toContain(escapeHtml(pageText(locale).searchPlaceholder));
    }
  });

  it("REST profiles answer in it", async () => {
    const expert = await fullyTranslatedExpert();
    for (const locale of LOCALES) {
      const { status, body } = await api("GET", `/api/agents/experts/${expert.slug}?locale=${locale}`);
      expect(status).toBe(200);
      const texts = expert.texts.get(locale)!;
      expect({ title: body.title, tagline: body.tagline, bio: body.bio }, locale).toEqual({
        title: texts.title,
        tagline: texts.tagline,
        bio: texts.bio,
      });
    }
  });

  it("the MCP tools name every locale and get_expert answers in each", async () => {
    const { tools } = await client.listTools();
    for (const name of ["get_expert", "search_experts"]) {
      const locale = tools.find((t) => t.name === name)!.inputSchema.properties!.locale as {
        description: string;
        enum: string[];
      };
      for (const l of LOCALES) expect(locale.description, `${name} ${l}`).toContain(l);
      expect(locale.enum).toEqual([...LOCALES]);
    }
    const expert = await fullyTranslatedExpert();
    for (const locale of LOCALES) {
      const result = (await client.callTool({
        name: "get_expert",
        arguments: { slug: expert.slug, locale },
      })) as CallToolResult;
      expect(result.isError ?? false).toBe(false);
      expect(resultText(result), locale).toContain(expert.texts.get(locale)!.title);
      expect((result.structuredContent as { title: string }).title).toBe(expert.texts.get(locale)!.title);
    }
  });
});
