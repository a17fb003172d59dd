import { anchoredSchema, createContractAjv, fieldErrors, operationParameters, requestAjv, schemaValidator } from "./contract.ts";
import { type FieldError, validationProblem } from "./problem.ts";

const NUL_MESSAGE = "must not contain NUL characters";

interface PathNode {
  key: string;
  parent: PathNode | null;
}

function pathOf(node: PathNode | null): string {
  const keys: string[] = [];
  for (let n = node; n; n = n.parent) keys.push(n.key);
  return keys.reverse().join(".") || "body";
}

/**
 * Paths of every string in a JSON value holding U+0000. PostgreSQL text cannot store it, and a
 * NUL that reaches the database breaks the request instead of failing it cleanly, so every input
 * is checked for it before anything else. Iterative, and each path is built only for a hit, so
 * the work is linear in the value's size whatever its depth.
 */
export function nulFields(value: unknown): string[] {
  const found: string[] = [];
  const stack: { value: unknown; at: PathNode | null }[] = [{ value, at: null }];
  while (stack.length) {
    const { value: v, at } = stack.pop()!;
    if (at?.key.includes("\u0000")) found.push(pathOf(at)); // an object key with a NUL
    if (typeof v === "string") {
      if (v.includes("\u0000")) found.push(pathOf(at));
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], at: { key: String(i), parent: at } });
    } else if (v && typeof v === "object") {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        stack.push({ value: entries[i][1], at: { key: entries[i][0], parent: at } });
      }
    }
  }
  return found;
}

/**
 * A validator of an operation's query string, built from the contract's parameter schemas:
 * integers are converted from their text, defaults applied, unknown or repeated parameters and
 * anything out of range rejected with a 400 that names each parameter.
 */
export function queryValidator<T>(operationId: string): (request: Request) => T {
  const params = operationParameters(operationId, "query");
  const integers = new Set(params.filter((p) => p.schema.type === "integer").map((p) => p.name));
  const validate = requestAjv.compile({
    type: "object",
    properties: Object.fromEntries(params.map((p) => [p.name, anchoredSchema(p.schema)])),
    required: params.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  });
  // Read from the URL itself: a framework's query object keeps one value of a repeated name.
  return function validateQuery(request: Request): T {
    const value: Record<string, unknown> = {};
    const repeated = new Set<string>();
    for (const [name, raw] of new URL(request.url).searchParams) {
      if (name in value) repeated.add(name);
      value[name] = integers.has(name) && /^-?\d{1,15}$/.test(raw) ? Number(raw) : raw;
    }
    const withNul = nulFields(value);
    const errors: FieldError[] = withNul.map((field) => ({ field, message: NUL_MESSAGE }));
    if (!withNul.length && !validate(value)) errors.push(...fieldErrors(validate.errors, "is not a parameter of this endpoint"));
    for (const name of repeated) errors.push({ field: name, message: "must be given at most once" });
    if (errors.length) throw validationProblem(errors);
    return value as T;
  };
}

/** A validator of a JSON body against `components/schemas/<name>`; 400 lists every bad field. */
export function bodyValidator<T>(schemaName: string): (body: unknown) => T {
  const validate = schemaValidator(requestAjv, schemaName);
  return function validateBody(body: unknown): T {
    if (body === null || typeof body !== "object" || Array.isArray(body)) {
      throw validationProblem([{ field: "body", message: "must be a JSON object" }]);
    }
    const withNul = nulFields(body);
    if (withNul.length) throw validationProblem(withNul.map((field) => ({ field, message: NUL_MESSAGE })));
    if (!validate(body)) throw validationProblem(fieldErrors(validate.errors, "is not an allowed field"));
    return body as T;
  };
}

export { createContractAjv };
