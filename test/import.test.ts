import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../src/db/connect.ts";
import { freshDatabase } from "./support/app.ts";
import { runCli } from "./support/cli.ts";

const dir = mkdtempSync(join(tmpdir(), "ed-import-"));
let env: Record<string, string | undefined>;
let database: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  database = await freshDatabase();
  env = database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : { DATA_DIR: join(dir, "data") };
});
afterAll(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** Reads the database after the CLI has exited (the embedded one is locked while it runs). */
async function query(fn: (sql: any) => Promise<any>): Promise<any> {
  const db = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: join(dir, "data") });
  try {
    return await fn(db.sql);
  } finally {
    await db.close();
  }
}

function record(slug: string, overrides: Record<string, unknown> = {}) {
  return {
    slug,
    name: `Test ${slug}`,
    email: `${slug}@experts.example.com`,
    categories: ["legal"],
    is_verified: true,
    location: { city: "Lyon", country_code: "FR", timezone: "Europe/Paris", coordinates: { lat: 45.76, lng: 4.83 } },
    languages_spoken: ["fr", "en-GB"],
    rating: 4.5,
    review_count: 3,
    translations: {
      en: { title: "Contract lawyer", tagline: "Plain-language contracts", bio: "Bio." },
      fr: { title: "Avocate en droit des contrats" },
    },
    services: [
      { title: "First call", price_usd: 90, price_type: "fixed", duration_minutes: 30 },
      { title: "Review", price_usd: 250, price_type: "fixed", duration_minutes: 60 },
    ],
    schedule: [{ day_of_week: 1, start_time: "09:00", end_time: "12:00" }],
    contact_methods: { website: "https://lyon-law.example.com" },
    ...overrides,
  };
}

