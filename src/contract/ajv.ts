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

/** What `from` of getExpertAvailability must look like (its pattern's message, and the calendar check's). */
export const DATE_OR_DATE_TIME = "must be a date (2026-03-10) or an RFC 3339 date-time with offset";

/** Whether `e` is one of the errors `outer` sums up: under its schema, at its value or inside it. */
const within = (e: ErrorObject, outer: ErrorObject) =>
  e !== outer &&
  e.schemaPath.startsWith(`${outer.schemaPath}/`) &&
  (e.instancePath === outer.instancePath || e.instancePath.startsWith(`${outer.instancePath}/`));

/**
 * Ajv's errors of an `anyOf` (one per branch, then the anyOf's own) as the one fault they mean,
 * in the anyOf's place: the errors of the branch of the value's type when there is one (a string
 * too long), else one error listing the types the value may have ("must be string, number or
 * boolean").
 */
function anyOfFaults(errors: ErrorObject[]): ErrorObject[] {
  const anyOfs = errors.filter((e) => e.keyword === "anyOf");
  return errors.flatMap((e) => {
    if (anyOfs.some((outer) => within(e, outer))) return []; // told by its anyOf
    if (e.keyword !== "anyOf") return [e];
    const branches = new Map<string, ErrorObject[]>();
    for (const inner of errors.filter((i) => within(i, e))) {
      const branch = inner.schemaPath.slice(e.schemaPath.length + 1).split("/")[0];
      branches.set(branch, [...(branches.get(branch) ?? []), inner]);
    }
    const typeErrors = (branch: ErrorObject[]) =>
      branch.filter((i) => i.keyword === "type" && i.instancePath === e.instancePath);
    const ofItsType = [...branches.values()].find((branch) => typeErrors(branch).length === 0);
    return (
      ofItsType ?? [
        {
          ...e,
          keyword: "type",
          params: { type: [...branches.values()].flatMap(typeErrors).flatMap((i) => i.params.type) },
        },
      ]
    );
  });
}

/**
 * A `propertyNames` failure named by its key: field `context.<key>`, message "key must NOT have
 * more than 64 characters". Ajv reports a key's errors, then the `propertyNames` error naming it.
 */
function propertyNameFaults(errors: ErrorObject[]): ErrorObject[] {
  const out: ErrorObject[] = [];
  let pending: ErrorObject[] = [];
  for (const e of errors) {
    if (e.keyword === "propertyNames") {
      const inner = pending.filter((i) => within(i, e));
      out.push(...pending.filter((i) => !inner.includes(i)));
      pending = [];
      const key = String(e.params.propertyName).replace(/~/g, "~0").replace(/\//g, "~1");
      for (const fault of inner.length ? inner : [e]) {
        out.push({
          ...fault,
          keyword: "propertyName",
          instancePath: `${e.instancePath}/${key}`,
          message: `key ${fault === e ? "is not allowed" : fault.message}`,
        });
      }
    } else if (e.schemaPath.includes("/propertyNames/")) pending.push(e);
    else out.push(e);
  }
  return [...out, ...pending];
}

/** Turns Ajv's errors into the problem body's `{ field, message }` list, one line per fault. */
export function fieldErrors(errors: ErrorObject[] | null | undefined, unknownFieldMessage: string): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const e of propertyNameFaults(anyOfFaults(errors ?? []))) {
    // nullable fields are `type: [x, "null"]`; oneOf wrappers add no information of their own
    if (e.keyword === "oneOf" || e.keyword === "if") continue;
    const path = e.instancePath
      .split("/")
      .slice(1)
      .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
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
      const types = [...new Set([e.params.type].flat().map(String))];
      message = `must be ${types.length > 2 ? `${types.slice(0, -1).join(", ")} or ${types.at(-1)}` : types.join(" or ")}`;
    } else if (e.keyword === "pattern" && String(e.params.pattern).startsWith("^\\d{4}-\\d{2}-\\d{2}")) {
      message = DATE_OR_DATE_TIME;
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
