import { Elysia } from "elysia";
import type { Auth } from "../http/auth.ts";
import { readJsonBody, startReadingBody } from "../http/json-body.ts";
import type { KeyOwner } from "../keys/verify.ts";
import { type InquiryDeps, submitInquiry } from "./submit.ts";

/**
 * POST /api/agents/inquiries. The body is read by hand (`parse: "none"`) so its size limit and
 * every kind of non-JSON body get the documented 413 and 400; the key is checked
 * (`requireApiKey`) before the body is parsed, while its bytes are drained, capped, as they
 * arrive (startReadingBody). A replayed answer carries `Idempotent-Replayed: true`.
 */
export function inquiryRoutes<User>(deps: InquiryDeps & { auth: Auth<KeyOwner, User> }) {
  return new Elysia({ name: "inquiries" }).use(deps.auth.plugin).post(
    "/api/agents/inquiries",
    async function createInquiry({ owner, request, set }) {
      const input = await readJsonBody(request);
      const { inquiry, replayed } = await submitInquiry(deps, owner, input, request.headers.get("idempotency-key"));
      set.status = 201;
      if (replayed) set.headers["idempotent-replayed"] = "true";
      return inquiry;
    },
    { requireApiKey: true, parse: "none", transform: ({ request }) => startReadingBody(request) },
  );
}
