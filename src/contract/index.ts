// The contract module: openapi/agents.yaml read once, its refs resolved in one place, and for
// each operationId its validators typed with generated/agents.ts. Routes, features and the MCP
// tools read the contract only through here.
export {
  contract,
  componentSchema,
  findOperation,
  operationParameters,
  resolveRefs,
  type Parameter,
} from "./document.ts";
export { createContractAjv, DATE_OR_DATE_TIME, fieldErrors, requestAjv, schemaValidator } from "./ajv.ts";
export { servedDocument, usedComponentsOnly } from "./served.ts";
export { NUL_MESSAGE, SURROGATE_MESSAGE, unstorableText } from "./unstorable-text.ts";
export {
  bodyValidator,
  pathParameters,
  queryValidator,
  type BodyOf,
  type OperationId,
  type PathOf,
  type QueryOf,
} from "./validators.ts";
export {
  contractZods,
  toolArguments,
  type ArgumentDescriptions,
  type OperationTool,
  type ToolArgument,
  type ToolArguments,
} from "./zod.ts";
export type { ArgumentsOf, InputOf, Renames, ResultOf } from "./operation-types.ts";
