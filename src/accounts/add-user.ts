import { HttpProblem } from "../http/problem.ts";
import { type AccountCredentials, readCredentials } from "./users.ts";

/**
 * For `users add EMAIL` (the operator's way in when SIGNUP=closed): the password arrives on stdin,
 * so it never shows in the process list or shell history. One trailing line break is not part of it.
 * Returns the checked credentials, or the same reasons the API would give, one per line.
 */
export function newAccountFromCli(
  email: string,
  stdin: string,
): { credentials: AccountCredentials } | { errors: string[] } {
  const password = stdin.replace(/\r?\n$/, "");
  try {
    return { credentials: readCredentials({ email, password }) };
  } catch (error) {
    if (!(error instanceof HttpProblem)) throw error;
    return { errors: (error.extra.errors ?? []).map((e) => `${e.field} ${e.message}`) };
  }
}
