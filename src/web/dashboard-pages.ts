import type { components } from "../../generated/agents.ts";
import { type Html, html } from "../html.ts";

type ApiKey = components["schemas"]["ApiKey"];

/** "2025-05-20 10:00 UTC": the same rendering the page script uses for new rows. */
export function shortTime(iso: string | null): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : "never";
}

// Every page loads its script files; nothing inline, so a strict CSP (script-src 'self') holds.
export function layout(title: string, body: Html, scripts: string[] = ["/dashboard/app.js"]): Html {
  return html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${title} | Expert Directory</title>
<link rel="stylesheet" href="/assets/site.css">
${scripts.map((src) => html`<script src="${src}" defer></script>`)}
</head>
<body>
<main class="page narrow">
${body}
<noscript><p class="error">The dashboard needs JavaScript (served by this server, nothing from elsewhere).</p></noscript>
</main>
</body>
</html>`;
}

function credentialsForm(kind: "login" | "signup"): Html {
  const signup = kind === "signup";
  return html`<form class="card" data-auth-form="${kind}" novalidate>
  <label for="email">E-mail address</label>
  <input id="email" name="email" type="email" autocomplete="${signup ? "email" : "username"}" required maxlength="254">
  <label for="password">Password${signup ? html` <span class="muted">(at least 10 characters)</span>` : ""}</label>
  <input id="password" name="password" type="password" autocomplete="${signup ? "new-password" : "current-password"}" required minlength="${signup ? 10 : 1}" maxlength="256">
  <p class="error" data-role="error" role="alert" hidden></p>
  <p class="actions"><button type="submit">${signup ? "Create account" : "Log in"}</button></p>
</form>`;
}

export function loginPage(signupOpen: boolean): Html {
  return layout(
    "Log in",
    html`<h1>Log in</h1>
<p class="muted">Manage the API keys your agents use to send inquiries.</p>
${credentialsForm("login")}
${signupOpen ? html`<p>No account yet? <a href="/dashboard/signup">Sign up</a></p>` : ""}`,
  );
}

export function signupPage(signupOpen: boolean): Html {
  if (!signupOpen) {
    return layout(
      "Sign up",
      html`<h1>Sign up</h1>
<p class="notice">Sign-up is closed on this server. Ask its operator for an account, then <a href="/dashboard/login">log in</a>.</p>`,
    );
  }
  return layout(
    "Sign up",
    html`<h1>Create an account</h1>
<p class="muted">An account lets you create API keys for your agents.</p>
${credentialsForm("signup")}
<p>Already have an account? <a href="/dashboard/login">Log in</a></p>`,
  );
}

function keyRow(key: ApiKey): Html {
  return html`<tr data-key-id="${key.id}" data-key-name="${key.name}">
  <td class="key-name">${key.name}</td>
  <td><code>${key.key_prefix}…</code></td>
  <td class="optional"><time datetime="${key.created_at}">${shortTime(key.created_at)}</time></td>
  <td class="optional">${key.last_used_at ? html`<time datetime="${key.last_used_at}">${shortTime(key.last_used_at)}</time>` : "never"}</td>
  <td class="row-actions"><a class="small" href="/dashboard/keys/${key.id}/webhook">Webhook</a> <button type="button" class="danger small" data-action="revoke">Revoke</button></td>
</tr>`;
}

/** The "API keys" page: list, create (plaintext shown once), revoke, log out. */
export function keysPage(email: string, keys: ApiKey[], maxKeys: number): Html {
  return layout(
    "API keys",
    html`<header class="dash-head">
  <h1>API keys</h1>
  <div class="who"><span class="muted">${email}</span> <button type="button" class="secondary small" id="logout">Log out</button></div>
</header>
<p class="muted">Give a key to an agent as <code>Authorization: Bearer &lt;key&gt;</code>. It lets the agent send inquiries and raises its rate limits.</p>
<section class="card" id="create" data-max-keys="${maxKeys}">
  <h2>Create a key</h2>
  <form id="create-form" novalidate>
    <label for="key-name">Name</label>
    <div class="inline">
      <input id="key-name" name="name" required maxlength="100" placeholder="e.g. Travel assistant" autocomplete="off">
      <button type="submit">Create key</button>
    </div>
    <p class="error" id="create-error" role="alert" hidden></p>
    <p class="notice" id="limit-notice" ${keys.length >= maxKeys ? "" : html`hidden`}>You have ${maxKeys} active keys, the most an account can hold. Revoke one to create another.</p>
  </form>
  <div class="new-key" id="new-key" hidden>
    <p class="warning" id="new-key-warning"></p>
    <code id="new-key-value"></code>
    <p class="actions"><button type="button" id="copy-key">Copy key</button> <span id="copy-status" role="status"></span></p>
    <p class="actions"><button type="button" class="secondary small" id="dismiss-key">I have stored it, hide it</button></p>
  </div>
</section>
<section class="card">
  <h2>Your active keys <span class="muted" id="key-count">(${keys.length} of ${maxKeys})</span></h2>
  <p class="notice" id="list-status" role="status" hidden></p>
  <table id="keys-table" ${keys.length ? "" : html`hidden`}>
    <thead><tr><th>Name</th><th>Prefix</th><th class="optional">Created</th><th class="optional">Last used</th><th><span class="visually-hidden">Actions</span></th></tr></thead>
    <tbody>${keys.map(keyRow)}</tbody>
  </table>
  <p id="no-keys" class="muted" ${keys.length ? html`hidden` : ""}>No active keys yet.</p>
</section>`,
  );
}
