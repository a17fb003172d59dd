import type { components } from "../../generated/agents.ts";
import { type Html, html } from "../html.ts";
import { layout, shortTime } from "./dashboard-pages.ts";

type Webhook = components["schemas"]["Webhook"];
type WebhookDelivery = components["schemas"]["WebhookDelivery"];

function deliveryRow(d: WebhookDelivery): Html {
  const outcome = d.last_status_code !== null ? String(d.last_status_code) : d.attempts ? "no answer" : "not tried yet";
  return html`<tr data-event-id="${d.event_id}">
  <td><time datetime="${d.created_at}">${shortTime(d.created_at)}</time></td>
  <td><code>${d.type}</code></td>
  <td data-role="state">${d.state}</td>
  <td data-role="attempts">${d.attempts}</td>
  <td data-role="status">${outcome}</td>
  <td class="optional">${d.last_attempt_at ? html`<time datetime="${d.last_attempt_at}">${shortTime(d.last_attempt_at)}</time>` : "—"}</td>
  <td class="optional muted">${d.last_error ?? ""}${d.next_attempt_at ? html` (next try ${shortTime(d.next_attempt_at)})` : ""}</td>
</tr>`;
}

/**
 * One key's webhook in the dashboard: its URL (register, change, remove), the secret shown once
 * after registering or rotating, and the last deliveries as getWebhook returns them.
 */
export function webhookPage(email: string, key: { id: string; name: string }, webhook: Webhook | null): Html {
  const deliveries = webhook?.deliveries ?? [];
  return layout(
    `Webhook of ${key.name}`,
    html`<header class="dash-head">
  <h1>Webhook of “${key.name}”</h1>
  <div class="who"><span class="muted">${email}</span> <a href="/dashboard">All keys</a></div>
</header>
<p class="muted">Every status change of the inquiries sent with this key (delivered, acknowledged, declined, expired) is POSTed to this URL as JSON, signed in the <code>Webhook-Signature</code> header with the secret (HMAC-SHA256 of <code>t.body</code>). Answer 2xx; anything else is retried for 24 hours.</p>
<section class="card" id="webhook" data-key-id="${key.id}" data-registered="${webhook ? "yes" : "no"}">
  <h2>URL</h2>
  <form id="webhook-form" novalidate>
    <label for="webhook-url">https:// URL</label>
    <div class="inline">
      <input id="webhook-url" name="url" type="url" required maxlength="2048" value="${webhook?.url ?? ""}" placeholder="https://agent.example.com/hooks/expert-directory" autocomplete="off">
      <button type="submit">${webhook ? "Save" : "Register"}</button>
    </div>
    <p class="error" id="webhook-error" role="alert" hidden></p>
  </form>
  <div class="new-key" id="new-secret" hidden>
    <p class="warning" id="new-secret-warning"></p>
    <code id="new-secret-value"></code>
    <p class="actions"><button type="button" class="secondary small" id="dismiss-secret">I have stored it, hide it</button></p>
  </div>
  ${
    webhook
      ? html`<p class="muted">${webhook.previous_secret_expires_at ? html`The previous secret signs too until <time datetime="${webhook.previous_secret_expires_at}">${shortTime(webhook.previous_secret_expires_at)}</time>.` : "One secret signs."}</p>
  <p class="actions"><button type="button" class="secondary small" id="rotate-secret">Rotate secret</button> <button type="button" class="danger small" id="remove-webhook">Remove webhook</button></p>`
      : ""
  }
  <p class="notice" id="webhook-status" role="status" hidden></p>
</section>
<section class="card">
  <h2>Last deliveries</h2>
  ${
    deliveries.length
      ? html`<table id="deliveries">
    <thead><tr><th>Event</th><th>Type</th><th>State</th><th>Attempts</th><th>Last answer</th><th class="optional">Last attempt</th><th class="optional">Note</th></tr></thead>
    <tbody>${deliveries.map(deliveryRow)}</tbody>
  </table>`
      : html`<p class="muted" id="no-deliveries">No events yet.</p>`
  }
</section>`,
    ["/dashboard/webhook.js"],
  );
}
