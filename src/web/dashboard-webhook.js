// The webhook page's script, served as /dashboard/webhook.js (no inline code, nothing from a CDN).
// It calls the contract's setWebhook, rotateWebhookSecret and deleteWebhook with the session
// cookie, shows a new secret once, and reloads the page for everything else.
"use strict";

async function callApi(method, path, body) {
  const init = { method, headers: { accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  try {
    const res = await fetch(path, init);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: 0, body: { detail: "The server could not be reached. Check your connection and try again." } };
  }
}

function problemText(result) {
  const body = result.body || {};
  const fields = Array.isArray(body.errors) ? body.errors.map((e) => `${e.field} ${e.message}`).join("; ") : "";
  return fields
    ? `Please check: ${fields}.`
    : body.detail || `Something went wrong (HTTP ${result.status}). Try again.`;
}

function show(el, text) {
  el.textContent = text;
  el.hidden = !text;
}

function initWebhookPage(section) {
  const path = `/api/agents/keys/${encodeURIComponent(section.dataset.keyId)}/webhook`;
  const form = document.getElementById("webhook-form");
  const error = document.getElementById("webhook-error");
  const status = document.getElementById("webhook-status");
  const secretBox = document.getElementById("new-secret");

  function showSecret(body) {
    document.getElementById("new-secret-warning").textContent = body.warning;
    document.getElementById("new-secret-value").textContent = body.secret;
    secretBox.hidden = false;
  }

  function outcome(result) {
    if (result.status === 401) window.location.assign("/dashboard/login");
    else show(error, problemText(result));
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    show(error, "");
    const url = form.elements.url.value.trim();
    if (!url) return show(error, "Enter the https:// URL that should receive the events.");
    const result = await callApi("PUT", path, { url });
    if (result.status === 201) {
      showSecret(result.body);
      show(status, "Registered. Store the secret now: it is shown only once. Reload the page to see deliveries.");
    } else if (result.status === 200) show(status, "Saved. The secret is unchanged.");
    else outcome(result);
  });

  document.getElementById("dismiss-secret").addEventListener("click", () => {
    document.getElementById("new-secret-value").textContent = "";
    secretBox.hidden = true;
    window.location.reload();
  });

  const rotate = document.getElementById("rotate-secret");
  rotate?.addEventListener("click", async () => {
    if (!window.confirm("Make a new secret? The current one keeps signing beside it for 24 hours.")) return;
    const result = await callApi("POST", `${path}/secret`);
    if (result.status === 200) showSecret(result.body);
    else outcome(result);
  });

  const remove = document.getElementById("remove-webhook");
  remove?.addEventListener("click", async () => {
    if (!window.confirm("Remove this webhook? Events not yet delivered are dropped.")) return;
    const result = await callApi("DELETE", path);
    if (result.status === 204) window.location.reload();
    else outcome(result);
  });
}

document.addEventListener("DOMContentLoaded", () => {
  const section = document.getElementById("webhook");
  if (section) initWebhookPage(section);
});
