import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type * as z from "zod";
import type { ArgumentDescriptions, ArgumentsOf, OperationId, Renames, ResultOf } from "../contract/index.ts";
import type { HttpProblem } from "../http/problem.ts";
import { callerOf, type McpCaller } from "./caller.ts";
import { toolSchemas } from "./schemas.ts";
import type { McpToolDeps } from "./tool-deps.ts";
import { guardedTool, type ToolFailure, type ToolReply } from "./tool-result.ts";

/** A tool's handler as the transports call it: arguments as sent (each tool checks its own), and who sent them. */
export type ToolHandler = (args: unknown, extra: { authInfo?: AuthInfo }) => Promise<CallToolResult>;

/** One tool of one app: the same name, description, schemas and handler for every server. */
export interface RegisteredTool {
  name: string;
  config: {
    title: string;
    description: string;
    inputSchema: z.ZodType;
    outputSchema: z.ZodType;
    annotations: ToolAnnotations;
  };
  handler: ToolHandler;
}

/** What a tool that stands for the contract operation `Op` is made of (see contractTool). */
export interface ContractToolSpec<Op extends OperationId, R extends Renames<Op>> {
  name: string;
  title: string;
  description: string;
  /** The operation the tool stands for: its inputs are the tool's arguments, its success body the tool's result. */
  operation: Op;
  /** The tool's description of each argument, in the order tools/list shows them; every input of the operation is named. */
  arguments: ArgumentDescriptions<Op, R>;
  /** Tool names of some inputs (`{ accepting: "accepting_only" }`). */
  renames?: R;
  annotations: ToolAnnotations;
  /** How a problem the handler threw reads to an agent when the generic text (problemText) says less, e.g. a 404 naming the slug. */
  wording?: (problem: HttpProblem, args: ArgumentsOf<Op, R>) => string | undefined;
  /**
   * The handler over one app's dependencies, made once per app (it may keep what it remembers
   * there). Its arguments are checked by the contract's validator first and typed by the
   * operation; its structured result is the operation's success body.
   */
  handler: (
    deps: McpToolDeps,
  ) => (args: ArgumentsOf<Op, R>, caller: McpCaller) => Promise<ToolReply<ResultOf<Op>> | ToolFailure>;
}

/** A tool defined once per process (its schemas built), made into an app's RegisteredTool with that app's dependencies. */
export interface ContractTool {
  readonly name: string;
  register(deps: McpToolDeps): RegisteredTool;
}

/**
 * The one way a tool is defined: a name, a description, the contract operation it stands for and
 * a handler. The input and output schemas come from the operation (toolSchemas.operationTool, built
 * here once per process: converting the contract to zod is the costly part, and a server is made
 * per session); every call is checked by the contract's validator, as REST is, before the handler
 * runs, and every failure becomes a tool error (guardedTool).
 *
 * @example export const getExpertTool = contractTool({ name: "get_expert", operation: "getExpert", arguments: { slug: "…", locale: "…" }, handler: (deps) => async ({ slug }) => … });
 */
export function contractTool<Op extends OperationId, const R extends Renames<Op> = Record<never, never>>(
  spec: ContractToolSpec<Op, R>,
): ContractTool {
  const schemas = toolSchemas.operationTool(spec.operation, spec.arguments, spec.renames);
  const config: RegisteredTool["config"] = {
    title: spec.title,
    description: spec.description,
    inputSchema: schemas.inputSchema,
    outputSchema: schemas.outputSchema,
    annotations: spec.annotations,
  };
  return {
    name: spec.name,
    register(deps) {
      const run = spec.handler(deps);
      const handler: ToolHandler = (sent, extra) => {
        // The wording of a problem may name an argument: the checked ones, set before anything can fail with a 404.
        let args: ArgumentsOf<Op, R> | undefined;
        const wording = (p: HttpProblem) => (args && spec.wording ? spec.wording(p, args) : undefined);
        return guardedTool(deps.log, spec.name, wording, async () => {
          args = schemas.validate(sent);
          return run(args, callerOf(extra));
        });
      };
      return { name: spec.name, config, handler };
    },
  };
}

/**
 * The JSON text of tool results that are sent again and again (a remembered search answer's):
 * a tool that returns the same result object for the same remembered answer has it serialized
 * once. Held weakly, so a result goes when its answer leaves the answer cache.
 */
export class ResultTexts {
  private readonly texts = new WeakMap<object, string>();

  of(result: CallToolResult): string {
    let text = this.texts.get(result);
    if (text === undefined) this.texts.set(result, (text = JSON.stringify(result)));
    return text;
  }
}
