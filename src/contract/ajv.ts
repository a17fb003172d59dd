import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { FieldError } from "../http/problem.ts";
import { componentSchema } from "./document.ts";

/**
 * An Ajv for the contract's schemas, which reach it with their refs resolved (document.ts).
 * Request validation uses defaults (a missing `limit` becomes 10); response checks in the tests do not.
 */
export function createContractAjv(options: { useDefaults: boolean }) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, useDefaults: options.useDefaults });
  addFormats(ajv);
  return ajv;
}

/** The Ajv of request validation (defaults on). */
export const requestAjv = createContractAjv({ useDefaults: true });

/** The compiled validator of `components/schemas/<name>`. */
export function schemaValidator(ajv: ReturnType<typeof createContractAjv>, name: string): ValidateFunction {
  return ajv.compile(componentSchema(name));
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
