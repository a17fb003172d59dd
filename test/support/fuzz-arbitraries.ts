import fc from "fast-check";
import { contract } from "../../src/contract/index.ts";

// fast-check arbitraries derived from the contract's own JSON Schemas: values the contract calls
// valid, and the hostile values the issue lists, to put into any field, parameter or header.

type Schema = Record<string, any>;

export function deref(schema: Schema): Schema {
  let s = schema;
  while (s && typeof s.$ref === "string") {
    const [, kind, name] = s.$ref.match(/^#\/components\/([^/]+)\/(.+)$/)!;
    s = {
      ...(contract.components[kind][name] as Schema),
      ...Object.fromEntries(Object.entries(s).filter(([k]) => k !== "$ref")),
    };
  }
  return s;
}

const EMAILS = ["alex.morgan@example.com", "o'brien+tax@mail.example.co.uk", "A.B@Example.ORG", "x@y.io"];

/** A value the schema accepts (kept small: lengths are capped so a case stays cheap). */
export function validValue(input: Schema): fc.Arbitrary<unknown> {
  const schema = deref(input);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== "null") : schema.type;
  switch (type) {
    case "string": {
      if (schema.format === "email") return fc.constantFrom(...EMAILS);
      if (schema.format === "uri") return fc.webUrl({ validSchemes: ["https", "http"] });
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 40, 40);
      if (schema.pattern) {
        const re = new RegExp(schema.pattern, "u");
        return fc.stringMatching(re).filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
      }
      return fc
        .string({ minLength: Math.max(min, 1), maxLength: Math.max(max, min, 1) })
        .filter((s) => s.trim().length > 0);
    }
    case "integer":
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case "number":
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(validValue(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case "object": {
      const props = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, v]) => [k, validValue(v as Schema)]),
      );
      if (!schema.properties && schema.additionalProperties !== false) {
        return fc.dictionary(
          fc.stringMatching(/^[a-z]{1,8}$/),
          fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean()),
          { maxKeys: 3 },
        );
      }
      return fc.record(props, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.constant(null);
  }
}

/** Strings the issue names: NUL, lone surrogates, scripts in URLs, injection, huge, odd Unicode. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "a\u0000b",
    "\u0000",
    "\ud800",
    "x\udfffy",
    "\ud83d",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "JaVaScRiPt:alert(1)",
    "vbscript:msgbox",
    "file:///etc/passwd",
    "//evil.example/x",
    "http://[::1",
    "https://a b",
    "' or 1=1 --",
    '"; drop table experts; --',
    "<script>alert(1)</script>",
    "../../../etc/passwd",
    "%00",
    "%",
    "%zz",
    "\u202e\u2066",
    "\r\nX-Injected: 1",
    "   ",
    "",
    "﷐",
    "\uffff",
    "🙂".repeat(300),
    "a".repeat(70_000),
  ),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ unit: "grapheme-composite", maxLength: 30 }),
);

/** Any JSON-ish value of the wrong kind, hostile strings included. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    1e308,
    -0,
    2 ** 53 + 1,
    [],
    {},
    [[[]]],
    { $ne: 1 },
    { __proto__: { admin: true } },
  ),
  fc.integer(),
  fc.double(),
);

const deep = (n: number) => "[".repeat(n) + "]".repeat(n);

/** Raw bodies that are not a JSON object, or not JSON at all, or barely JSON. */
export const hostileRawBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    "{",
    "}",
    "null",
    "[]",
    '"x"',
    "1",
    '{"a":}',
    "{'a':1}",
    "\ufeff{}",
    '{"a":1,"a":2}',
    '{"__proto__":{"x":1}}',
  ),
  fc.integer({ min: 30, max: 5000 }).map(deep),
  fc.integer({ min: 30, max: 3000 }).map((n) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.json({ maxDepth: 4 }),
);

/** Percent-encodes what it can; a lone surrogate (which encodeURIComponent refuses) goes as its WTF-8 bytes. */
function encodeLoosely(value: string): string {
  return [...value]
    .map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        const code = ch.charCodeAt(0);
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((b) => `%${b.toString(16).toUpperCase()}`)
          .join("");
      }
    })
    .join("")
    .replace(/%25/g, "%");
}

