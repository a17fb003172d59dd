import type { Sql } from "../../src/db/connect.ts";
import { generateApiKey } from "../../src/keys/api-key.ts";

let counter = 0;

export interface TestKey {
  /** The plaintext key, for `Authorization: Bearer …`. */
  key: string;
  keyId: string;
  userId: string;
  userEmail: string;
  keyName: string;
  /** `{ authorization: "Bearer …" }`, ready to spread into request headers. */
  headers: { authorization: string };
}

/**
 * A new account with one active API key, written straight into the database (no HTTP, no
 * password: the account cannot log in). Stored exactly as the key service stores keys: the
 * SHA-256 of the key and its first 12 characters.
 */
export async function createTestKey(sql: Sql, options: { email?: string; keyName?: string } = {}): Promise<TestKey> {
  const userEmail = options.email ?? `key-owner-${process.pid}-${Date.now().toString(36)}-${++counter}@example.com`;
  const keyName = options.keyName ?? `test key ${counter}`;
  const { key, keyHash, keyPrefix } = generateApiKey();
  const [user] = await sql<{ id: string }[]>`
    insert into users (email, password_hash) values (${userEmail}, ${"!no-login"}) returning id`;
  const [row] = await sql<{ id: string }[]>`
    insert into api_keys (user_id, name, key_hash, key_prefix) values (${user.id}, ${keyName}, ${keyHash}, ${keyPrefix})
    returning id`;
  return { key, keyId: row.id, userId: user.id, userEmail, keyName, headers: { authorization: `Bearer ${key}` } };
}

export async function revokeTestKey(sql: Sql, keyId: string): Promise<void> {
  await sql`update api_keys set revoked_at = now() where id = ${keyId}`;
}
