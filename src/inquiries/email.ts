import { html } from "../html.ts";
import type { ActionLinks } from "./action-tokens.ts";
import type { OutgoingMail } from "./mailer.ts";

export interface InquiryEmailInput {
  inquiryId: string;
  createdAt: Date;
  expert: { name: string; email: string; profileUrl: string };
  requester: { name: string; email: string };
  message: string;
  context: Record<string, unknown> | null;
  /** The account whose API key sent the inquiry, so the expert knows who stands behind it. */
  sender: { accountEmail: string; keyName: string };
  /** The one-click links (src/inquiries/action-tokens.ts); absent only in old callers' tests. */
  actions?: ActionLinks;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const LINE_BREAKERS = /[\u0000-\u001f\u007f\u2028\u2029]+/g;

/**
 * One line of header-safe text: control characters (CR, LF, TAB, NUL …) become spaces. Nodemailer
 * folds and encodes headers itself; this makes sure no input can even ask for a new header line.
 */
export function headerText(value: string, max = 200): string {
  return value.replace(LINE_BREAKERS, " ").replace(/\s+/g, " ").trim().slice(0, max);
}

/**
 * The stable Message-ID of an inquiry's e-mail: the inquiry's id at the directory's public host
 * (RFC 5322 msg-id). One inquiry, one id, however often the outbox sends it.
 */
export function inquiryMessageId(inquiryId: string, profileUrl: string): string {
  let host = "expert-directory.invalid";
  try {
    host = new URL(profileUrl).hostname.replace(/^\[|\]$/g, "") || host;
  } catch {
    // a relative profile URL (no PUBLIC_BASE_URL yet): the placeholder domain above
  }
  if (!/^[A-Za-z0-9.-]+$/.test(host)) host = "expert-directory.invalid";
  return `<inquiry.${inquiryId}@${host}>`;
}

/**
 * The notification to the expert: To the expert's private address, Reply-To the requester, and
 * the same content as plain text and HTML (every value escaped). The subject carries only the
 * requester's name, flattened to one line.
 */
export function renderInquiryEmail(input: InquiryEmailInput): OutgoingMail {
  const requesterName = headerText(input.requester.name);
  const expertName = headerText(input.expert.name);
  const context = input.context && Object.keys(input.context).length ? JSON.stringify(input.context, null, 2) : null;
  const sentBy = `the API key "${headerText(input.sender.keyName, 100)}" of the account ${input.sender.accountEmail}`;

  const a = input.actions;
  const text = [
    `Hello ${expertName},`,
    "",
    `${requesterName} <${input.requester.email}> sent you an inquiry through Expert Directory.`,
    "",
    "Message:",
    input.message,
    "",
    ...(context ? ["Context:", context, ""] : []),
    `Reply to this e-mail to answer ${requesterName} directly; your reply goes to ${input.requester.email}.`,
    "",
    ...(a
      ? [
          "Let the sender know with one click (each link opens a page where you confirm):",
          `I'll reply: ${a.acknowledge}`,
          `Decline: ${a.decline}`,
          `Stop sending me inquiries: ${a.opt_out}`,
          "",
        ]
      : []),
    "-- ",
    `Sent by an agent with ${sentBy}.`,
    `Inquiry ${input.inquiryId}, ${input.createdAt.toISOString()}.`,
    `Your profile: ${input.expert.profileUrl}`,
    "",
  ].join("\n");

  const body = html`<!doctype html>
<html><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a;">
<p>Hello ${expertName},</p>
<p><strong>${requesterName}</strong> &lt;<a href="mailto:${input.requester.email}">${input.requester.email}</a>&gt; sent you an inquiry through Expert Directory.</p>
<h3>Message</h3>
<p style="white-space: pre-wrap;">${input.message}</p>
${
  context
    ? html`<h3>Context</h3>
<pre style="background: #f4f4f4; padding: 8px; white-space: pre-wrap;">${context}</pre>`
    : ""
}
<p>Reply to this e-mail to answer ${requesterName} directly; your reply goes to ${input.requester.email}.</p>
${
  a
    ? html`<p>Let the sender know with one click (each link opens a page where you confirm):</p>
<p><a href="${a.acknowledge}">I'll reply</a> · <a href="${a.decline}">Decline</a> · <a href="${a.opt_out}">Stop sending me inquiries</a></p>`
    : ""
}
<hr>
<p style="color: #666; font-size: 0.9em;">Sent by an agent with ${sentBy}.<br>
Inquiry ${input.inquiryId}, ${input.createdAt.toISOString()}.<br>
Your profile: <a href="${input.expert.profileUrl}">${input.expert.profileUrl}</a></p>
</body></html>
`;

  return {
    messageId: inquiryMessageId(input.inquiryId, input.expert.profileUrl),
    to: { name: expertName, address: input.expert.email.trim() },
    replyTo: { name: requesterName, address: input.requester.email },
    subject: headerText(`New inquiry from ${requesterName} via Expert Directory`, 250),
    text,
    html: body.toString(),
    // RFC 8058 one-click unsubscribe: mail clients POST "List-Unsubscribe=One-Click" to the URL.
    ...(a
      ? { headers: { "List-Unsubscribe": `<${a.opt_out}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } }
      : {}),
  };
}