/** Query-string tails: duplicates, bad percent-encoding, NUL, lone surrogates, huge values. */
export function hostileQuery(params: string[]): fc.Arbitrary<string> {
  const name = fc.constantFrom(...(params.length ? params : ["x"]), "unknown", "q[]", "__proto__", "");
  return fc.oneof(
    fc.tuple(name, fc.constantFrom("1", "2", "tax")).map(([n, v]) => `${n}=${v}&${n}=${v}`),
    fc
      .tuple(name, fc.constantFrom("%", "%zz", "%E0%A4%A", "%00", "%ED%A0%80", "%C0%AF", "%FF%FE", "%2", "a%00b"))
      .map(([n, v]) => `${n}=${v}`),
    fc.tuple(name, fc.integer({ min: 1000, max: 8000 })).map(([n, len]) => `${n}=${"x".repeat(len)}`),
    fc.tuple(name, hostileString).map(([n, v]) => `${n}=${encodeLoosely(v.slice(0, 2000))}`),
    fc.constantFrom(
      "&&&",
      "=",
      "==x",
      "a=1&",
      "limit=-1",
      "limit=1e3",
      "page=99999999999999999999",
      "limit=0x10",
      "limit= 5",
    ),
  );
}

/** Path segments: bad encoding, NUL, traversal, long, Unicode. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "%ZZ",
    "%",
    "%00",
    "a%00b",
    "%ED%A0%80",
    "..%2F..%2Fetc",
    "%C0%AE",
    "x".repeat(300),
    "%F0%9F%99%82",
    "UPPER",
    "a--b",
    "-a",
  ),
  fc
    .string({ minLength: 1, maxLength: 30 })
    .map(encodeLoosely)
    .filter((s) => s !== "." && s !== ".." && !s.includes("/") && !s.includes("?") && !s.includes("#")),
);

/** Text PostgreSQL cannot store, the one input rule's two kinds: a lone UTF-16 surrogate (high or low) or a NUL, amid ASCII. */
export const unstorableString: fc.Arbitrary<{ text: string; kind: "surrogate" | "nul" }> = fc
  .tuple(
    fc.string({ maxLength: 6 }),
    fc.oneof(
      fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => ({ ch: String.fromCharCode(c), kind: "surrogate" as const })),
      fc.constant({ ch: "\u0000", kind: "nul" as const }),
    ),
    fc.string({ maxLength: 6 }),
  )
  .map(([before, { ch, kind }, after]) => ({ text: before + ch + after, kind }));

/** Where a planted fault is, as the 400's `errors` names it (path joined with dots). */
export interface Planted {
  value: unknown;
  field: string;
  kind: "surrogate" | "nul";
}

/**
 * Plants unstorable text into a JSON value at any depth: a string value replaced, an object key
 * renamed, or a nested object/array carrying it added under an object. `at` picks the place
 * among all there are, so every string, key and object of the value can be chosen.
 */
export const plantUnstorable: fc.Arbitrary<(value: unknown) => Planted> = fc
  .tuple(fc.nat(), fc.constantFrom("value", "key", "nested"), unstorableString, fc.constantFrom("k", "deep"))
  .map(([at, how, { text, kind }, name]) => (value: unknown): Planted => {
    const copy = structuredClone(value);
    // every place of the wanted kind, as a path and its parent
    const places: { parent: Record<string, unknown> | unknown[]; key: string; path: string[] }[] = [];
    const objects: { node: Record<string, unknown>; path: string[] }[] = [];
    const walk = (node: unknown, path: string[]) => {
      if (Array.isArray(node)) {
        for (const [i, v] of node.entries()) visit(node, String(i), v, path);
      } else if (node && typeof node === "object") {
        objects.push({ node: node as Record<string, unknown>, path });
        for (const [k, v] of Object.entries(node)) visit(node as Record<string, unknown>, k, v, path);
      }
    };
    const visit = (parent: Record<string, unknown> | unknown[], key: string, v: unknown, path: string[]) => {
      if (how === "value" ? typeof v === "string" : how === "key" && !Array.isArray(parent))
        places.push({ parent, key, path: [...path, key] });
      walk(v, [...path, key]);
    };
    walk(copy, []);
    if (how !== "nested" && places.length) {
      const { parent, key, path } = places[at % places.length];
      if (how === "value") {
        (parent as Record<string, unknown>)[key] = text;
        return { value: copy, field: path.join("."), kind };
      }
      const renamed = Object.fromEntries(Object.entries(parent).map(([k, v]) => [k === key ? key + text : k, v]));
      for (const k of Object.keys(parent)) delete (parent as Record<string, unknown>)[k];
      Object.assign(parent, renamed);
      return { value: copy, field: [...path.slice(0, -1), key + text].join("."), kind };
    }
    const { node, path } = objects.length
      ? objects[at % objects.length]
      : { node: copy as Record<string, unknown>, path: [] };
    node[name] = name === "k" ? { [`x${text}`]: 1 } : [1, { v: text }];
    return { value: copy, field: [...path, name, ...(name === "k" ? [`x${text}`] : ["1", "v"])].join("."), kind };
  });
