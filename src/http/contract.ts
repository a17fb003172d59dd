import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
// Bun imports YAML as data, and `bun build --compile` carries it inside the executable.
import contractDocument from "../../openapi/agents.yaml";
import type { FieldError } from "./problem.ts";

interface Parameter {
  name: string;
  in: "query" | "path" | "header" | "cookie";
  required?: boolean;
  schema: Record<string, unknown>;
}
interface Operation {
  operationId: string;
  parameters?: (Parameter | { $ref: string })[];
}
type PathItem = Record<string, Operation>;

/** The handwritten OpenAPI document, as served at /api/openapi.json. */
export const contract = contractDocument as {
  openapi: string;
  info: { version: string; title: string };
  paths: Record<string, PathItem>;
  components: Record<string, Record<string, unknown>>;
};

const CONTRACT_ID = "agents.yaml";

/**
 * An Ajv instance that knows every component of the contract, so `#/components/...` refs resolve.
 * Request validation uses defaults (a missing `limit` becomes 10); response checks in the tests do not.
 */
export function createContractAjv(options: { useDefaults: boolean }) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, useDefaults: options.useDefaults });
  addFormats(ajv);
  ajv.addSchema({ $id: CONTRACT_ID, components: contract.components });
  return ajv;
}

const requestAjv = createContractAjv({ useDefaults: true });

/** A schema taken out of the document, its `#/components/...` refs pointed back into it. */
export function anchoredSchema(schema: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${CONTRACT_ID}#/components/`));
}

/** The compiled validator of `components/schemas/<name>`. */
export function schemaValidator(ajv: ReturnType<typeof createContractAjv>, name: string): ValidateFunction {
  const validate = ajv.getSchema(`${CONTRACT_ID}#/components/schemas/${name}`);
  if (!validate) throw new Error(`The contract has no schema named ${name}`);
  return validate;
}

export function findOperation(operationId: string): Operation {
  for (const item of Object.values(contract.paths)) {
    for (const op of Object.values(item)) {
      if (op && typeof op === "object" && op.operationId === operationId) return op;
    }
  }
  throw new Error(`The contract has no operation ${operationId}`);
}

function resolveParameter(p: Parameter | { $ref: string }): Parameter {
  if (!("$ref" in p)) return p;
  const name = p.$ref.replace("#/components/parameters/", "");
  const resolved = contract.components.parameters?.[name] as Parameter | undefined;
  if (!resolved) throw new Error(`Unresolvable parameter ${p.$ref}`);
  return resolved;
}

/** The operation's parameters of one location (query, path, header), with refs resolved. */
export function operationParameters(operationId: string, location: Parameter["in"]): Parameter[] {
  return (findOperation(operationId).parameters ?? []).map(resolveParameter).filter((p) => p.in === location);
}

/** Turns Ajv's errors into the problem body's `{ field, message }` list, one line per fault. */
export function fieldErrors(errors: ErrorObject[] | null | undefined, unknownFieldMessage: string): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const e of errors ?? []) {
    // nullable fields are `type: [x, "null"]`; anyOf/oneOf wrappers add no information of their own
    if (e.keyword === "anyOf" || e.keyword === "oneOf" || e.keyword === "if") continue;
    const path = e.instancePath.split("/").slice(1).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
    let message = e.message ?? "is invalid";
    if (e.keyword === "required") {
      path.push(String(e.params.missingProperty));
      message = "is required";
    } else if (e.keyword === "additionalProperties") {
      path.push(String(e.params.additionalProperty));
      message = unknownFieldMessage;
    } else if (e.keyword === "enum") {
      message = `must be one of: ${(e.params.allowedValues as unknown[]).map(String).join(", ")}`;
    } else if (e.keyword === "type") {
      message = `must be ${[e.params.type].flat().join(" or ")}`;
    } else if (e.keyword === "pattern" && String(e.params.pattern).includes("@")) {
      message = "must be an e-mail address"; // EmailAddress: the contract spells out the pattern
    } else if (e.keyword === "pattern" && String(e.params.pattern).includes("https?://")) {
      // the contract's URL-scheme rules: say which schemes, not the regular expression
      const extra = String(e.params.pattern).match(/\|([a-z]+):\)/)?.[1];
      message = `must be an https: or http:${extra ? ` or ${extra}:` : ""} URL (no javascript:, data: or other schemes)`;
    } else if (e.keyword === "format") {
      message = e.params.format === "email" ? "must be an e-mail address" : `must be a valid ${e.params.format}`;
    }
    const field = path.length ? path.join(".") : "body";
    const key = `${field}\n${message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ field, message });
    }
  }
  return out;
}

export { requestAjv };
