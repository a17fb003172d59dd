import { Elysia } from "elysia";
import type { Sql } from "../db/connect.ts";
import type { ExpertUrls } from "../experts/urls.ts";
import { pathParameters, queryValidator } from "../contract/index.ts";
import { requireApiKey } from "../keys/verify.ts";
import { getInquiryStatus } from "./status.ts";

const noQuery = queryValidator("getInquiryStatus");
const statusPath = pathParameters("getInquiryStatus");

/** GET /api/agents/inquiries/{id}: the follow-up of an inquiry for the account that sent it. */
export function inquiryStatusRoute(deps: { sql: Sql; urls: ExpertUrls }) {
  return new Elysia({ name: "inquiry-status" }).get("/api/agents/inquiries/:id", async function followUpInquiry({ params, request }) {
    const owner = await requireApiKey(deps.sql, request.headers.get("authorization"));
    noQuery(request);
    return getInquiryStatus(deps.sql, owner, statusPath(params).id, deps.urls);
  });
}
