import type { operations } from "../../generated/agents.ts";
import { type FieldError, validationProblem } from "../http/problem.ts";
import { fieldErrors, requestAjv } from "./ajv.ts";
import { operationParameters, requestBodySchema } from "./document.ts";
import { unstorableText } from "./unstorable-text.ts";

// Why not Elysia's own schema (TypeBox or a Standard Schema object) on the route: Elysia validates
// the query object it parsed, which keeps one value of a repeated name and has already decided
// how text becomes numbers, and it answers with its own error body. The contract's 400 names
// repeated and unknown parameters and unstorable text (NUL, lone surrogates), so the query is
// read from the raw URL here, and each validator's result is typed by its operationId: a handler
// gets exactly the contract's parameters and cannot name one the contract does not have.

/** Every operationId of the contract (openapi/agents.yaml, via generated/agents.ts). */
export type OperationId = keyof operations;

type Parameters<Op extends OperationId> = operations[Op]["parameters"];

/** The validated query of an operation; one without query parameters has none to read. */
export type QueryOf<Op extends OperationId> = [Parameters<Op>["query"]] extends [undefined]
  ? Record<never, never>
  : NonNullable<Parameters<Op>["query"]>;

/** The path parameters of an operation, by the contract's names. */
export type PathOf<Op extends OperationId> = NonNullable<Parameters<Op>["path"]>;

/** The JSON request body of an operation. */
export type BodyOf<Op extends OperationId> = operations[Op]["requestBody"] extends {
  content: { "application/json": infer B };
}
  ? B
  : never;

/**
 * A validator of an operation's query string, built from the contract's parameter schemas:
 * integers and booleans are converted from their text, defaults applied, unknown or repeated parameters and
 * anything out of range rejected with a 400 that names each parameter.
 *
 * @example const searchQuery = queryValidator("searchExperts"); searchQuery(request).limit // number | undefined
 */
export function queryValidator<Op extends OperationId>(operationId: Op): (request: Request) => QueryOf<Op> {
  const params = operationParameters(operationId, "query");
  const integers = new Set(params.filter((p) => p.schema.type === "integer").map((p) => p.name));
  const booleans = new Set(params.filter((p) => p.schema.type === "boolean").map((p) => p.name));
  const validate = requestAjv.compile({
    type: "object",
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  });
  // Read from the URL itself: a framework's query object keeps one value of a repeated name.
  return function validateQuery(request: Request): QueryOf<Op> {
    const value: Record<string, unknown> = {};
    const repeated = new Set<string>();
    for (const [name, raw] of new URL(request.url).searchParams) {
      if (name in value) repeated.add(name);
      value[name] =
        integers.has(name) && /^-?\d{1,15}$/.test(raw) ? Number(raw) : booleans.has(name) ? booleanOf(raw) : raw;
    }
    // A URL's percent-encoded bytes that are not UTF-8 (%ED%A0%80) decode to U+FFFD, never to a
    // lone surrogate, but the query is held to the one rule all the same.
    const errors: FieldError[] = unstorableText(value);
    if (!errors.length && !validate(value))
      errors.push(...fieldErrors(validate.errors, "is not a parameter of this endpoint"));
    for (const name of repeated) errors.push({ field: name, message: "must be given at most once" });
    if (errors.length) throw validationProblem(errors);
    return value as QueryOf<Op>;
  };
}

// A boolean in a query string: `true`/`false` as generated clients send it, `1`/`0` as forms and
// older links do. Anything else stays text, which the schema refuses ("must be boolean").
const BOOLEAN_TEXTS = new Map([
  ["true", true],
  ["1", true],
  ["false", false],
  ["0", false],
]);
const booleanOf = (raw: string): boolean | string => BOOLEAN_TEXTS.get(raw) ?? raw;

/**
 * The path parameters of an operation as the contract names them. Not checked against their
 * schemas here: what a bad one means is the operation's (an impossible slug is the spec's 404,
 * not a 400), so the feature function checks it.
 */
export function pathParameters<Op extends OperationId>(
  operationId: Op,
): (params: Record<string, string>) => PathOf<Op> {
  const names = operationParameters(operationId, "path").map((p) => p.name);
  return function pathOf(params: Record<string, string>): PathOf<Op> {
    return Object.fromEntries(names.map((name) => [name, params[name]])) as PathOf<Op>;
  };
}

/** A validator of an operation's JSON request body; 400 lists every bad field. */
export function bodyValidator<Op extends OperationId>(operationId: Op): (body: unknown) => BodyOf<Op> {
  return objectValidator<BodyOf<Op>>(requestBodySchema(operationId), {
    unknownField: "is not an allowed field",
    whole: "body",
  });
}

/**
 * A validator of a JSON object against a schema of the contract, the one check of REST bodies
 * and MCP tool arguments: not an object, then the one input rule (unstorableText: NUL and lone
 * surrogates, any depth, keys too), then the schema; each a 400 naming every bad field. Defaults
 * are applied in place.
 */
export function objectValidator<T>(
  schema: object,
  wording: { unknownField: string; whole: string },
): (value: unknown) => T {
  const validate = requestAjv.compile(schema);
  return function validateObject(value: unknown): T {
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      throw validationProblem([{ field: wording.whole, message: "must be a JSON object" }]);
    }
    const unstorable = unstorableText(value);
    if (unstorable.length) throw validationProblem(unstorable);
    if (!validate(value)) throw validationProblem(fieldErrors(validate.errors, wording.unknownField));
    return value as T;
  };
}
