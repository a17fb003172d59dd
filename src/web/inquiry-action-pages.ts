import type { Locale } from "../experts/summary.ts";
import { type Html, html } from "../html.ts";
import { ACTION_PATH, type InquiryAction } from "../inquiries/action-tokens.ts";
import { DECLINE_REASON_MAX } from "../inquiries/actions.ts";
import { fill, type PageText, pageText } from "./page-text.ts";
import { publicLayout } from "./public-layout.ts";

// The small pages behind the inquiry e-mail's one-click links: a GET shows what the link would
// do and a form that confirms it with a POST (the token in the form body), so a mail scanner that
// fetches every link changes nothing.

const NOINDEX = html`<meta name="robots" content="noindex, nofollow">`;

function titleOf(t: PageText, action: InquiryAction): string {
  return action === "acknowledge"
    ? t.actionAcknowledgeTitle
    : action === "decline"
      ? t.actionDeclineTitle
      : t.actionOptOutTitle;
}

function framed(locale: Locale, title: string, body: Html): Html {
  return publicLayout(
    { locale, title: `${title} | ${pageText(locale).siteName}`, extra: NOINDEX },
    html`<article class="inquiry-action">${body}</article>`,
  );
}

export interface ConfirmView {
  locale: Locale;
  action: InquiryAction;
  token: string;
  requesterName: string;
  createdAt: Date;
  /** Shown above the form after a refused POST (a reason too long). */
  error?: string;
}

/** The confirm page: who the inquiry is from, what the button does, and the POST form. */
export function confirmPage(v: ConfirmView): Html {
  const t = pageText(v.locale);
  const date = new Intl.DateTimeFormat(v.locale, { dateStyle: "long", timeZone: "UTC" }).format(v.createdAt);
  const name = v.requesterName;
  const [body, button] =
    v.action === "acknowledge"
      ? [fill(t.actionAcknowledgeBody, { name }), t.actionAcknowledgeButton]
      : v.action === "decline"
        ? [fill(t.actionDeclineBody, { name }), t.actionDeclineButton]
        : [t.actionOptOutBody, t.actionOptOutButton];
  return framed(
    v.locale,
    titleOf(t, v.action),
    html`<h1>${titleOf(t, v.action)}</h1>
<p class="muted">${fill(t.actionFrom, { name, date })}</p>
<p>${body}</p>
${v.error ? html`<p class="error" role="alert">${v.error}</p>` : ""}
<form method="post" action="${ACTION_PATH}">
<input type="hidden" name="token" value="${v.token}">
<input type="hidden" name="locale" value="${v.locale}">
${
  v.action === "decline"
    ? html`<p><label for="reason">${t.actionDeclineReason}</label><br>
<textarea id="reason" name="reason" rows="4" cols="60" maxlength="${DECLINE_REASON_MAX}"></textarea></p>`
    : ""
}
<p><button type="submit"${v.action === "acknowledge" ? "" : html` class="danger"`}>${button}</button></p>
</form>`,
  );
}

export type ResultKind = "done" | "used" | "expired" | "invalid" | "too-late";

/** The page after a POST, or for a link that can no longer be used. */
export function resultPage(locale: Locale, kind: ResultKind, action: InquiryAction | null, requesterName = ""): Html {
  const t = pageText(locale);
  const text =
    kind === "used"
      ? t.actionUsed
      : kind === "expired"
        ? t.actionExpired
        : kind === "invalid"
          ? t.actionInvalid
          : kind === "too-late"
            ? t.actionTooLate
            : action === "acknowledge"
              ? fill(t.actionAcknowledged, { name: requesterName })
              : action === "decline"
                ? t.actionDeclined
                : t.actionOptedOut;
  const title = action ? titleOf(t, action) : t.siteName;
  return framed(
    locale,
    title,
    html`<h1>${title}</h1>
<p class="${kind === "done" ? "notice" : "muted"}" role="status">${text}</p>`,
  );
}
