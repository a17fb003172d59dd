import type { components } from "../../generated/agents.ts";
import type { Pool, Sql } from "../db/connect.ts";
import { expertNotFound } from "../experts/slug.ts";
import type { ExpertUrls } from "../experts/urls.ts";
import { inquiryLimitReached } from "../http/limit-messages.ts";
import { limitProblem, problem } from "../http/problem.ts";
import { problemType } from "../http/problem-types.ts";
import type { KeyOwner } from "../keys/verify.ts";
import type { Logger } from "../log.ts";
import { mintActionLinks } from "./action-tokens.ts";
import { renderInquiryEmail } from "./email.ts";
import { claimIdempotencyKey, completeIdempotencyKey, recordEmailSent, requestHash } from "./idempotency.ts";
import { INQUIRY_LIMIT, WINDOW_HOURS, inquiryLimitExceeded } from "./limit.ts";
import type { Mailer } from "./mailer.ts";
import { type ClaimedMail, deliverClaimed, enqueueMail } from "./outbox.ts";
import { validateInquiryRequest } from "./request.ts";

export type Inquiry = components["schemas"]["Inquiry"];

/** Everything submitting an inquiry needs; built once in src/app.ts and shared by REST and MCP. */
export interface InquiryDeps {
  sql: Pool;
  urls: ExpertUrls;
  mailer: Mailer;
  log: Logger;
  /** First retry delay of an e-mail whose immediate send failed (MAIL config). */
  retryBaseMs: number;
  /** Told of every send attempt's outcome (the e-mail metrics). */
  onAttempt?: (sent: boolean) => void;
}

interface Target {
  id: string;
  slug: string;
  name: string;
  email: string;
  accepting_clients: boolean | null;
  availability_status: string | null;
}

async function findTarget(sql: Sql, slug: string): Promise<Target | undefined> {
  const [expert] = await sql<Target[]>`
    select id, slug, name, email, accepting_clients, availability_status
    from experts where slug = ${slug} and is_public and is_verified`;
  return expert;
}

/** The profile says not to book (the expert opted out, or is closed): no inquiry, no e-mail. */
function notAcceptingProblem(expert: Target) {
  return problem(
    409,
    `${expert.name} (${expert.slug}) is not accepting new clients, so no inquiry was sent. Do not retry; search for another expert.`,
    { type: problemType("expert-not-accepting") },
  );
}

function inquiryLimitProblem(retryAfter: number) {
  return limitProblem(inquiryLimitReached(INQUIRY_LIMIT, WINDOW_HOURS, retryAfter), {
    type: problemType("inquiry-limit"),
  });
}

type Outcome = { kind: "replay"; inquiry: Inquiry } | { kind: "created"; inquiry: Inquiry; mail: ClaimedMail };

/**
 * Records an inquiry from `owner`'s API key and notifies the expert. In one transaction: the
 * Idempotency-Key claim (replay or 422), the expert (404), an expert not accepting clients (409), the 5-per-24h limit per account and expert (429 with
 * Retry-After), the inquiry row and its outbox row. After commit the e-mail is sent at once when
 * SMTP is configured; `email_sent` says whether the server accepted it. A failed send stays in
 * the outbox for the worker. Throws HttpProblem 400/404/409/422/429.
 */
export async function submitInquiry(
  deps: InquiryDeps,
  owner: KeyOwner,
  input: unknown,
  idempotencyKey: string | null,
): Promise<{ inquiry: Inquiry; replayed: boolean }> {
  const request = validateInquiryRequest(input, idempotencyKey);
  const hash = requestHash(request);

  const outcome = await deps.sql.begin(async (tx): Promise<Outcome> => {
    if (idempotencyKey !== null) {
      const claim = await claimIdempotencyKey(tx, owner.keyId, idempotencyKey, hash);
      if (claim.kind === "replay") return { kind: "replay", inquiry: claim.body as Inquiry };
      if (claim.kind === "mismatch") {
        throw problem(
          422,
          "This Idempotency-Key was already used with a different request body. Use a new key for a new inquiry.",
        );
      }
    }
    const expert = await findTarget(tx, request.expert_slug);
    if (!expert) throw expertNotFound(request.expert_slug);
    if (expert.accepting_clients === false || expert.availability_status === "closed")
      throw notAcceptingProblem(expert);
    const retryAfter = await inquiryLimitExceeded(tx, owner.userId, expert.id);
    if (retryAfter !== null) throw inquiryLimitProblem(retryAfter);

    const context = request.context ?? null;
    const [row] = await tx<{ id: string; created_at: Date }[]>`
      insert into inquiries (api_key_id, expert_id, requester_name, requester_email, message, context)
      values (${owner.keyId}, ${expert.id}, ${request.requester_name}, ${request.requester_email}, ${request.message},
              ${context === null ? null : tx.json(context as never)})
      returning id, created_at`;
    const actions = await mintActionLinks(tx, row.id, deps.urls.base());
    const email = renderInquiryEmail({
      inquiryId: row.id,
      createdAt: row.created_at,
      expert: { name: expert.name, email: expert.email, profileUrl: deps.urls.profile(expert.slug) },
      requester: { name: request.requester_name, email: request.requester_email },
      message: request.message,
      context,
      sender: { accountEmail: owner.userEmail, keyName: owner.keyName },
      actions,
    });
    const mail = await enqueueMail(tx, row.id, email, deps.mailer.configured);
    const inquiry: Inquiry = {
      inquiry_id: row.id,
      status: "pending",
      expert_profile_url: deps.urls.profile(expert.slug),
      booking_url: deps.urls.booking(expert.slug),
      email_sent: false,
      created_at: row.created_at.toISOString(),
    };
    if (idempotencyKey !== null) await completeIdempotencyKey(tx, owner.keyId, idempotencyKey, 201, inquiry);
    return { kind: "created", inquiry, mail };
  });

  if (outcome.kind === "replay") return { inquiry: outcome.inquiry, replayed: true };
  const { inquiry, mail } = outcome;
  if (deps.mailer.configured) {
    // The inquiry is committed whatever happens here: a failure only leaves the e-mail queued.
    inquiry.email_sent = await deliverClaimed(deps, mail).catch((error) => {
      deps.log.error("recording an e-mail attempt failed", { outbox_id: mail.id, error: String(error) });
      return false;
    });
    if (inquiry.email_sent && idempotencyKey !== null) {
      await recordEmailSent(deps.sql, owner.keyId, idempotencyKey).catch((error) => {
        deps.log.warn("could not mark the idempotent answer as sent", { error: String(error) });
      });
    }
  }
  deps.log.info("inquiry created", {
    inquiry_id: inquiry.inquiry_id,
    api_key_id: owner.keyId,
    email_sent: inquiry.email_sent,
  });
  return { inquiry, replayed: false };
}
