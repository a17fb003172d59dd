import type { components } from "../../generated/agents.ts";
import type { Sql } from "../db/connect.ts";
import { bodyValidator } from "../contract/index.ts";
import type { Passwords } from "./passwords.ts";

export type User = components["schemas"]["User"];
export type AccountCredentials = components["schemas"]["AccountCredentials"];

// Sign-up and log-in take the same AccountCredentials body.
const validateCredentials = bodyValidator("signup");

/**
 * Reads `{ email, password }` from a request body or the CLI: the e-mail address is trimmed and
 * lower-cased before it is checked, so "  Owner@Example.com " and "owner@example.com" are one
 * account. Throws the contract's 400 for anything else.
 */
export function readCredentials(body: unknown): AccountCredentials {
  if (
    body !== null &&
    typeof body === "object" &&
    !Array.isArray(body) &&
    typeof (body as { email?: unknown }).email === "string"
  ) {
    body = { ...body, email: normaliseEmail((body as { email: string }).email) };
  }
  return validateCredentials(body);
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

interface UserRow {
  id: string;
  email: string;
  created_at: Date;
}

export function toUser(row: UserRow): User {
  return { id: row.id, email: row.email, created_at: row.created_at.toISOString() };
}

/**
 * Creates an account; null when the address is already registered. The password is hashed
 * first either way, so a taken address answers no faster than a free one.
 */
export async function createUser(
  sql: Sql,
  passwords: Passwords,
  credentials: AccountCredentials,
): Promise<User | null> {
  const passwordHash = await passwords.hash(credentials.password);
  const [row] = await sql<UserRow[]>`
    insert into users (email, password_hash) values (${credentials.email}, ${passwordHash})
    on conflict (email) do nothing
    returning id, email, created_at`;
  return row ? toUser(row) : null;
}

/** The account these credentials open, or null; one argon2 verification whether or not it exists. */
export async function authenticate(
  sql: Sql,
  passwords: Passwords,
  credentials: AccountCredentials,
): Promise<User | null> {
  const [row] = await sql<(UserRow & { password_hash: string })[]>`
    select id, email, created_at, password_hash from users where email = ${credentials.email}`;
  if (!row) return (await passwords.verifyAgainstNothing(credentials.password)) || null;
  return (await passwords.verify(credentials.password, row.password_hash)) ? toUser(row) : null;
}
