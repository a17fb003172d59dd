import * as z from "zod";
import { contract, operationParameters } from "../http/contract.ts";

// The SDK takes tool schemas as zod; they are built from the contract's JSON Schema, so a tool
// accepts and returns exactly what the matching REST operation does (same limits, same enums).

// The contract's texts point at REST operations; a tool description points at the tools.
const TOOL_NAMES: [RegExp, string][] = [
  [/`searchExperts`/g, "`search_experts`"],
  [/`getExpert`/g, "`get_expert`"],
  [/`createInquiry`/g, "`submit_inquiry`"],
];

type Json = Record<string, unknown>;

/** A contract schema with every `#/components/...` ref inlined and examples dropped. */
export function inlineSchema(schema: unknown): Json {
  return inline(schema) as Json;
}

function inline(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inline);
  if (value && typeof value === "object") {
    const obj = value as Json;
    if (typeof obj.$ref === "string") {
      const [, kind, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(obj.$ref) ?? [];
      const target = contract.components[kind]?.[name];
      if (!target) throw new Error(`Unresolvable ref ${obj.$ref}`);
      const { $ref: _, ...siblings } = obj;
      return inline({ ...(target as Json), ...siblings });
    }
    const out: Json = {};
    for (const [key, v] of Object.entries(obj)) {
      if (key === "examples" || key === "example") continue;
      out[key] = key === "description" && typeof v === "string" ? toolWording(v) : inline(v);
    }
    return Array.isArray(out.allOf) ? mergeAllOf(out) : out;
  }
  return value;
}

const OBJECT_KEYWORDS = new Set(["type", "description", "properties", "required"]);
const isPlainObject = (s: Json) => s.type === "object" && Object.keys(s).every((k) => OBJECT_KEYWORDS.has(k));

/**
 * An `allOf` of plain object schemas (ExpertSummary and ExpertProfile are ExpertFields plus their
 * own properties) as the one object schema it means. zod would make it an intersection, which is
 * no `type: object`, as a tool's outputSchema must be. Anything else is left for zod to intersect.
 */
function mergeAllOf(schema: Json): Json {
  const { allOf, ...own } = schema;
  const parts = [...(allOf as Json[]), { type: "object", ...own }];
  if (!parts.every(isPlainObject)) return schema;
  const properties: Json = {};
  for (const part of parts) {
    for (const [name, property] of Object.entries((part.properties ?? {}) as Json)) {
      // two parts constraining one property would need both; merging would keep only one
      if (name in properties) return schema;
      properties[name] = property;
    }
  }
  const required = [...new Set(parts.flatMap((p) => (p.required ?? []) as string[]))];
  const description = own.description ?? parts.find((p) => p.description)?.description;
  return { type: "object", ...(description ? { description } : {}), properties, required };
}

function toolWording(text: string): string {
  return TOOL_NAMES.reduce((t, [from, to]) => t.replace(from, to), text.trim());
}

/** `components/schemas/<name>` as a zod schema (for outputSchema and input fields). */
export function contractZod(name: string): z.ZodType {
  return z.fromJSONSchema(inlineSchema({ $ref: `#/components/schemas/${name}` }) as never);
}

/**
 * One query parameter of a REST operation as an optional zod field, with the parameter's
 * description unless the tool words it differently.
 */
export function parameterZod(operationId: string, name: string, description?: string): z.ZodType {
  const param = operationParameters(operationId, "query").find((p) => p.name === name);
  if (!param) throw new Error(`${operationId} has no query parameter ${name}`);
  const field = z.fromJSONSchema(inlineSchema(param.schema) as never);
  return field.optional().describe(description ?? toolWording(String((param as { description?: string }).description ?? "")));
}

/** The enum values of `components/schemas/<name>`, e.g. the category slugs. */
export function contractEnum(name: string): string[] {
  return (contract.components.schemas[name] as { enum: string[] }).enum;
}

/** The properties of an object schema of the contract, each as zod (for a tool's input shape). */
export function propertyZods(name: string): Record<string, z.ZodType> {
  const schema = inlineSchema({ $ref: `#/components/schemas/${name}` });
  const properties = schema.properties as Record<string, Json>;
  return Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, z.fromJSONSchema(s as never)]));
}
