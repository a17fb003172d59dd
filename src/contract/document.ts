// Bun imports YAML as data, and `bun build --compile` carries it inside the executable.
import contractDocument from "../../openapi/agents.yaml";

type Json = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: "query" | "path" | "header" | "cookie";
  required?: boolean;
  description?: string;
  schema: Json;
}

interface Operation {
  operationId: string;
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { content?: Record<string, { schema?: unknown }> } | { $ref: string };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> } | { $ref: string }>;
}

/** The handwritten OpenAPI document (openapi/agents.yaml), as served at /api/openapi.json. */
export const contract = contractDocument as {
  openapi: string;
  info: { version: string; title: string };
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};

// Keywords whose value is a map of names to schemas: there a key is a name (a property may be
// called `example` or `description`), not a keyword to drop or reword.
const NAME_MAPS = new Set(["properties", "patternProperties", "$defs", "dependentSchemas"]);

export interface ResolveOptions {
  /** Rewrites every `description` text (the MCP tools name tools where the contract names operations). */
  describe?: (text: string) => string;
  /** Writes an `allOf` of plain object schemas as the one object it means (for zod; see mergeAllOf). */
  mergeAllOf?: boolean;
}

/**
 * The one `$ref` resolver of the contract: a value with every `#/components/...` ref replaced by
 * its target (siblings of a ref, such as a parameter's `default`, kept over the target's) and the
 * `example`/`examples` annotations dropped. Request validators, path parameters and the MCP tools'
 * zod schemas all read the contract through it. The contract has no recursive schema, so full
 * inlining ends.
 */
export function resolveRefs(value: unknown, options: ResolveOptions = {}): unknown {
  return resolve(value, options, false);
}

function resolve(value: unknown, options: ResolveOptions, inNameMap: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => resolve(v, options, false));
  if (!value || typeof value !== "object") return value;
  const obj = value as Json;
  if (inNameMap) {
    return Object.fromEntries(Object.entries(obj).map(([name, v]) => [name, resolve(v, options, false)]));
  }
  if (typeof obj.$ref === "string") {
    const { $ref, ...siblings } = obj;
    return resolve({ ...(componentAt($ref) as Json), ...siblings }, options, false);
  }
  const out: Json = {};
  for (const [key, v] of Object.entries(obj)) {
    if (key === "examples" || key === "example") continue;
    if (key === "description" && typeof v === "string") out[key] = options.describe ? options.describe(v) : v;
    else out[key] = resolve(v, options, NAME_MAPS.has(key));
  }
  return options.mergeAllOf && Array.isArray(out.allOf) ? mergeAllOf(out) : out;
}

const OBJECT_KEYWORDS = new Set(["type", "description", "properties", "required"]);
const isPlainObject = (s: Json) => s.type === "object" && Object.keys(s).every((k) => OBJECT_KEYWORDS.has(k));

/**
 * An `allOf` of plain object schemas (one schema extending another) as the one object schema it
 * means. zod makes an allOf an intersection, which is no `type: object`, as an MCP tool's
 * outputSchema must be. Anything else (other keywords, one property constrained by two parts,
 * where merging would keep only one) is left as it is.
 */
function mergeAllOf(schema: Json): Json {
  const { allOf, ...own } = schema;
  const parts = [...(allOf as Json[]), { type: "object", ...own }];
  if (!parts.every(isPlainObject)) return schema;
  const properties: Json = {};
  for (const part of parts) {
    for (const [name, property] of Object.entries((part.properties ?? {}) as Json)) {
      if (name in properties) return schema;
      properties[name] = property;
    }
  }
  const required = [...new Set(parts.flatMap((p) => (p.required ?? []) as string[]))];
  const description = own.description ?? parts.find((p) => p.description)?.description;
  return { type: "object", ...(description ? { description } : {}), properties, required };
}

function componentAt(ref: string): unknown {
  const [, kind, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(ref) ?? [];
  const target = kind ? contract.components[kind]?.[name] : undefined;
  if (!target) throw new Error(`Unresolvable ref ${ref}`);
  return target;
}

/** `components/schemas/<name>`, refs resolved. */
export function componentSchema(name: string, options?: ResolveOptions): Json {
  return resolveRefs({ $ref: `#/components/schemas/${name}` }, options) as Json;
}

export function findOperation(operationId: string): Operation {
  for (const item of Object.values(contract.paths)) {
    for (const op of Object.values(item)) {
      if (op && typeof op === "object" && op.operationId === operationId) return op;
    }
  }
  throw new Error(`The contract has no operation ${operationId}`);
}

/** The operation's parameters of one location (query, path, header), refs resolved. */
export function operationParameters(
  operationId: string,
  location: Parameter["in"],
  options?: ResolveOptions,
): Parameter[] {
  const params = resolveRefs(findOperation(operationId).parameters ?? [], options) as Parameter[];
  return params.filter((p) => p.in === location);
}

/** The schema of the operation's JSON request body, refs resolved. */
export function requestBodySchema(operationId: string, options?: ResolveOptions): Json {
  const body = resolveRefs(findOperation(operationId).requestBody ?? {}, options) as {
    content?: Record<string, { schema?: Json }>;
  };
  const schema = body.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`${operationId} takes no JSON body`);
  return schema;
}

/** The schema of the operation's JSON success answer (200, else 201), refs resolved. */
export function successResponseSchema(operationId: string, options?: ResolveOptions): Json {
  const responses = findOperation(operationId).responses ?? {};
  const success = resolveRefs(responses["200"] ?? responses["201"] ?? {}, options) as {
    content?: Record<string, { schema?: Json }>;
  };
  const schema = success.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`${operationId} answers no JSON success`);
  return schema;
}
