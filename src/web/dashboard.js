// The dashboard's only script, served as /dashboard/app.js (no inline code, nothing from a CDN).
// It talks to the same JSON API the contract documents and shows each problem's `detail`.
"use strict";

/** Calls the API with JSON; resolves to { status, body } whatever the status. */
async function callApi(method, path, body) {
  const init = { method, headers: { accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch {
    return { status: 0, body: { detail: "The server could not be reached. Check your connection and try again." } };
  }
  const text = await res.text();
  let parsed = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = { detail: text };
  }
  return { status: res.status, body: parsed };
}

function problemText(result) {
  const body = result.body || {};
  const fields = Array.isArray(body.errors) ? body.errors.map((e) => `${e.field} ${e.message}`).join("; ") : "";
  if (result.status === 400 && fields) return `Please check: ${fields}.`;
  return body.detail || `Something went wrong (HTTP ${result.status}). Try again.`;
}

function show(el, text) {
  el.textContent = text;
  el.hidden = !text;
}

function shortTime(iso) {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : "never";
}

function setBusy(button, busy) {
  button.disabled = busy;
  button.setAttribute("aria-busy", busy ? "true" : "false");
}

// Sign-up and log-in forms.
function initAuthForm(form) {
  const kind = form.dataset.authForm;
  const error = form.querySelector("[data-role=error]");
  const button = form.querySelector("button[type=submit]");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    show(error, "");
    const email = form.elements.email.value.trim();
    const password = form.elements.password.value;
    if (!email || !password) return show(error, "Enter your e-mail address and password.");
    if (kind === "signup" && password.length < 10) return show(error, "Choose a password of at least 10 characters.");
    setBusy(button, true);
    const result = await callApi("POST", `/api/auth/${kind}`, { email, password });
    setBusy(button, false);
    if (result.status === 200 || result.status === 201) {
      window.location.assign("/dashboard");
      return;
    }
    show(error, problemText(result));
  });
}

// The API keys page.
function initKeysPage() {
  const section = document.getElementById("create");
  const maxKeys = Number(section.dataset.maxKeys);
  const form = document.getElementById("create-form");
  const nameInput = document.getElementById("key-name");
  const createButton = form.querySelector("button[type=submit]");
  const createError = document.getElementById("create-error");
  const limitNotice = document.getElementById("limit-notice");
  const newKey = document.getElementById("new-key");
  const newKeyValue = document.getElementById("new-key-value");
  const copyStatus = document.getElementById("copy-status");
  const table = document.getElementById("keys-table");
  const tbody = table.querySelector("tbody");
  const noKeys = document.getElementById("no-keys");
  const count = document.getElementById("key-count");
  const listStatus = document.getElementById("list-status");

  function refreshCount() {
    const n = tbody.rows.length;
    count.textContent = `(${n} of ${maxKeys})`;
    table.hidden = n === 0;
    noKeys.hidden = n !== 0;
    limitNotice.hidden = n < maxKeys;
  }

  function toLogin() {
    window.location.assign("/dashboard/login");
  }

  function addRow(key) {
    const row = tbody.insertRow(0);
    row.dataset.keyId = key.id;
    row.dataset.keyName = key.name;
    const cells = [key.name, null, shortTime(key.created_at), "never", null].map(() => row.insertCell());
    cells[0].className = "key-name";
    cells[0].textContent = key.name;
    const prefix = document.createElement("code");
    prefix.textContent = `${key.key_prefix}…`;
    cells[1].append(prefix);
    cells[2].className = "optional";
    cells[2].textContent = shortTime(key.created_at);
    cells[3].className = "optional";
    cells[3].textContent = "never";
    cells[4].className = "row-actions";
    const webhook = document.createElement("a");
    webhook.className = "small";
    webhook.href = `/dashboard/keys/${encodeURIComponent(key.id)}/webhook`;
    webhook.textContent = "Webhook";
    cells[4].append(webhook, " ");
    const revoke = document.createElement("button");
    revoke.type = "button";
    revoke.className = "danger small";
    revoke.dataset.action = "revoke";
    revoke.textContent = "Revoke";
    cells[4].append(revoke);
  }

  function hideNewKey() {
    newKeyValue.textContent = "";
    show(copyStatus, "");
    newKey.hidden = true;
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    show(createError, "");
    show(listStatus, "");
    const name = nameInput.value.trim();
    if (!name) return show(createError, "Give the key a name, such as the agent that will use it.");
    if (name.length > 100) return show(createError, "The name can be at most 100 characters.");
    setBusy(createButton, true);
    const result = await callApi("POST", "/api/agents/keys", { name });
    setBusy(createButton, false);
    if (result.status === 401) return toLogin();
    if (result.status !== 201) {
      if (result.status === 409) limitNotice.hidden = true; // the error says the same; once is enough
      return show(createError, problemText(result));
    }
    const created = result.body;
    document.getElementById("new-key-warning").textContent = created.warning;
    newKeyValue.textContent = created.key;
    show(copyStatus, "");
    newKey.hidden = false;
    nameInput.value = "";
    addRow(created);
    refreshCount();
  });

  document.getElementById("copy-key").addEventListener("click", async () => {
    const key = newKeyValue.textContent;
    try {
      await navigator.clipboard.writeText(key);
      show(copyStatus, "Copied to the clipboard.");
    } catch {
      // No clipboard permission (an old browser, an insecure origin): select the text instead.
      const range = document.createRange();
      range.selectNodeContents(newKeyValue);
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      const copied = document.execCommand?.("copy");
      show(
        copyStatus,
        copied ? "Copied to the clipboard." : "Could not copy automatically: the key is selected, press Ctrl+C (⌘C).",
      );
    }
  });

  document.getElementById("dismiss-key").addEventListener("click", hideNewKey);

  tbody.addEventListener("click", async (event) => {
    const button = event.target.closest("button[data-action=revoke]");
    if (!button) return;
    const row = button.closest("tr");
    const name = row.dataset.keyName;
    if (
      !window.confirm(
        `Revoke the key "${name}"? Agents using it get 401 from their next request. This cannot be undone.`,
      )
    )
      return;
    show(listStatus, "");
    setBusy(button, true);
    const result = await callApi("DELETE", `/api/agents/keys/${encodeURIComponent(row.dataset.keyId)}`);
    setBusy(button, false);
    if (result.status === 401) return toLogin();
    if (result.status === 200 || result.status === 409) {
      row.remove();
      refreshCount();
      show(listStatus, result.status === 200 ? `Key "${name}" revoked.` : problemText(result));
      return;
    }
    show(listStatus, problemText(result));
  });

  document.getElementById("logout").addEventListener("click", async () => {
    await callApi("POST", "/api/auth/logout");
    toLogin();
  });

  refreshCount();
}

document.addEventListener("DOMContentLoaded", () => {
  for (const form of document.querySelectorAll("form[data-auth-form]")) initAuthForm(form);
  if (document.getElementById("create-form")) initKeysPage();
});
