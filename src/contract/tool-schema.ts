// The contract's schemas as MCP tools publish them. The contract writes a nullable the OpenAPI 3.1
// way, `type: [X, "null"]` for a value and `oneOf: [S, {type: "null"}]` for a referenced schema;
// a tool writes every nullable one way, `anyOf: [S, {type: "null"}]`, the one spelling the MCP
// Inspector's `--strict` portability check and the tool-schema subsets of model providers accept
// (a `type` array is what Gemini's single-type dialect rejects, and zod would turn a bare
// `anyOf` of two types back into one: see publishedSchema in zod.ts).

type Json = Record<string, unknown>;

// Keywords that describe a value rather than constrain it: they stay on the nullable as a whole
// when its non-null part moves into an `anyOf` branch.
const ANNOTATIONS = new Set(["description", "title", "default", "deprecated", "readOnly", "writeOnly"]);
// Keywords whose value is a map of names to schemas, and those holding one schema or a list.
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "dependentSchemas"]);
const SCHEMA_VALUES = new Set([
  "items",
  "additionalProperties",
  "propertyNames",
  "contains",
  "not",
  "if",
  "then",
  "else",
]);
const SCHEMA_LISTS = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);

const isNull = (s: unknown) =>
  !!s && typeof s === "object" && (s as Json).type === "null" && Object.keys(s).length === 1;

/**
 * A schema of the contract (refs resolved) with every nullable written `anyOf: [S, {type: "null"}]`,
 * at any depth; everything else as it is.
 *
 * @example portableSchema({ type: ["string", "null"], maxLength: 9, description: "d" })
 *   // { description: "d", anyOf: [{ type: "string", maxLength: 9 }, { type: "null" }] }
 */
export function portableSchema(schema: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_MAPS.has(key) && value && typeof value === "object") {
      out[key] = Object.fromEntries(
        Object.entries(value as Json).map(([name, s]) => [name, portableSchema(s as Json)]),
      );
    } else if (SCHEMA_VALUES.has(key) && value && typeof value === "object" && !Array.isArray(value)) {
      out[key] = portableSchema(value as Json);
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      out[key] = value.map((s) => (s && typeof s === "object" ? portableSchema(s as Json) : s));
    } else {
      out[key] = value;
    }
  }
  return nullableAsAnyOf(out);
}

function nullableAsAnyOf(schema: Json): Json {
  const { type, oneOf, ...rest } = schema;
  // `oneOf: [S, {type: "null"}]`: S and null never overlap, so "exactly one" is "at least one"
  if (Array.isArray(oneOf) && oneOf.length === 2 && oneOf.some(isNull) && type === undefined) {
    return { ...rest, anyOf: [...oneOf.filter((s) => !isNull(s)), { type: "null" }] };
  }
  if (!Array.isArray(type) || !type.includes("null")) return schema;
  const types = type.filter((t) => t !== "null");
  if (types.length !== 1)
    throw new Error(`No portable spelling of type ${JSON.stringify(type)}: give the value one type besides null`);
  const annotations: Json = {};
  const constraints: Json = { type: types[0] };
  for (const [key, value] of Object.entries({ ...rest, ...(oneOf ? { oneOf } : {}) }))
    (ANNOTATIONS.has(key) ? annotations : constraints)[key] = value;
  return { ...annotations, anyOf: [constraints, { type: "null" }] };
}
