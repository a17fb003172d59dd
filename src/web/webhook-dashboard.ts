import type { User } from "../accounts/users.ts";
import type { Sql } from "../db/connect.ts";
import type { Html } from "../html.ts";
import { HttpProblem } from "../http/problem.ts";
import { getWebhook } from "../webhooks/settings.ts";
import { webhookPage } from "./webhook-page.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The webhook page of one of the user's active keys; null when the key is not theirs (a 404). */
export async function webhookDashboardPage(sql: Sql, user: User, keyId: string): Promise<Html | null> {
  if (!UUID.test(keyId)) return null;
  const [key] = await sql<{ id: string; name: string }[]>`
    select id, name from api_keys where id = ${keyId} and user_id = ${user.id} and revoked_at is null`;
  if (!key) return null;
  const webhook = await getWebhook(sql, key.id).catch((error) => {
    if (error instanceof HttpProblem && error.status === 404) return null;
    throw error;
  });
  return webhookPage(user.email, key, webhook);
}
