import { describe, expect, it } from "bun:test";
import { contractTool } from "../src/mcp/tool-registry.ts";
import { toolError, toolResult } from "../src/mcp/tool-result.ts";

// Issue 19: an MCP tool is defined by its contract operation (contractTool), so its arguments and
// its result are the operation's types, as a REST handler's are. The `@ts-expect-error` lines are
// checked by tsc (test/typecheck.test.ts): if a wrong argument or result ever compiled, tsc would
// report the unused directive and that test would fail.

const base = { name: "probe", title: "Probe", description: "A tool of this test.", annotations: {} };

describe("contractTool", () => {
  it("refuses a tool that leaves out an input of its operation, or names one it does not have", () => {
    expect(() =>
      contractTool({
        ...base,
        operation: "getExpert",
        // @ts-expect-error locale is an input of getExpert, and the tool leaves it out
        arguments: { slug: "The slug." },
        handler: () => async () => toolError("never called"),
      }),
    ).toThrow("the tool of getExpert leaves out locale");
    expect(() =>
      contractTool({
        ...base,
        operation: "getExpert",
        // @ts-expect-error page is no input of getExpert
        arguments: { slug: "The slug.", locale: "The locale.", page: "A page." },
        handler: () => async () => toolError("never called"),
      }),
    ).toThrow("getExpert has no input for the tool argument page");
  });

  it("publishes an operation's inputs under the tool's names", () => {
    const tool = contractTool({
      ...base,
      operation: "getInquiryStatus",
      renames: { id: "inquiry_id" },
      arguments: { inquiry_id: "The id." },
      // @ts-expect-error the result is an InquiryStatus, not any object
      handler: () => async (args) => {
        const id: string = args.inquiry_id;
        // @ts-expect-error the tool's name replaces the contract's
        void args.id;
        return toolResult({ inquiry_id: id }, "");
      },
    });
    expect(tool.name).toBe("probe");
  });
});
