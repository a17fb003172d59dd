import { contractZods } from "../contract/index.ts";

// The contract's texts point at REST operations; a tool description points at the tools.
const TOOL_NAMES: [RegExp, string][] = [
  [/`searchExperts`/g, "`search_experts`"],
  [/`getExpert`/g, "`get_expert`"],
  [/`createInquiry`/g, "`submit_inquiry`"],
];

function toolWording(text: string): string {
  return TOOL_NAMES.reduce((t, [from, to]) => t.replace(from, to), text.trim());
}

/** The contract's schemas as zod for the tools, worded for MCP (src/contract/zod.ts). */
export const toolSchemas = contractZods({ describe: toolWording });
