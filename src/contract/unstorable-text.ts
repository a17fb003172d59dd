import type { FieldError } from "../http/problem.ts";

interface PathNode {
  key: string;
  parent: PathNode | null;
}

function pathOf(node: PathNode | null): string {
  const keys: string[] = [];
  for (let n = node; n; n = n.parent) keys.push(n.key);
  return keys.reverse().join(".") || "body";
}

export const NUL_MESSAGE = "must not contain NUL characters";
export const SURROGATE_MESSAGE = "must not contain unpaired UTF-16 surrogates";

const NUL = 1;
const SURROGATE = 2;

/** What is wrong with one string, as bits (a string may hold both). */
function faultsOf(text: string): number {
  // JSON's "\ud800" escape parses to a lone surrogate, which has no UTF-8 form
  return (text.includes("\u0000") ? NUL : 0) | (text.isWellFormed() ? 0 : SURROGATE);
}

/**
 * One input rule for every JSON value a client sends (REST bodies and query strings, MCP tool
 * arguments, import records): every string and every object key, at any depth, that PostgreSQL
 * cannot store. A NUL (U+0000) is refused by `text`; a lone UTF-16 surrogate (JSON `"\ud800"`)
 * has no UTF-8 form and is refused by `jsonb` (22P02). Either reaching the database breaks the
 * request instead of failing it cleanly, so inputs are checked for both before anything else.
 * Iterative, and each path is built only for a hit, so the work is linear in the value's size
 * whatever its depth.
 *
 * @example unstorableText({ context: { "k\ud800": "v" } }) // [{ field: "context.k\ud800", message: SURROGATE_MESSAGE }]
 */
export function unstorableText(value: unknown): FieldError[] {
  const found: FieldError[] = [];
  const stack: { value: unknown; at: PathNode | null }[] = [{ value, at: null }];
  while (stack.length) {
    const { value: v, at } = stack.pop()!;
    // the key naming this value (array indexes are always clean) and the value, one fault per kind
    const faults = (at ? faultsOf(at.key) : 0) | (typeof v === "string" ? faultsOf(v) : 0);
    if (faults) {
      const field = pathOf(at);
      if (faults & NUL) found.push({ field, message: NUL_MESSAGE });
      if (faults & SURROGATE) found.push({ field, message: SURROGATE_MESSAGE });
    }
    if (Array.isArray(v)) {
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