describe("import FILE", () => {
  it("inserts NDJSON records with everything they carry", async () => {
    const file = join(dir, "experts.ndjson");
    writeFileSync(
      file,
      `${[record("imp-one"), record("imp-two"), record("imp-three")].map((r) => JSON.stringify(r)).join("\n")}\n`,
    );
    const result = await runCli(["import", file], env);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Imported 3 experts: 3 new, 0 updated");
    const rows = await query(
      (sql) => sql`
      select e.slug, e.starting_price_usd::float8 as price, e.language_subtags, e.search_text,
        (select count(*)::int from services s where s.expert_id = e.id) as services,
        (select count(*)::int from expert_translations t where t.expert_id = e.id) as texts
      from experts e where slug like 'imp-%' order by slug`,
    );
    expect(rows.map((r: any) => r.slug)).toEqual(["imp-one", "imp-three", "imp-two"]);
    expect(rows[0].price).toBe(90);
    expect(rows[0].services).toBe(2);
    expect(rows[0].texts).toBe(2);
    expect(rows[0].language_subtags.sort()).toEqual(["en", "fr"]);
    expect(rows[0].search_text).toContain("avocate en droit des contrats");
  }, 240_000); // the first CLI run creates the embedded database (migrations, vocabulary): 4–42 s here, past 60 s in a CI run beside a million-expert generation

  it("updates existing slugs from a JSON array, replacing services", async () => {
    const file = join(dir, "update.json");
    writeFileSync(
      file,
      JSON.stringify([
        record("imp-one", { name: "Renamed One", services: [{ title: "Only", price_usd: 40, price_type: "hourly" }] }),
      ]),
    );
    const result = await runCli(["import", file], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Imported 1 experts: 0 new, 1 updated");
    const [row] = await query(
      (sql) => sql`
      select name, starting_price_usd::float8 as price, (select count(*)::int from services s where s.expert_id = e.id) as services
      from experts e where slug = 'imp-one'`,
    );
    expect(row).toEqual({ name: "Renamed One", price: 40, services: 1 });
  });

  it("reads standard input with -", async () => {
    const result = await runCli(["import", "-"], env, `${JSON.stringify(record("imp-stdin"))}\n`);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("1 new");
  });

  it("reports every bad record with its line and field, a line that is not JSON among them, and writes nothing", async () => {
    const before = await query((sql) => sql`select count(*)::int as n, max(updated_at) as t from experts`);
    const bad = [
      record("imp-good-but-not-written"),
      record("imp-bad-title", { translations: { en: { tagline: "no title" } } }),
      record("imp-bad-email", { email: "not an e-mail", categories: ["astrology"] }),
      { ...record("imp-extra"), favourite_colour: "blue" },
      record("imp-nul", { name: "Nul\u0000Byte" }),
      record("imp-good-but-not-written"),
      record("imp-lone", { name: "Lone\ud800Half" }),
    ];
    const file = join(dir, "bad.ndjson");
    // Two lines that are not JSON, the last ones: they hide none of the problems above them.
    const missingColon = JSON.stringify(record("imp-colon")).replace('"name":', '"name" ');
    writeFileSync(file, `${bad.map((r) => JSON.stringify(r)).join("\n")}\nnot json\n${missingColon}\n`);
    const result = await runCli(["import", file], env);
    expect(result.code).toBe(1);
    // (The list of categories is the contract's, not this test's.)
    const lines = result.stderr
      .trim()
      .split("\n")
      .map((line) => line.replace(/(must be one of):.*/, "$1: …"));
    expect(lines).toEqual([
      "line 2 (slug imp-bad-title): translations.en.title is required",
      "line 3 (slug imp-bad-email): email must be an e-mail address",
      "line 3 (slug imp-bad-email): categories.0 must be one of: …",
      "line 4 (slug imp-extra): favourite_colour is not a field of ExpertImport",
      "line 5 (slug imp-nul): name must not contain NUL characters",
      "line 6 (slug imp-good-but-not-written): slug repeats the slug of the record at line 1",
      "line 7 (slug imp-lone): name must not contain unpaired UTF-16 surrogates",
      'line 8, column 1: not valid JSON: expected a value, found "n"',
      `line 9, column ${missingColon.indexOf('"name" ') + 8}: not valid JSON: expected ':' after the property name, found "\\""`,
      "9 problem(s) in the import file; nothing was written.",
    ]);
    const after = await query((sql) => sql`select count(*)::int as n, max(updated_at) as t from experts`);
    expect(after).toEqual(before);
  });

  it("reads a JSON array record by record: its syntax errors and its bad records all come with their lines", async () => {
    const before = await query((sql) => sql`select count(*)::int as n, max(updated_at) as t from experts`);
    // Pretty-printed, one record over many lines, as a person writes or fixes such a file.
    const records = [
      JSON.stringify(record("arr-good"), null, 2),
      JSON.stringify(record("arr-bad-email", { email: "nope" }), null, 2),
      JSON.stringify(record("arr-number"), null, 2).replace('"rating": 4.5', '"rating": 4.5.0'),
      JSON.stringify(record("arr-good-2"), null, 2),
      JSON.stringify(record("arr-comma"), null, 2).replace('"is_verified": true', '"is_verified": true,,'),
      JSON.stringify(record("arr-good"), null, 2),
    ];
    const text = `[\n${records.join(",\n")}\n]\n`;
    /** Line and column (from 1) of a piece of the file, found by plain counting. */
    const where = (piece: string, offset: number) => {
      const before = text.slice(0, text.indexOf(piece) + offset).split("\n");
      return `line ${before.length}, column ${before.at(-1)!.length + 1}`;
    };
    /** The line of record i's "{": the array's "[" has line 1 to itself. */
    const startLine = (i: number) => 2 + records.slice(0, i).reduce((lines, r) => lines + r.split("\n").length, 0);
    const file = join(dir, "bad-array.json");
    writeFileSync(file, text);
    const result = await runCli(["import", file], env);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      `line ${startLine(1)} (index 1) (slug arr-bad-email): email must be an e-mail address`,
      `${where("4.5.0", 3)}: not valid JSON: expected ',' or '}', found "."`,
      `${where("true,,", 5)}: not valid JSON: expected a property name in double quotes, found ","`,
      `line ${startLine(5)} (index 5) (slug arr-good): slug repeats the slug of the record at line 2 (index 0)`,
      "4 problem(s) in the import file; nothing was written.",
    ]);
    const after = await query((sql) => sql`select count(*)::int as n, max(updated_at) as t from experts`);
    expect(after).toEqual(before);
    expect(await query((sql) => sql`select count(*)::int as n from experts where slug like 'arr-%'`)).toEqual([
      { n: 0 },
    ]);
  });

  it("refuses scripts and data in URLs with the record's line, and allows mailto:/tel: only for e-mail and phone", async () => {
    const before = await query((sql) => sql`select count(*)::int as n from experts`);
    const bad = [
      record("imp-url-ok", {
        avatar_url: "https://img.example.com/a.png",
        contact_methods: { website: "http://example.com", email: "mailto:a@example.com", phone: "tel:+15555550100" },
      }),
      record("imp-js-avatar", { avatar_url: "javascript:alert(1)" }),
      record("imp-data-cover", { cover_image_url: "data:text/html;base64,PHNjcmlwdD4=" }),
      record("imp-js-contact", { contact_methods: { website: "JavaScript:alert(1)" } }),
      record("imp-mailto-website", { contact_methods: { website: "mailto:a@example.com" } }),
      record("imp-tel-email", { contact_methods: { email: "tel:+15555550100" } }),
    ];
    const file = join(dir, "urls.ndjson");
    writeFileSync(file, `${bad.map((r) => JSON.stringify(r)).join("\n")}\n`);
    const result = await runCli(["import", file], env);
    expect(result.code).toBe(1);
    expect(result.stderr).not.toContain("line 1 ");
    expect(result.stderr).toContain("line 2 (slug imp-js-avatar): avatar_url must be an https: or http: URL");
    expect(result.stderr).toContain("line 3 (slug imp-data-cover): cover_image_url must be an https: or http: URL");
    expect(result.stderr).toContain(
      "line 4 (slug imp-js-contact): contact_methods.website must be an https: or http: URL",
    );
    expect(result.stderr).toContain(
      "line 5 (slug imp-mailto-website): contact_methods.website must be an https: or http: URL",
    );
    expect(result.stderr).toContain(
      "line 6 (slug imp-tel-email): contact_methods.email must be an https: or http: or mailto: URL",
    );
    expect(await query((sql) => sql`select count(*)::int as n from experts`)).toEqual(before);
    writeFileSync(file, `${JSON.stringify(bad[0])}\n`);
    expect((await runCli(["import", file], env)).code).toBe(0);
  });

  it("says clearly when the file does not exist", async () => {
    const result = await runCli(["import", join(dir, "missing.json")], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("No such file");
  });
});
