import * as z from "zod";
import {
  contract,
  findOperation,
  operationParameters,
  requestBodySchema,
  type ResolveOptions,
  successResponseSchema,
} from "./document.ts";
import type { ArgumentsOf, Renames } from "./operation-types.ts";
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

/** What a tool that stands for an operation is given and gives back, typed by the operation (see contractZods().operationTool). */
export interface OperationTool<Op extends OperationId, R extends Renames<Op>>
  extends ToolArguments<ArgumentsOf<Op, R>> {
  /** The operation's success schema (ResultOf<Op>) as the tool's outputSchema (see `schema` below). */
  outputSchema: z.ZodType;
}

/** One description per argument of a tool, every argument named. */
export type ArgumentDescriptions<Op extends OperationId, R extends Renames<Op>> = {
  readonly [K in keyof ArgumentsOf<Op, R>]-?: string;
};

/** A tool's arguments from their contract schemas (see ToolArguments). */
export function toolArguments<T>(args: Record<string, ToolArgument>): ToolArguments<T> {
  const entries = Object.entries(args);
  const required = entries.filter(([, a]) => a.required).map(([name]) => name);
  const shape = Object.fromEntries(
    entries.map(([name, a]) => [name, z.unknown().optional().meta(portableSchema(a.schema))]),
  );
  const checked = Object.fromEntries(entries.map(([name, a]) => [name, a.checked ?? a.schema]));
  return {
    inputSchema: z.looseObject(shape).meta({ ...(required.length ? { required } : {}), additionalProperties: false }),
    validate: objectValidator<T>(
      { type: "object", properties: checked, required, additionalProperties: false },
      { unknownField: "is not an argument of this tool", whole: "arguments" },
    ),
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
  const described = (schema: Json, description: string): Json => ({ ...schema, description });

  return {
    /**
     * The arguments and result of a tool that stands for an operation: every path parameter, query
     * parameter and body field of `operationId` is an argument (under the tool's name for it in
     * `renames`), with the tool's own description, in the order of `descriptions`; the result is
     * the operation's success body. Path parameters are required and checked only as strings, as
     * REST does (pathParameters): what a bad one means is the operation's, e.g. an impossible slug
     * is "no such expert", not a 400. The others are checked as the contract says. The types follow: the handler gets
     * ArgumentsOf<Op, R> and returns ResultOf<Op>, as a REST handler of the operation does.
     *
     * @example toolSchemas.operationTool("getExpert", { slug: "The expert's slug.", locale: "Language of the texts." })
     */
    operationTool<Op extends OperationId, R extends Renames<Op> = Record<never, never>>(
      operationId: Op,
      descriptions: ArgumentDescriptions<Op, R>,
      renames?: R,
    ): OperationTool<Op, R> {
      const toolNames = new Map<string, string>(
        Object.entries<string | undefined>(renames ?? {}).flatMap(([input, name]) => (name ? [[input, name]] : [])),
      );
      const contractName = new Map([...toolNames].map(([input, name]) => [name, input]));
      const inputs = new Map<string, ToolArgument>();
      for (const p of operationParameters(operationId, "path", options)) {
        inputs.set(p.name, { schema: p.schema, required: true, checked: { type: "string" } });
      }
      for (const p of operationParameters(operationId, "query", options))
        inputs.set(p.name, { schema: p.schema, required: p.required ?? false });
      if (findOperation(operationId).requestBody) {
        const body = requestBodySchema(operationId, options);
        const required = new Set((body.required ?? []) as string[]);
        for (const [name, schema] of Object.entries(body.properties as Record<string, Json>))
          inputs.set(name, { schema, required: required.has(name) });
      }
      const args: Record<string, ToolArgument> = {};
      for (const [name, description] of Object.entries<string>(descriptions)) {
        const input = inputs.get(contractName.get(name) ?? name);
        if (!input) throw new Error(`${operationId} has no input for the tool argument ${name}`);
        args[name] = { ...input, schema: described(input.schema, description) };
      }
      const undescribed = [...inputs.keys()].filter((input) => !((toolNames.get(input) ?? input) in args));
      if (undescribed.length) throw new Error(`the tool of ${operationId} leaves out ${undescribed.join(", ")}`);
      return {
        ...toolArguments<ArgumentsOf<Op, R>>(args),
        outputSchema: publishedSchema(portableSchema(successResponseSchema(operationId, options))),
      };
    },

    /** The enum values of `components/schemas/<name>`, e.g. the category slugs. */
    enumValues(name: string): string[] {
      return (contract.components.schemas[name] as { enum: string[] }).enum;
    },
  };
}
