import { Elysia } from "elysia";
import { requireApiKey } from "../keys/verify.ts";
import { readJsonBody } from "../http/json-body.ts";
import { type InquiryDeps, submitInquiry } from "./submit.ts";

/**
 * POST /api/agents/inquiries. The body is read by hand (`parse: "none"`) so its size limit and
 * every kind of non-JSON body get the documented 413 and 400; the key is checked before the body
 * is read at all. A replayed answer carries `Idempotent-Replayed: true`.
 */
export function inquiryRoutes(deps: InquiryDeps) {
  return new Elysia({ name: "inquiries" }).post(
    "/api/agents/inquiries",
    async function createInquiry({ request, set }) {
      const owner = await requireApiKey(deps.sql, request.headers.get("authorization"));
      const input = await readJsonBody(request);
      const { inquiry, replayed } = await submitInquiry(deps, owner, input, request.headers.get("idempotency-key"));
      set.status = 201;
      if (replayed) set.headers["idempotent-replayed"] = "true";
      return inquiry;
    },
    { parse: "none" },
  );
}
