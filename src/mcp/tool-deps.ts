import type { components } from "../../generated/agents.ts";
import type { Sql } from "../db/connect.ts";
import type { ExpertUrls } from "../experts/urls.ts";
import type { KeyOwner } from "../keys/verify.ts";
import type { Logger } from "../log.ts";
import type { SearchDeps } from "../search/deps.ts";
import type { McpCaller } from "./caller.ts";

export type InquiryRequest = components["schemas"]["InquiryRequest"];
export type Inquiry = components["schemas"]["Inquiry"];

/** What the tools need: the same feature functions and budgets the REST routes use. */
export interface McpToolDeps {
  sql: Sql;
  urls: ExpertUrls;
  log: Logger;
  /** The app's search: its database, caches, directory version and expert shape (src/app.ts). */
  search: SearchDeps;
  /**
   * Draws one request from the REST budget of the same name for this caller; throws the
   * 429 HttpProblem (with Retry-After) when it is spent.
   */
  rateLimit: (budget: "search" | "profile" | "availability", caller: McpCaller) => Promise<void>;
  /** Records an inquiry exactly as POST /api/agents/inquiries does; throws HttpProblems. */
  submitInquiry: (owner: KeyOwner, input: InquiryRequest) => Promise<Inquiry>;
}
