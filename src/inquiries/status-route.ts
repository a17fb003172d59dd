import { Elysia } from "elysia";
import { pathParameters, queryValidator } from "../contract/index.ts";
import type { Sql } from "../db/connect.ts";
import type { ExpertUrls } from "../experts/urls.ts";
import type { Auth } from "../http/auth.ts";
import type { KeyOwner } from "../keys/verify.ts";
import { getInquiryStatus } from "./status.ts";

const noQuery = queryValidator("getInquiryStatus");
const statusPath = pathParameters("getInquiryStatus");

/** GET /api/agents/inquiries/{id}: the follow-up of an inquiry for the account that sent it. */
export function inquiryStatusRoute<User>(deps: { sql: Sql; urls: ExpertUrls; auth: Auth<KeyOwner, User> }) {
  return new Elysia({ name: "inquiry-status" }).use(deps.auth.plugin).get(
    "/api/agents/inquiries/:id",
    async function followUpInquiry({ owner, params, request }) {
      noQuery(request);
      return getInquiryStatus(deps.sql, owner, statusPath(params).id, deps.urls);
    },
    { requireApiKey: true },
  );
}
