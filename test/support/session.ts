import { api } from "./app.ts";

let counter = 0;

/** A new, unique e-mail address for a test account. */
export function uniqueEmail(label = "user"): string {
  return `${label}-${process.pid}-${Date.now().toString(36)}-${++counter}@example.com`;
}

export const TEST_PASSWORD = "correct horse battery staple";

/** The `name=value` part of the response's `ed_session` Set-Cookie, for the next request's Cookie header. */
export function sessionCookie(headers: Headers): string {
  const set = headers.getSetCookie().find((c) => c.startsWith("ed_session="));
  if (!set) throw new Error("the response set no ed_session cookie");
  return set.split(";")[0];
}

/** Signs a new account up over HTTP on the shared test app; returns its Cookie header and user. */
export async function signUp(
  email = uniqueEmail(),
): Promise<{ cookie: string; user: { id: string; email: string }; email: string }> {
  const res = await api("POST", "/api/auth/signup", { body: { email, password: TEST_PASSWORD } });
  if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { cookie: sessionCookie(res.headers), user: res.body, email };
}

/** Creates an API key for the session over HTTP; returns the 201 body (with the plaintext `key`). */
export async function createKey(cookie: string, name = "test key") {
  const res = await api("POST", "/api/agents/keys", { body: { name }, headers: { cookie } });
  if (res.status !== 201) throw new Error(`createApiKey answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as { id: string; key: string; key_prefix: string; name: string; warning: string; created_at: string };
}
