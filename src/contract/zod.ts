import * as z from "zod";
import { componentSchema, contract, operationParameters, type ResolveOptions } from "./document.ts";
import type { OperationId } from "./validators.ts";

// The MCP SDK takes tool schemas as zod; they are built from the contract's JSON Schema through
// the same resolver as the request validators, so a tool accepts and returns exactly what the
// matching REST operation does (same limits, same enums).

/** The contract's schemas as zod, every description passed through `options.describe`. */
export function contractZods(wording: Pick<ResolveOptions, "describe"> = {}) {
  const options: ResolveOptions = { ...wording, mergeAllOf: true };
  function parameter(operationId: OperationId, location: "query" | "path", name: string) {
    const param = operationParameters(operationId, location, options).find((p) => p.name === name);
    if (!param) throw new Error(`${operationId} has no ${location} parameter ${name}`);
    return param;
  }

  return {
    /** `components/schemas/<name>` as a zod schema (for outputSchema and input fields). */
    schema(name: string): z.ZodType {
      return z.fromJSONSchema(componentSchema(name, options) as never);
    },

    /**
     * One query parameter of an operation as an optional zod field, with the parameter's
     * description unless the tool words it differently.
     */
    queryParameter(operationId: OperationId, name: string, description?: string): z.ZodType {
      const param = parameter(operationId, "query", name);
      return z.fromJSONSchema(param.schema as never).optional().describe(description ?? param.description?.trim() ?? "");
    },

    /** One path parameter of an operation as a required zod field (a tool names it in its arguments). */
    pathParameter(operationId: OperationId, name: string, description: string): z.ZodType {
      return z.fromJSONSchema(parameter(operationId, "path", name).schema as never).describe(description);
    },

    /** The properties of an object schema of the contract, each as zod (for a tool's input shape). */
    properties(name: string): Record<string, z.ZodType> {
      const properties = componentSchema(name, options).properties as Record<string, Record<string, unknown>>;
      return Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, z.fromJSONSchema(s as never)]));
    },

    /** The enum values of `components/schemas/<name>`, e.g. the category slugs. */
    enumValues(name: string): string[] {
      return (contract.components.schemas[name] as { enum: string[] }).enum;
    },
  };
}
