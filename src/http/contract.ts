// The contract moved to src/contract/. These names stay only for src/experts/slug.ts and
// src/experts/import-file.ts, which another slice of issue 12 owns this round; delete this file
// once they import src/contract/ directly.
import { resolveRefs } from "../contract/index.ts";

export { fieldErrors, operationParameters, requestAjv, schemaValidator } from "../contract/index.ts";

/** Was: refs pointed into the Ajv-registered document. Schemas now arrive resolved. */
export function anchoredSchema(schema: unknown): Record<string, unknown> {
  return resolveRefs(schema) as Record<string, unknown>;
}
