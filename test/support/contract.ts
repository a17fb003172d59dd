import { expect } from "bun:test";
import { contract, createContractAjv, resolveRefs } from "../../src/contract/index.ts";

// No defaults here: a response must carry every required field itself.
const ajv = createContractAjv({ useDefaults: false });
const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

function validatorFor(schema: Record<string, unknown>) {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(resolveRefs(schema) as Record<string, unknown>);
    compiled.set(key, validate);
  }
  return validate;
}

/** Fails the test unless `value` conforms to `components/schemas/<name>`. */
export function expectSchema(name: string, value: unknown) {
  const validate = validatorFor({ $ref: `#/components/schemas/${name}` });
  if (!validate(value)) {
    throw new Error(
      `Not a valid ${name}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value, null, 2).slice(0, 2000)}`,
    );
  }
}

type Json = Record<string, any>;

const templates = Object.keys(contract.paths).map((template) => ({
  template,
  regex: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
}));

function deref(obj: Json): Json {
  if (obj && typeof obj.$ref === "string") {
    const [, kind, name] = obj.$ref.match(/^#\/components\/([^/]+)\/(.+)$/)!;
    return contract.components[kind][name] as Json;
  }
  return obj;
}

/**
 * Checks a response against the contract operation its method and path belong to: the status
 * must be documented, and the body must match the documented schema for that status.
 */
export function expectContractResponse(
  method: string,
  path: string,
  status: number,
  contentType: string | null,
  body: unknown,
) {
  const pathname = path.split("?")[0];
  const match = templates.find((t) => t.regex.test(pathname));
  if (!match) throw new Error(`${pathname} is not a path of the contract`);
  const op = (contract.paths[match.template] as Json)[method.toLowerCase()];
  if (!op) throw new Error(`${method} ${match.template} is not an operation of the contract`);
  const declared = op.responses[String(status)] ?? op.responses.default;
  if (!declared)
    throw new Error(`${method} ${match.template} returned ${status}, which the contract does not document`);
  const response = deref(declared);
  if (!response.content) {
    expect(body === null || body === "" || body === undefined).toBe(true);
    return;
  }
  const mediaType = (contentType ?? "").split(";")[0].trim();
  const media = response.content[mediaType];
  if (!media) {
    throw new Error(
      `${method} ${match.template} ${status} answered ${mediaType}; the contract documents ${Object.keys(response.content).join(", ")}`,
    );
  }
  const validate = validatorFor(media.schema);
  if (!validate(body)) {
    throw new Error(
      `${method} ${path} ${status}: body does not match the contract: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body, null, 2).slice(0, 2000)}`,
    );
  }
}

/**
 * Checks a webhook POST the app made against the contract's `webhooks` entry `name` (default
 * inquiryEvent): every documented header present and matching its schema, and the body matching
 * the request body's schema.
 */
export function expectContractWebhook(headers: Headers, body: unknown, name = "inquiryEvent") {
  const op = ((contract as unknown as Json).webhooks?.[name] as Json | undefined)?.post;
  if (!op) throw new Error(`${name} is not a webhook of the contract`);
  for (const parameter of (op.parameters ?? []).map(deref)) {
    if (parameter.in !== "header") continue;
    const value = headers.get(parameter.name);
    if (value === null) {
      if (parameter.required) throw new Error(`webhook ${name}: the required header ${parameter.name} is missing`);
      continue;
    }
    const validate = validatorFor(parameter.schema);
    if (!validate(value))
      throw new Error(
        `webhook ${name}: header ${parameter.name} "${value}" does not match the contract: ${ajv.errorsText(validate.errors)}`,
      );
  }
  const mediaType = (headers.get("content-type") ?? "").split(";")[0].trim();
  const media = op.requestBody?.content?.[mediaType];
  if (!media)
    throw new Error(
      `webhook ${name} sent ${mediaType}; the contract documents ${Object.keys(op.requestBody?.content ?? {}).join(", ")}`,
    );
  const validate = validatorFor(media.schema);
  if (!validate(body))
    throw new Error(
      `webhook ${name}: body does not match the contract: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body, null, 2).slice(0, 2000)}`,
    );
}
