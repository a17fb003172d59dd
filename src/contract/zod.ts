import * as z from "zod";
import { componentSchema, contract, operationParameters, type ResolveOptions } from "./document.ts";
import { portableSchema } from "./tool-schema.ts";
import { type OperationId, objectValidator } from "./validators.ts";

// The MCP SDK takes tool schemas as zod. A tool's output schema is the contract's schema made zod
// through the same resolver as the request validators. A tool's arguments are the contract's
// parameters or body properties, checked by the contract's own validator (objectValidator, as
// REST is), so an agent reads the same `{ field, message }` REST answers: the zod object given
// to the SDK only carries their JSON Schema to `tools/list` and lets every value through.
// What `tools/list` shows is the contract's JSON Schema itself (portableSchema: every nullable
// written one way), never zod's rendering of it, which writes a loose object's extra keys as the
// open schema `{}` and a union of bare types as a `type` array.

type Json = Record<string, unknown>;

/** One argument of a tool: its JSON Schema from the contract, and whether a call must give it. */
export interface ToolArgument {
  schema: Json;
  required: boolean;
  /** What the check holds it to, when less than `schema` says (a path parameter: see pathParameters). */
  checked?: Json;
}

/** A tool's arguments: the inputSchema for registerTool, and the check its handler runs first. */
export interface ToolArguments<T> {
  /**
   * Publishes each argument's JSON Schema (zod `.meta`, which toJSONSchema copies out) and checks
   * nothing: a value zod refused would be answered in zod's words, not the contract's.
   */
  inputSchema: z.ZodType;
  /** The contract's check (unstorable text, then the schema); throws the 400 HttpProblem REST throws. */
  validate: (args: unknown) => T;
}

/** A tool's arguments from their contract schemas (see ToolArguments). */
export function toolArguments<T>(args: Record<string, ToolArgument>): ToolArguments<T> {
  const entries = Object.entries(args);
  const required = entries.filter(([, a]) => a.required).map(([name]) => name);
  const shape = Object.fromEntries(entries.map(([name, a]) => [name, z.unknown().optional().meta(portableSchema(a.schema))]));
  const checked = Object.fromEntries(entries.map(([name, a]) => [name, a.checked ?? a.schema]));
  return {
    inputSchema: z.looseObject(shape).meta({ ...(required.length ? { required } : {}), additionalProperties: false }),
    validate: objectValidator<T>({ type: "object", properties: checked, required, additionalProperties: false }, { unknownField: "is not an argument of this tool", whole: "arguments" }),
  };
}

/**
 * A zod schema of `json` that publishes `json` as it is. The SDK renders tool schemas with zod's
 * toJSONSchema, which lays a schema's metadata over its own rendering key by key: with the whole
 * schema as the root's metadata, every key zod would write (`properties`, `required`,
 * `additionalProperties`…) is replaced by the contract's, or left out when the contract has none.
 */
function publishedSchema(json: Json): z.ZodType {
  const rendered = z.fromJSONSchema(json as never);
  return rendered.meta({ additionalProperties: undefined, ...json });
}

/** The contract's schemas for MCP tools, every description passed through `options.describe`. */
export function contractZods(wording: Pick<ResolveOptions, "describe"> = {}) {
  const options: ResolveOptions = { ...wording, mergeAllOf: true };
  function parameter(operationId: OperationId, location: "query" | "path", name: string) {
    const param = operationParameters(operationId, location, options).find((p) => p.name === name);
    if (!param) throw new Error(`${operationId} has no ${location} parameter ${name}`);
    return param;
  }
  const described = (schema: Json, description: string | undefined): Json => ({ ...schema, ...(description ? { description } : {}) });

  return {
    /**
     * `components/schemas/<name>` as a tool's outputSchema: zod made from it checks what a tool
     * returns (the SDK does, before sending), and `tools/list` publishes the schema itself
     * (publishedSchema).
     */
    schema(name: string): z.ZodType {
      return publishedSchema(portableSchema(componentSchema(name, options)));
    },

    /** One query parameter of an operation as an optional argument, with the parameter's description unless the tool words it differently. */
    queryParameter(operationId: OperationId, name: string, description?: string): ToolArgument {
      const param = parameter(operationId, "query", name);
      return { schema: described(param.schema, description ?? param.description?.trim()), required: false };
    },

    /**
     * One path parameter of an operation as a required argument (a tool names it in its
     * arguments). Checked only as a string, as REST does (pathParameters): what a bad one means
     * is the operation's, e.g. an impossible slug is "no such expert", not a 400.
     */
    pathParameter(operationId: OperationId, name: string, description: string): ToolArgument {
      return { schema: described(parameter(operationId, "path", name).schema, description), required: true, checked: { type: "string" } };
    },

    /** The properties of an object schema of the contract as arguments, required as the schema says. */
    properties(name: string): Record<string, (description: string) => ToolArgument> {
      const schema = componentSchema(name, options);
      const required = new Set((schema.required ?? []) as string[]);
      return Object.fromEntries(
        Object.entries(schema.properties as Record<string, Json>).map(([key, s]) => [key, (description: string) => ({ schema: described(s, description), required: required.has(key) })]),
      );
    },

    /** The enum values of `components/schemas/<name>`, e.g. the category slugs. */
    enumValues(name: string): string[] {
      return (contract.components.schemas[name] as { enum: string[] }).enum;
    },
  };
}
