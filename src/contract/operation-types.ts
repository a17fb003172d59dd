import type { operations } from "../../generated/agents.ts";
import type { BodyOf, OperationId, PathOf, QueryOf } from "./validators.ts";

// What an operation takes and answers, as generated/agents.ts types it: an MCP tool that stands
// for an operation takes these arguments and returns this result, so a tool's handler is typed
// by the contract exactly as a REST handler is (validators.ts), with nothing written by hand.

type PathPart<Op extends OperationId> = [operations[Op]["parameters"]["path"]] extends [undefined]
  ? Record<never, never>
  : PathOf<Op>;
type BodyPart<Op extends OperationId> = [BodyOf<Op>] extends [never] ? Record<never, never> : BodyOf<Op>;

/** Everything an operation takes but its headers: path parameters, query parameters and JSON body fields, by the contract's names. */
export type InputOf<Op extends OperationId> = PathPart<Op> & QueryOf<Op> & BodyPart<Op>;

/** The name of an operation's input. */
export type InputName<Op extends OperationId> = keyof InputOf<Op> & string;

/** Names a tool gives some of an operation's inputs (`{ accepting: "accepting_only" }`); the others keep theirs. */
export type Renames<Op extends OperationId> = { readonly [K in InputName<Op>]?: string };

type Flat<T> = { [K in keyof T]: T[K] };

/** An operation's input under a tool's names (Renames), optional where the contract has it optional. */
export type ArgumentsOf<Op extends OperationId, R extends Renames<Op> = Record<never, never>> = Flat<{
  [K in keyof InputOf<Op> as K extends keyof R ? (R[K] extends string ? R[K] : K) : K]: InputOf<Op>[K];
}>;

type JsonContent<Response> = Response extends { content: { "application/json": infer B } } ? B : never;
type Responses<Op extends OperationId> = operations[Op]["responses"];

/** The JSON body of an operation's success (200, else 201). */
export type ResultOf<Op extends OperationId> = 200 extends keyof Responses<Op>
  ? JsonContent<Responses<Op>[200]>
  : 201 extends keyof Responses<Op>
    ? JsonContent<Responses<Op>[201]>
    : never;
